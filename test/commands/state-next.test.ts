import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { entryYaml, state, STATE, stateFile, stateRepo } from '../helpers/state.js';

describe('state next', () => {
  it('picks by priority, then unblocks, then age, then ID, among ready entries of the assignee asked for', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', { impl_state: 'Not Started', priority: 'P1', updated: "'2026-01-03T00:00:00+00:00'" }),
        entryYaml('WRK-ADR-002', { impl_state: 'Not Started', priority: 'P1', updated: "'2026-01-02T00:00:00+00:00'", assignee: 'al' }),
        entryYaml('WRK-ADR-003', { impl_state: 'Not Started', priority: 'P1', depends_on: ['WRK-ADR-001'] }),
        entryYaml('WRK-ADR-004', { impl_state: 'Not Started', priority: 'P3', assignee: 'al' }),
        entryYaml('WRK-ADR-005', { impl_state: 'In Progress', priority: 'P0' }),
      ),
    });
    // ADR-001 unblocks ADR-003: it beats the older ADR-002 of the same priority.
    const next = await state(root, 'next');
    expect(next.json!.data).toMatchObject({
      entry: { document_id: 'WRK-ADR-001', unblocks: ['WRK-ADR-003'] },
      selection: { candidates_considered: 3, filter: {} },
      reason: null,
    });
    expect((await state(root, 'next', '--assignee', 'al')).json!.data.entry.document_id).toBe('WRK-ADR-002');
    expect((await state(root, 'next', '--assignee', 'al', '--priority-at-least', 'p2')).json!.data).toMatchObject({
      entry: { document_id: 'WRK-ADR-002' },
      selection: { candidates_considered: 1, filter: { assignee: 'al', priority_at_least: 'P2' } },
    });
    const bad = await state(root, 'next', '--priority-at-least', 'urgent');
    expect([bad.exitCode, bad.json!.error.code]).toEqual([64, 'INVALID_FLAG_VALUE']);
    const text = await docket(['state', 'next', '--root', root]);
    expect(text.stdout.split('\n')[0]).toBe('WRK-ADR-001  Not Started  P1  ready');
  });

  it('says why nothing was picked: queue_empty, or state_missing without a file', async () => {
    expect((await state(stateRepo(), 'next')).json!.data.reason).toBe('state_missing');
    const blocked = stateRepo({ [STATE]: stateFile(entryYaml('WRK-ADR-001', { impl_state: 'Not Started', depends_on: ['WRK-ADR-009'] })) });
    const r = await state(blocked, 'next');
    expect(r.json!.data).toMatchObject({ entry: null, reason: 'queue_empty', selection: { candidates_considered: 0 } });
    expect(r.json!.advice.find((a: any) => a.code === 'NEXT_STATE_SET').command).toBe(`docket state blockers --root ${blocked}`);
  });
});
