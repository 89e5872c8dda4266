// The work-queue rows of bench/run.mjs: `state` reads and `set` on a repository with a
// project-state.yaml of 1,000 entries (the index artifact current, as an agent's loop has it).
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STATES = ['Not Started', 'Not Started', 'In Progress', 'Blocked', 'Done'];
const ENTRIES = 1000;

/** A state file of `ids.length` entries: mixed states and priorities, every third waiting for the one before. */
export function stateFileText(ids) {
  const lines = ["state_schema_version: '2.0'", 'documents:'];
  ids.forEach((id, i) => {
    lines.push(
      `  ${id}:`,
      `    impl_state: ${STATES[i % STATES.length]}`,
      `    updated: '2026-01-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00+00:00'`,
      '    updated_by: bench',
    );
    if (i % 4 === 0) lines.push(`    priority: P${i % 3}`);
    if (i % 3 === 2) lines.push('    depends_on:', `    - ${ids[i - 1]}`);
    if (i % 7 === 0) lines.push('    assignee: agent-one');
  });
  return `${lines.join('\n')}\n`;
}

/** Runs the rows; `ids` are document IDs of the repository (sorted). */
export function stateRows({ size, clean, ids, BIN, measure, once, record, expect, envelope, floorRun, unavailable, has, hasFlag }) {
  if (!has('state:list')) {
    for (const s of ['state list', 'state next', 'state get', 'state blockers', 'state set'])
      unavailable(size, `${s} (1,000 entries)`, 'no state commands');
    return;
  }
  const probe = envelope(once([BIN, 'state', 'set', ids[0], '--notes', 'x', '--dry-run', '--format', 'json'], clean));
  const file = path.join(clean, probe.data.path);
  const text = stateFileText(ids.slice(0, ENTRIES));
  const viewFiles = [];
  writeFileSync(file, text);
  try {
    once([BIN, 'index', '--format', 'json'], clean);
    const list = measure([BIN, 'state', 'list', '--format', 'json'], clean, undefined, floorRun);
    const le = envelope(list);
    expect(
      'state list',
      le.success && le.data.summary.total === ENTRIES && !le.warnings.some((w) => w.code.startsWith('INDEX_')),
      `state list: ${list.stdout.slice(0, 300)}`,
    );
    record(size, 'state list (1,000 entries)', list);
    const next = measure([BIN, 'state', 'next', '--format', 'json'], clean, undefined, floorRun);
    expect('state next', envelope(next).data.entry !== null, `state next: ${next.stdout.slice(0, 300)}`);
    record(size, 'state next (1,000 entries)', next);
    const get = measure([BIN, 'state', 'get', ids[2], '--format', 'json'], clean, undefined, floorRun);
    expect('state get', envelope(get).data.document_id === ids[2], `state get: ${get.stdout.slice(0, 300)}`);
    record(size, 'state get (1,000 entries)', get);
    const blockers = measure([BIN, 'state', 'blockers', '--format', 'json'], clean, undefined, floorRun);
    expect('state blockers', envelope(blockers).data.blocked.length > 0, `state blockers: ${blockers.stdout.slice(0, 300)}`);
    record(size, 'state blockers (1,000 entries)', blockers);
    // The views of the same queue: catalogue and board rendered each run (written the first time only).
    const viewFlags = ['--output-catalog', '--output-kanban'];
    if (has('index') && viewFlags.every((f) => hasFlag('index', f.slice(2)))) {
      const views = measure([BIN, 'index', ...viewFlags, '--format', 'json'], clean, undefined, floorRun);
      const ve = envelope(views);
      expect('index views', ve.success && ve.data.views.length === 3, `index views: ${views.stdout.slice(0, 300)}`);
      record(size, 'index views (1,000 entries)', views);
      for (const v of ve.data.views) viewFiles.push(path.join(clean, v.path));
    } else unavailable(size, 'index views (1,000 entries)', 'no --output-catalog');
    // Each run changes an entry of the same 1,000-entry file (restored first, untimed).
    const set = measure(
      [BIN, 'state', 'set', ids[1], '--impl-state', 'In Progress', '--format', 'json'],
      clean,
      () => writeFileSync(file, text),
      floorRun,
    );
    const se = envelope(set);
    expect(
      'state set',
      se.success && se.data.written === true && (readFileSync(file, 'utf8').match(/^ {2}\S/gm) ?? []).length === ENTRIES,
      `state set: ${set.stdout.slice(0, 300)}`,
    );
    record(size, 'state set (1,000 entries)', set);
  } finally {
    rmSync(file, { force: true });
    for (const f of viewFiles) rmSync(f, { force: true });
  }
}
