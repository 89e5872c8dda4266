import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyFixture, writeTree } from '../helpers/fixtures.js';
import { state, STATE, stateCodes, stateRepo } from '../helpers/state.js';

const repo = () => stateRepo();
const codes = stateCodes;

describe('state set, then get, list, next and blockers', () => {
  it("follows the reference: shorthand IDs, derived fields, next's order and its ties, blockers", async () => {
    const root = repo();
    const none = await state(root, 'next');
    expect(none.json!.data).toEqual({
      entry: null,
      selection: { rule: 'priority > unblocks > updated > document_id', candidates_considered: 0, filter: {} },
      reason: 'state_missing',
    });
    const missing = await state(root, 'get', 'WRK-ADR-001');
    expect([missing.exitCode, missing.json!.error.code]).toEqual([66, 'STATE_NOT_FOUND']);

    const first = await state(root, 'set', 'adr-001', '--priority', 'P1', '--impl-state', 'not_started');
    expect(first.exitCode).toBe(0);
    expect(first.json!.data).toMatchObject({
      action: 'set',
      document_id: 'WRK-ADR-001',
      dry_run: false,
      changed: true,
      written: true,
      path: STATE,
    });
    expect(first.json!.data.entry).toEqual({
      document_id: 'WRK-ADR-001',
      impl_state: 'Not Started',
      updated: '2026-01-31T12:00:00.000000+00:00',
      updated_by: 'agent-one',
      priority: 'P1',
      depends_on: [],
      blocked_by: [],
      ready: true,
      open_blockers: [],
      unblocks: [],
    });
    await state(root, 'set', 'WRK-ADR-002', '--impl-state', 'Not Started');
    await state(root, 'set', 'WRK-ADR-003', '--priority', 'p1', '--depends-on', 'WRK-ADR-001', '--assignee', 'bo');
    await state(root, 'set', 'WRK-ADR-004', '--priority', 'P1', '--next-action', 'Draft the options');
    await state(root, 'set', 'WRK-ADR-005', '--priority', 'P1');

    // P1 entries tie on priority; ADR-001 unblocks ADR-003, so it goes first.
    const next = await state(root, 'next');
    expect(next.json!.data.entry.document_id).toBe('WRK-ADR-001');
    expect(next.json!.data.selection.candidates_considered).toBe(4);
    expect(next.json!.data.reason).toBeNull();
    expect(next.json!.advice.find((a: any) => a.code === 'NEXT_STATE_SET')).toMatchObject({
      code: 'NEXT_STATE_SET',
      command: `docket state set WRK-ADR-001 --impl-state "In Progress" --root ${root}`,
    });

    await state(root, 'set', 'WRK-ADR-001', '--impl-state', 'in progress', '--assignee', 'al');
    // ADR-004 and ADR-005: same priority, unblock nothing, same `updated`: the ID decides.
    expect((await state(root, 'next')).json!.data.entry.document_id).toBe('WRK-ADR-004');
    expect((await state(root, 'next', '--priority-at-least', 'P0')).json!.data).toMatchObject({
      entry: null,
      reason: 'queue_empty',
      selection: { filter: { priority_at_least: 'P0' } },
    });
    expect((await state(root, 'next', '--assignee', 'bo')).json!.data.entry).toBeNull();

    const get = await state(root, 'get', 'ADR-003');
    expect(get.json!.data).toMatchObject({
      document_id: 'WRK-ADR-003',
      priority: 'P1',
      depends_on: ['WRK-ADR-001'],
      ready: false,
      open_blockers: ['WRK-ADR-001'],
      assignee: 'bo',
    });
    expect((await state(root, 'get', 'WRK-ADR-001')).json!.data.unblocks).toEqual(['WRK-ADR-003']);

    const blockers = await state(root, 'blockers');
    expect(blockers.json!.data).toEqual({
      blocked: [
        {
          document_id: 'WRK-ADR-003',
          impl_state: 'Not Started',
          priority: 'P1',
          assignee: 'bo',
          open_blockers: [{ id: 'WRK-ADR-001', impl_state: 'In Progress', known: true }],
        },
      ],
      summary: { total_entries: 5, blocked: 1, ready: 3 },
    });

    const list = await state(root, 'list');
    expect(list.json!.data.entries.map((e: any) => e.document_id)).toEqual([
      'WRK-ADR-001',
      'WRK-ADR-002',
      'WRK-ADR-003',
      'WRK-ADR-004',
      'WRK-ADR-005',
    ]);
    expect(list.json!.data.summary).toEqual({ total: 5, returned: 5, ready: 3, blocked: 1 });
    expect(list.json!.data.valid_impl_states).toEqual(['Not Started', 'In Progress', 'Blocked', 'QA Required', 'Done']);
    expect((await state(root, 'list', '--ready', '--priority', 'P1')).json!.data.entries.map((e: any) => e.document_id)).toEqual([
      'WRK-ADR-004',
      'WRK-ADR-005',
    ]);
    expect((await state(root, 'list', '--blocked')).json!.data.summary).toEqual({ total: 5, returned: 1, ready: 0, blocked: 1 });
    expect(
      (await state(root, 'list', '--impl-state', 'IN_PROGRESS', '--assignee', 'al')).json!.data.entries.map((e: any) => e.document_id),
    ).toEqual(['WRK-ADR-001']);
    const conflict = await state(root, 'list', '--ready', '--blocked');
    expect([conflict.exitCode, conflict.json!.error.code]).toEqual([64, 'FLAG_CONFLICT']);
    const badState = await state(root, 'list', '--impl-state', 'Started');
    expect([badState.exitCode, badState.json!.error.code]).toEqual([64, 'INVALID_FLAG_VALUE']);

    // Finishing ADR-001 frees ADR-003, which unblocks nothing and is P1 like ADR-004 and ADR-005: the ID decides again.
    await state(root, 'set', 'WRK-ADR-001', '--impl-state', 'Done');
    expect((await state(root, 'get', 'WRK-ADR-003')).json!.data).toMatchObject({ ready: true, open_blockers: [] });
    expect((await state(root, 'next')).json!.data.entry.document_id).toBe('WRK-ADR-003');

    expect(readFileSync(path.join(root, STATE), 'utf8')).toBe(
      [
        "state_schema_version: '2.0'",
        'documents:',
        '  WRK-ADR-001:',
        '    impl_state: Done',
        "    updated: '2026-01-31T12:00:00.000000+00:00'",
        '    updated_by: agent-one',
        '    priority: P1',
        '    assignee: al',
        '  WRK-ADR-002:',
        '    impl_state: Not Started',
        "    updated: '2026-01-31T12:00:00.000000+00:00'",
        '    updated_by: agent-one',
        '  WRK-ADR-003:',
        '    impl_state: Not Started',
        "    updated: '2026-01-31T12:00:00.000000+00:00'",
        '    updated_by: agent-one',
        '    priority: P1',
        '    depends_on:',
        '    - WRK-ADR-001',
        '    assignee: bo',
        '  WRK-ADR-004:',
        '    impl_state: Not Started',
        "    updated: '2026-01-31T12:00:00.000000+00:00'",
        '    updated_by: agent-one',
        '    priority: P1',
        '    next_action: Draft the options',
        '  WRK-ADR-005:',
        '    impl_state: Not Started',
        "    updated: '2026-01-31T12:00:00.000000+00:00'",
        '    updated_by: agent-one',
        '    priority: P1',
        '',
      ].join('\n'),
    );
  });

  it("orders by age when priority and unblocks tie, and reads a file in the Python DocOps CLI's layout unchanged", async () => {
    const root = repo();
    const text = [
      'state_schema_version: "2.0"',
      'documents:',
      '  WRK-ADR-002:',
      '    impl_state: not started',
      "    updated: '2026-03-01T09:00:00+01:00'",
      '    updated_by: agent-one',
      '  WRK-ADR-001:',
      '    impl_state: Not Started',
      '    updated: 2026-03-01T08:30:00.123456+00:00',
      '    updated_by: agent-two',
      '    depends_on:',
      '      - WRK-ADR-003',
      '  WRK-ADR-003:',
      '    impl_state: Done',
      "    updated: '2026-02-01T00:00:00Z'",
      '    updated_by: agent-two',
      '',
    ].join('\n');
    writeTree(root, { [STATE]: text });
    const next = await state(root, 'next');
    // ADR-002 was updated at 08:00 UTC, ADR-001 at 08:30.
    expect(next.json!.data.entry).toMatchObject({
      document_id: 'WRK-ADR-002',
      impl_state: 'Not Started',
      updated: '2026-03-01T08:00:00+00:00',
    });
    expect(next.json!.data.selection.candidates_considered).toBe(2);
    expect(codes(next.json!.warnings)).toEqual(['STATE_UNSORTED_KEYS']);
    expect((await state(root, 'get', 'WRK-ADR-001')).json!.data).toMatchObject({
      updated: '2026-03-01T08:30:00.123456+00:00',
      ready: true,
      depends_on: ['WRK-ADR-003'],
    });
    expect(readFileSync(path.join(root, STATE), 'utf8')).toBe(text);
    // The next write sorts the file.
    await state(root, 'set', 'WRK-ADR-003', '--notes', 'shipped');
    expect(readFileSync(path.join(root, STATE), 'utf8').match(/^ {2}\S+:$/gm)).toEqual([
      '  WRK-ADR-001:',
      '  WRK-ADR-002:',
      '  WRK-ADR-003:',
    ]);
    expect(codes((await state(root, 'list')).json!.warnings)).toEqual([]);
  });

  it('refuses cycles on write and reports them on read, where no entry in a cycle is ready', async () => {
    const root = repo();
    await state(root, 'set', 'WRK-ADR-001', '--impl-state', 'Not Started', '--depends-on', 'WRK-ADR-002');
    await state(root, 'set', 'WRK-ADR-002', '--impl-state', 'Not Started', '--blocked-by', 'WRK-ADR-003');
    const before = readFileSync(path.join(root, STATE), 'utf8');
    const cycle = await state(root, 'set', 'WRK-ADR-003', '--add-depends-on', 'WRK-ADR-001');
    expect([cycle.exitCode, cycle.json!.error.code]).toEqual([65, 'STATE_DEPENDENCY_CYCLE']);
    expect(cycle.json!.error.details.cycle).toEqual(['WRK-ADR-001', 'WRK-ADR-002', 'WRK-ADR-003', 'WRK-ADR-001']);
    expect(readFileSync(path.join(root, STATE), 'utf8')).toBe(before);

    // A cycle written by hand: reads warn, and nothing in it is ready.
    writeFileSync(
      path.join(root, STATE),
      `${before}  WRK-ADR-003:\n    impl_state: Not Started\n    updated: '2026-01-31T12:00:00+00:00'\n    updated_by: hand\n    depends_on:\n    - WRK-ADR-001\n`,
    );
    const list = await state(root, 'list');
    expect(list.exitCode).toBe(0);
    expect(list.json!.warnings.filter((w: any) => w.code === 'STATE_DEPENDENCY_CYCLE').map((w: any) => w.message)).toEqual([
      'Dependency cycle: WRK-ADR-001 -> WRK-ADR-002 -> WRK-ADR-003 -> WRK-ADR-001.',
    ]);
    expect(list.json!.data.summary).toEqual({ total: 3, returned: 3, ready: 0, blocked: 3 });
    expect((await state(root, 'next')).json!.data).toMatchObject({ entry: null, reason: 'queue_empty' });
    expect(
      (await state(root, 'blockers')).json!.data.blocked.map((b: any) => [b.document_id, b.open_blockers.map((o: any) => o.id)]),
    ).toEqual([
      ['WRK-ADR-001', ['WRK-ADR-002']],
      ['WRK-ADR-002', ['WRK-ADR-003']],
      ['WRK-ADR-003', ['WRK-ADR-001']],
    ]);
  });

  it("validates flags and values with the reference's codes, and writes nothing", async () => {
    const root = repo();
    const cases: [string[], number, string][] = [
      [['WRK-ADR-001'], 64, 'STATE_NO_MUTATION_PROVIDED'],
      [['WRK-ADR-001', '--clear', '--notes', 'x'], 64, 'STATE_CLEAR_MUTATION_CONFLICT'],
      [['WRK-ADR-001', '--depends-on', 'WRK-ADR-002', '--remove-depends-on', 'WRK-ADR-003'], 64, 'STATE_MIXED_MUTATION_MODE'],
      [['WRK-ADR-001', '--blocked-by', 'WRK-ADR-002', '--clear-blocked-by'], 64, 'STATE_MIXED_MUTATION_MODE'],
      [['WRK-ADR-001', '--impl-state', 'Finished'], 64, 'INVALID_FLAG_VALUE'],
      [['WRK-ADR-001', '--actor', 'two words', '--notes', 'x'], 64, 'INVALID_FLAG_VALUE'],
      [['WRK-ADR-001', '--priority', 'P7'], 65, 'STATE_INVALID_PRIORITY'],
      [['WRK-ADR-001', '--depends-on', 'WRK-ADR-001'], 65, 'STATE_SELF_DEPENDENCY'],
      [['WRK-ADR-001', '--add-blocked-by', 'adr two'], 65, 'STATE_INVALID_DEPENDENCY_ID'],
      [['WRK-ADR-001', '--assignee', 'x'.repeat(121)], 65, 'STATE_FIELD_TOO_LONG'],
      [['WRK-ADR-001', '--next-action', 'one\ntwo'], 65, 'STATE_FIELD_INVALID_FORMAT'],
      [['WRK-ADR-001', '--next-action', 'x'.repeat(501)], 65, 'STATE_FIELD_TOO_LONG'],
    ];
    for (const [args, exit, code] of cases) {
      const r = await state(root, 'set', ...args);
      expect([r.exitCode, r.json!.error?.code], args.join(' ')).toEqual([exit, code]);
    }
    const mixed = await state(root, 'set', 'WRK-ADR-001', '--depends-on', 'WRK-ADR-002', '--add-depends-on', 'WRK-ADR-003');
    expect(mixed.json!.error.details).toEqual({ field: 'depends_on', conflicting_flags: ['--depends-on', '--add-depends-on'] });
    expect(() => readFileSync(path.join(root, STATE))).toThrow();
  });

  it('--dry-run shows the entry without writing; the same values again change nothing; --clear removes the entry; notes are cut to 500', async () => {
    const root = repo();
    const dry = await state(root, 'set', 'WRK-SPEC-001', '--impl-state', 'Blocked', '--dry-run');
    expect(dry.json!.data).toMatchObject({
      dry_run: true,
      changed: true,
      written: false,
      entry: { document_id: 'WRK-SPEC-001', impl_state: 'Blocked' },
    });
    expect(() => readFileSync(path.join(root, STATE))).toThrow();
    const notes = await state(root, 'set', 'WRK-SPEC-001', '--notes', 'n'.repeat(600), '--add-depends-on', 'WRK-ADR-009');
    expect(notes.json!.data.entry.notes).toHaveLength(500);
    expect(codes(notes.json!.warnings).sort()).toEqual(['STATE_NOTES_TRUNCATED', 'STATE_UNDEFINED_DEPENDENCY']);
    const again = await state(root, 'set', 'WRK-SPEC-001', '--notes', 'n'.repeat(500));
    expect(again.json!.data).toMatchObject({ changed: false, written: false });
    const cleared = await state(root, 'set', 'WRK-SPEC-001', '--clear');
    expect(cleared.json!.data).toMatchObject({ action: 'clear', changed: true, written: true, entry: null });
    expect(readFileSync(path.join(root, STATE), 'utf8')).toBe("state_schema_version: '2.0'\ndocuments: {}\n");
    const unknown = await state(root, 'set', 'WRK-TASK-001', '--impl-state', 'Done');
    expect(codes(unknown.json!.warnings)).toEqual(['STATE_UNKNOWN_DOC_ID']);
  });

  it('--depends-on and --blocked-by take the shorthand `set ID` takes; ambiguous or unguessable ones are refused with its codes', async () => {
    const root = repo();
    const set = await state(root, 'set', 'adr-003', '--depends-on', 'ADR-001,adr-002', '--add-blocked-by', 'spec-001', '--dry-run');
    expect(set.json!.data.entry).toMatchObject({
      document_id: 'WRK-ADR-003',
      depends_on: ['WRK-ADR-001', 'WRK-ADR-002'],
      blocked_by: ['WRK-SPEC-001'],
    });
    await state(root, 'set', 'WRK-ADR-003', '--add-depends-on', 'ADR-001', '--add-depends-on', 'ADR-002');
    const removed = await state(root, 'set', 'WRK-ADR-003', '--remove-depends-on', 'adr-001');
    expect(removed.json!.data.entry.depends_on).toEqual(['WRK-ADR-002']);
    // No document ends in it: the one namespace's prefix goes in front, as for the ID.
    expect((await state(root, 'set', 'WRK-ADR-004', '--blocked-by', 'PRD-009', '--dry-run')).json!.data.entry.blocked_by).toEqual([
      'WRK-PRD-009',
    ]);
    writeTree(root, {
      'docs/45-adr/adr-007-x.md':
        '---\ndocument_id: OTHER-ADR-002\ntype: ADR\ntitle: X\nstatus: Draft\nversion: "0.1"\nlast_updated: 2026-01-10\nowner: T\ndocops_version: "2.0"\n---\n\n# X\n',
    });
    const before = readFileSync(path.join(root, STATE), 'utf8');
    for (const flag of ['--depends-on', '--add-blocked-by', '--remove-depends-on']) {
      const ambiguous = await state(root, 'set', 'WRK-ADR-003', flag, 'ADR-002');
      expect([ambiguous.exitCode, ambiguous.json!.error.code, ambiguous.json!.error.details.candidates], flag).toEqual([
        64,
        'STATE_AMBIGUOUS_ID',
        ['OTHER-ADR-002', 'WRK-ADR-002'],
      ]);
    }
    expect(readFileSync(path.join(root, STATE), 'utf8')).toBe(before);
  });

  it('upgrades a legacy file on the next write; refuses malformed files in every command', async () => {
    const root = repo();
    writeTree(root, {
      [STATE]: "documents:\n  WRK-ADR-001:\n    impl_state: Done\n    updated: '2026-01-01T00:00:00+00:00'\n    updated_by: old\n",
    });
    expect((await state(root, 'get', 'WRK-ADR-001')).json!.data.impl_state).toBe('Done');
    await state(root, 'set', 'WRK-ADR-002', '--impl-state', 'Not Started');
    expect(readFileSync(path.join(root, STATE), 'utf8')).toMatch(/^state_schema_version: '2\.0'\ndocuments:\n {2}WRK-ADR-001:\n/);

    writeTree(root, {
      [STATE]:
        "state_schema_version: '2.0'\ndocuments:\n  WRK-ADR-001:\n    impl_state: Done\n    updated: '2026-01-01'\n    updated_by: old\n    colour: red\n",
    });
    for (const args of [['list'], ['next'], ['blockers'], ['get', 'WRK-ADR-001'], ['set', 'WRK-ADR-001', '--notes', 'x']]) {
      const r = await state(root, ...args);
      expect([r.exitCode, r.json!.error.code], args.join(' ')).toEqual([65, 'STATE_SCHEMA_VIOLATION']);
      expect(r.json!.error.details.violations).toHaveLength(2);
    }
    writeTree(root, { [STATE]: 'documents: [unclosed\n' });
    const malformed = await state(root, 'list');
    expect([malformed.exitCode, malformed.json!.error.code]).toEqual([65, 'STATE_YAML_MALFORMED']);
  });

  it('reads the state of a repository the Python DocOps CLI keeps, with its index artifact', async () => {
    const root = copyFixture('meminit-index');
    const list = await state(root, 'list');
    expect(
      list.json!.data.entries.map((e: any) => [e.document_id, e.impl_state, e.priority, e.ready, e.open_blockers, e.unblocks]),
    ).toEqual([
      ['ACME-ADR-002', 'In Progress', 'P1', false, [], ['ACME-SPEC-001']],
      ['ACME-SPEC-001', 'Not Started', 'P2', false, ['ACME-ADR-002'], []],
    ]);
    expect(list.json!.warnings).toEqual([]);
  });
});
