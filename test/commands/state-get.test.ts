import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { entryYaml, state, STATE, stateCodes, stateFile, stateRepo } from '../helpers/state.js';

describe('state get', () => {
  it('shows one entry with its derived fields; a shorthand ID names the one document ending in it', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', { impl_state: 'Done' }),
        entryYaml('WRK-ADR-002', { impl_state: 'Not Started', priority: 'P0', blocked_by: ['WRK-ADR-001'], next_action: 'Write it' }),
      ),
    });
    const r = await state(root, 'get', 'adr-002');
    expect(r.exitCode).toBe(0);
    expect(r.json!.data).toEqual({
      document_id: 'WRK-ADR-002',
      impl_state: 'Not Started',
      updated: '2026-01-01T00:00:00+00:00',
      updated_by: 'agent-one',
      priority: 'P0',
      depends_on: [],
      blocked_by: ['WRK-ADR-001'],
      next_action: 'Write it',
      ready: true,
      open_blockers: [],
      unblocks: [],
    });
    expect((await state(root, 'get', 'WRK-ADR-001')).json!.data).toMatchObject({ priority: 'P2', unblocks: ['WRK-ADR-002'] });
    const text = await docket(['state', 'get', 'WRK-ADR-002', '--root', root]);
    expect(text.stdout).toContain('WRK-ADR-002  Not Started  P0  ready');
    expect(text.stdout).toContain('next_action  Write it');
  });

  it('an entry with an invalid priority is STATE_INVALID_PRIORITY (and left out of list); no entry, or no file, is STATE_NOT_FOUND', async () => {
    const root = stateRepo({ [STATE]: stateFile(entryYaml('WRK-ADR-001', { impl_state: 'Done', priority: 'P9' })) });
    const bad = await state(root, 'get', 'WRK-ADR-001');
    expect([bad.exitCode, bad.json!.error.code]).toEqual([65, 'STATE_INVALID_PRIORITY']);
    expect(stateCodes(bad.json!.warnings)).toEqual(['STATE_INVALID_PRIORITY']);
    const list = await state(root, 'list');
    expect([list.json!.data.entries, list.json!.data.summary.total]).toEqual([[], 0]);
    const none = await state(root, 'get', 'WRK-ADR-002');
    expect([none.exitCode, none.json!.error.code]).toEqual([66, 'STATE_NOT_FOUND']);
    const fresh = stateRepo();
    const noFile = await state(fresh, 'get', 'WRK-ADR-002');
    expect([noFile.exitCode, noFile.json!.error.code, noFile.json!.error.details.path]).toEqual([66, 'STATE_NOT_FOUND', STATE]);
  });

  it('an unknown shorthand gets the prefix of a single-namespace repository; an ambiguous one is refused', async () => {
    const root = stateRepo({
      'docs/45-adr/adr-007-x.md':
        '---\ndocument_id: OTHER-ADR-002\ntype: ADR\ntitle: X\nstatus: Draft\nversion: "0.1"\nlast_updated: 2026-01-10\nowner: T\ndocops_version: "2.0"\n---\n\n# X\n',
    });
    const ambiguous = await state(root, 'get', 'ADR-002');
    expect([ambiguous.exitCode, ambiguous.json!.error.code, ambiguous.json!.error.details.candidates]).toEqual([
      64,
      'STATE_AMBIGUOUS_ID',
      ['OTHER-ADR-002', 'WRK-ADR-002'],
    ]);
    const guessed = await state(root, 'get', 'PRD-009');
    expect(guessed.json!.error.details.document_id).toBe('WRK-PRD-009');
  });
});
