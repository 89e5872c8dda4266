import { describe, expect, it } from 'vitest';
import { docketBin } from '../helpers/cli.js';
import { state, stateRepo } from '../helpers/state.js';

// Moved from test/commands/state-set.test.ts: sixteen processes at once (the lock between processes).
const repo = () => stateRepo();

describe('concurrent state set', () => {
  it('16 processes setting 16 IDs leave 16 entries', async () => {
    const root = repo();
    const ids = Array.from({ length: 16 }, (_, i) => `WRK-TASK-${String(i + 1).padStart(3, '0')}`);
    const runs = await Promise.all(
      ids.map((id) => docketBin(['state', 'set', id, '--impl-state', 'In Progress', '--root', root, '--json'])),
    );
    for (const r of runs) expect([r.exitCode, r.json?.error?.code]).toEqual([0, undefined]);
    const list = await state(root, 'list');
    expect(list.json!.data.entries.map((e: any) => e.document_id)).toEqual(ids);
    expect(list.json!.data.entries.every((e: any) => e.impl_state === 'In Progress')).toBe(true);
  }, 120_000);
});
