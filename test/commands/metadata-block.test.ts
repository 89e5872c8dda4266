import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-03' };
const REL = 'docs/45-adr/adr-001-title.md';

async function run(command: string, root: string, args: string[] = []) {
  const r = await docket([command, '--root', root, '--json', ...args], { env: TODAY });
  expectValidEnvelope(r.json, command);
  return r;
}

const drift = (r: { json?: any }) =>
  [...r.json!.violations, ...r.json!.warnings]
    .filter((f: any) => f.code === 'METADATA_BLOCK_DRIFT')
    .map((f: any) => [f.line, f.message, f.fixable]);

/** docket's block under its marker, as `new` writes it. */
const docketBlock = (fields: { owner?: string; status?: string } = {}) =>
  doc(
    { owner: 'Team B', status: 'Approved' },
    `<!-- DOCKET_METADATA_BLOCK -->\n\n> **Document ID:** ACME-ADR-001\n> **Owner:** ${fields.owner ?? 'Team B'}\n> **Status:** ${fields.status ?? 'Approved'}\n> **Version:** 0.1\n> **Type:** ADR\n\n# Title\n\nText with > **Status:** Draft in a later quote.\n\n> **Status:** Draft\n`,
  );

describe('METADATA_BLOCK_DRIFT', () => {
  it('reports each row whose value differs from the frontmatter, and fix rewrites only those lines', async () => {
    const root = repo({ [REL]: docketBlock({ owner: 'Team A', status: 'Draft' }) });
    const before = readFileSync(path.join(root, REL), 'utf8');
    const check = await run('check', root);
    expect(check.exitCode).toBe(0);
    expect(drift(check)).toEqual([
      [14, 'The metadata block shows owner `Team A`, but the frontmatter says `Team B`.', true],
      [15, 'The metadata block shows status `Draft`, but the frontmatter says `Approved`.', true],
    ]);
    const dry = await run('fix', root);
    expect(dry.json!.data).toMatchObject({ dry_run: true, fixed: 2, remaining: 0 });
    expect(dry.json!.data.changes).toEqual([
      expect.objectContaining({ path: REL, action: 'edit_metadata_block', block_lines: 2, fields: [] }),
    ]);
    expect(dry.json!.data.changes[0].diff).toContain(
      '-> **Owner:** Team A\n-> **Status:** Draft\n+> **Owner:** Team B\n+> **Status:** Approved\n',
    );
    expect(readFileSync(path.join(root, REL), 'utf8')).toBe(before);
    const applied = await run('fix', root, ['--apply']);
    expect(applied.json!.data).toMatchObject({ dry_run: false, fixed: 2, remaining: 0 });
    // Only the two lines changed; the later quote outside the block stays.
    expect(readFileSync(path.join(root, REL), 'utf8')).toBe(
      before
        .replace('> **Owner:** Team A', '> **Owner:** Team B')
        .replace('> **Status:** Draft\n> **Version', '> **Status:** Approved\n> **Version'),
    );
    expect(drift(await run('check', root))).toEqual([]);
  });

  it("the Python tool's block right after the frontmatter: rows it lacks or has extra are not drift", async () => {
    const body =
      '\n> **Document ID:** ACME-ADR-001\n> **Status:** In Review  \n> **Last Updated:** 2026-01-01\n> **Reviewer:** Bob\n\n# Title\n';
    const root = repo({ [REL]: doc({ last_updated: '"2026-01-31"', area: 'Storage' }, body).replace(/\n/g, '\r\n') });
    const check = await run('check', root);
    expect(drift(check)).toEqual([
      [14, 'The metadata block shows status `In Review`, but the frontmatter says `Draft`.', true],
      [15, 'The metadata block shows last_updated `2026-01-01`, but the frontmatter says `2026-01-31`.', true],
    ]);
    await run('fix', root, ['--apply']);
    const after = readFileSync(path.join(root, REL), 'utf8');
    // CRLF line endings and the hard break (two spaces) stay.
    expect(after).toContain('> **Status:** Draft  \r\n> **Last Updated:** 2026-01-31\r\n> **Reviewer:** Bob\r\n');
    expect(after.split('\r\n').length).toBe(after.split('\n').length);
    expect(drift(await run('check', root))).toEqual([]);
  });

  it('a quote without a Document ID row and without the marker is not a metadata block', async () => {
    const root = repo({ [REL]: doc({}, '> **Status:** Something else\n\n# Title\n') });
    expect(drift(await run('check', root))).toEqual([]);
  });

  it('a field another fix changes is left to that fix: no drift reported against the old value', async () => {
    const root = repo({ [REL]: docketBlock({ status: 'Draft' }).replace('status: Approved', 'status: draft') });
    const check = await run('check', root);
    expect(drift(check)).toEqual([]);
    expect(check.json!.violations.map((v: any) => v.code)).toEqual(['SCHEMA_VALIDATION']);
    await run('fix', root, ['--apply']);
    const again = await run('check', root);
    expect(again.json!.violations).toEqual([]);
    expect(drift(again)).toEqual([]);
  });

  it('a document new writes, then edited in its frontmatter: fix brings the block in line', async () => {
    const root = repo();
    const created = await run('new', root, ['ADR', 'Use Postgres', '--owner', 'Team A']);
    const rel = created.json!.data.path;
    const file = path.join(root, rel);
    writeFileSync(file, readFileSync(file, 'utf8').replace('status: Draft', 'status: Approved'));
    expect(drift(await run('check', root)).map((d) => d[1])).toEqual([
      'The metadata block shows status `Draft`, but the frontmatter says `Approved`.',
    ]);
    await run('fix', root, ['--apply']);
    expect(readFileSync(file, 'utf8')).toContain('> **Status:** Approved\n');
    expect(drift(await run('check', root))).toEqual([]);
  });
});
