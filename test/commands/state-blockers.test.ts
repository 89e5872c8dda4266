import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { entryYaml, state, STATE, stateCodes, stateFile, stateRepo } from '../helpers/state.js';

describe('state blockers', () => {
  it('lists what waits for what: a blocker without an entry is known when a document has its ID', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', {
          impl_state: 'Blocked',
          assignee: 'al',
          depends_on: ['WRK-ADR-002', 'WRK-ADR-004'],
          blocked_by: ['WRK-TASK-001'],
        }),
        entryYaml('WRK-ADR-002', { impl_state: 'QA Required', priority: 'P0' }),
        entryYaml('WRK-ADR-003', { impl_state: 'Not Started', depends_on: ['WRK-ADR-002'] }),
      ),
    });
    const r = await state(root, 'blockers');
    expect(r.json!.data).toEqual({
      blocked: [
        {
          document_id: 'WRK-ADR-001',
          impl_state: 'Blocked',
          priority: 'P2',
          assignee: 'al',
          open_blockers: [
            { id: 'WRK-ADR-002', impl_state: 'QA Required', known: true },
            { id: 'WRK-ADR-004', impl_state: null, known: true },
            { id: 'WRK-TASK-001', impl_state: null, known: false },
          ],
        },
        {
          document_id: 'WRK-ADR-003',
          impl_state: 'Not Started',
          priority: 'P2',
          assignee: null,
          open_blockers: [{ id: 'WRK-ADR-002', impl_state: 'QA Required', known: true }],
        },
      ],
      summary: { total_entries: 3, blocked: 2, ready: 0 },
    });
    expect(stateCodes(r.json!.warnings)).toEqual(['STATE_UNDEFINED_DEPENDENCY']);
    expect((await state(root, 'blockers', '--assignee', 'al')).json!.data.blocked.map((b: any) => b.document_id)).toEqual(['WRK-ADR-001']);
    const text = await docket(['state', 'blockers', '--root', root]);
    expect(text.stdout).toContain(
      'WRK-ADR-001  Blocked  waits for WRK-ADR-002 (QA Required), WRK-ADR-004 (no state), WRK-TASK-001 (unknown)',
    );
  });
});
