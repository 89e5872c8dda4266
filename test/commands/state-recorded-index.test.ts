import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc } from '../helpers/docs.js';
import { entryYaml, state, STATE, stateFile, stateRepo } from '../helpers/state.js';

/*
 * Issue 42, "Speed": state reads answer from the state file and the index, not the document
 * tree. With an index written by `index`, they take its recorded IDs when those hold every ID
 * the state file names, and walk the documents (with INDEX_STALE) only when one is missing.
 */
describe('state reads and the recorded index', () => {
  const codes = (r: Awaited<ReturnType<typeof state>>) => r.json!.warnings.map((w: { code: string }) => w.code).sort();

  it('answer from the recorded index when it knows every ID the state file names', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', { impl_state: 'Done' }),
        entryYaml('WRK-ADR-002', { impl_state: 'Not Started', depends_on: ['WRK-ADR-001'] }),
      ),
    });
    expect((await docket(['index', '--root', root])).exitCode).toBe(0);
    // A document the index does not have yet, named by no entry: the recorded index answers.
    writeFileSync(path.join(root, 'docs/45-adr/adr-006-new.md'), doc({ document_id: 'WRK-ADR-006', title: 'New' }));
    for (const command of ['list', 'next', 'blockers']) expect(codes(await state(root, command))).toEqual([]);
    expect(JSON.stringify((await state(root, 'next')).json!.data)).toContain('WRK-ADR-002');
  });

  it('walk the documents when the state file names an ID the recorded index lacks', async () => {
    const root = stateRepo({ [STATE]: stateFile(entryYaml('WRK-ADR-001', { impl_state: 'Done' })) });
    expect((await docket(['index', '--root', root])).exitCode).toBe(0);
    writeFileSync(path.join(root, 'docs/45-adr/adr-006-new.md'), doc({ document_id: 'WRK-ADR-006', title: 'New' }));
    writeFileSync(
      path.join(root, STATE),
      stateFile(entryYaml('WRK-ADR-001', { impl_state: 'Done' }), entryYaml('WRK-ADR-006', { impl_state: 'In Progress' })),
    );
    const r = await state(root, 'list');
    // The new document is known (no STATE_UNKNOWN_DOC_ID), and the stale index is said.
    expect(codes(r)).toEqual(['INDEX_STALE']);
  });
});
