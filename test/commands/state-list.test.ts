import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { entryYaml, state, STATE, stateCodes, stateFile, stateRepo } from '../helpers/state.js';

describe('state list', () => {
  it('filters (every filter must hold, a repeated one matches any value) and summarises the returned entries', async () => {
    const root = stateRepo({
      'docops.config.yaml':
        'project_name: Queue\nrepo_prefix: WRK\ndocops_version: "2.0"\ndocs_root: docs\nvalid_impl_states: [Not Started, In Progress, Blocked, QA Required, Done, Parked]\n',
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', { impl_state: 'In Progress', assignee: 'al', priority: 'P0' }),
        entryYaml('WRK-ADR-002', { impl_state: 'Not Started', depends_on: ['WRK-ADR-001'] }),
        entryYaml('WRK-ADR-003', { impl_state: 'Not Started', assignee: 'bo', priority: 'P3' }),
        entryYaml('WRK-ADR-004', { impl_state: 'parked' }),
        entryYaml('WRK-ADR-005', { impl_state: 'Done', depends_on: ['WRK-ADR-001'] }),
      ),
    });
    const all = await state(root, 'list');
    expect(all.json!.data.summary).toEqual({ total: 5, returned: 5, ready: 1, blocked: 2 });
    expect(all.json!.data.valid_impl_states).toEqual(['Not Started', 'In Progress', 'Blocked', 'QA Required', 'Done', 'Parked']);
    expect(all.json!.data.valid_doc_statuses).toEqual(['Approved', 'Draft', 'In Review', 'Superseded']);
    expect(all.json!.data.entries.find((e: any) => e.document_id === 'WRK-ADR-004').impl_state).toBe('Parked');
    // Done while its dependency is not: advice, as the reference has it.
    expect(all.json!.advice.map((a: any) => a.code)).toContain('STATE_DEPENDENCY_STATUS_CONFLICT');
    expect(stateCodes(all.json!.warnings)).toEqual([]);
    const ids = async (...args: string[]) => (await state(root, 'list', ...args)).json!.data.entries.map((e: any) => e.document_id);
    expect(await ids('--no-ready')).toEqual(['WRK-ADR-001', 'WRK-ADR-002', 'WRK-ADR-004', 'WRK-ADR-005']);
    expect(await ids('--no-blocked', '--priority', 'P2', '--priority', 'P3')).toEqual(['WRK-ADR-003', 'WRK-ADR-004']);
    expect(await ids('--assignee', 'al', '--assignee', 'bo')).toEqual(['WRK-ADR-001', 'WRK-ADR-003']);
    expect(await ids('--impl-state', 'not started', '--blocked')).toEqual(['WRK-ADR-002']);
    const bad = await state(root, 'list', '--priority', 'high');
    expect([bad.exitCode, bad.json!.error.code, bad.json!.error.details.allowed]).toEqual([
      64,
      'INVALID_FLAG_VALUE',
      ['P0', 'P1', 'P2', 'P3'],
    ]);
    const text = await docket(['state', 'list', '--root', root]);
    expect(text.stdout).toContain('5 of 5 entries; 1 ready, 2 blocked.');
  });

  it('no state file: no entries and a zero summary', async () => {
    const r = await state(stateRepo(), 'list');
    expect(r.json!.data).toMatchObject({ entries: [], summary: { total: 0, returned: 0, ready: 0, blocked: 0 } });
  });
});

describe('doctor checks the state file', () => {
  it('reports what state set would refuse as errors, the rest as warnings, and a malformed file as an error', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-002', { impl_state: 'Not Started', depends_on: ['WRK-ADR-001'] }),
        entryYaml('WRK-ADR-001', { impl_state: 'Someday', depends_on: ['WRK-ADR-002'] }),
        entryYaml('WRK-ZZZ-001', { impl_state: 'Done' }),
      ),
    });
    const doctor = await docket(['doctor', '--root', root, '--json']);
    expect(doctor.exitCode).toBe(1);
    const state = doctor.json!.data.checks.find((c: any) => c.name === 'state');
    expect(state.status).toBe('error');
    // (These repositories have no metadata schema: doctor's other checks report that.)
    const own = (items: any[]) => items.map((i) => i.code).filter((c: string) => c.startsWith('STATE_'));
    expect(own(doctor.json!.violations)).toEqual(['STATE_DEPENDENCY_CYCLE']);
    expect(own(doctor.json!.warnings).sort()).toEqual(['STATE_UNKNOWN_DOC_ID', 'STATE_UNKNOWN_IMPL_STATE', 'STATE_UNSORTED_KEYS']);
    const broken = stateRepo({ [STATE]: 'documents: [\n' });
    const malformed = await docket(['doctor', '--root', broken, '--json']);
    expect(malformed.json!.violations.filter((v: any) => v.code.startsWith('STATE_')).map((v: any) => [v.code, v.path])).toEqual([
      ['STATE_YAML_MALFORMED', STATE],
    ]);
    const none = await docket(['doctor', '--root', stateRepo(), '--json']);
    expect(none.json!.data.checks.find((c: any) => c.name === 'state')).toEqual({
      name: 'state',
      status: 'ok',
      message: `No ${STATE}: no work queue to check.`,
    });
  });
});
