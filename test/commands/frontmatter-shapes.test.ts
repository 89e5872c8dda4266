import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * Frontmatter shapes of repositories governed by the Python DocOps CLI (issue 37, item 1).
 * Its reader, python-frontmatter (reference §5.2), strips the text and splits on lines of
 * three or more dashes: blank lines or spaces before the block and `----` fences are valid
 * there, and docket reads them too. CR-only line endings and `---__proto__` are "no
 * frontmatter" there (its fix then adds a second block); docket refuses them with the line.
 */
const TODAY = { DOCKET_TODAY: '2026-03-03' };
const valid = (id: string) => doc({ document_id: id, status: 'Approved', version: '"1.0"' }).replace(/^---\n/, '');

/** Documents the Python DocOps CLI accepts: each is valid and must never change. */
const ACCEPTED: Record<string, string> = {
  'docs/45-adr/adr-001-blank-line.md': `\n---\n${valid('ACME-ADR-001')}`,
  'docs/45-adr/adr-002-long-fences.md': `----\n${valid('ACME-ADR-002').replace(/\n---\n/, '\n-----\n')}`,
  'docs/45-adr/adr-003-leading-space.md': ` ---\n${valid('ACME-ADR-003')}`,
  'docs/45-adr/adr-004-blank-lines-crlf.md': `\r\n\r\n---  \n${valid('ACME-ADR-004')}`.replace(/\r?\n/g, '\r\n'),
};

/** Shapes docket refuses: the finding, its line, and never a second block from fix. */
const REFUSED: Record<string, { text: string; code: string; line: number; message: string }> = {
  'docs/45-adr/adr-005-cr-only.md': {
    text: `---\n${valid('ACME-ADR-005')}`.replace(/\n/g, '\r'),
    code: 'FRONTMATTER_INVALID',
    line: 1,
    message: 'The frontmatter has CR-only line endings (classic Mac OS); docket reads LF or CRLF line endings.',
  },
  'docs/45-adr/adr-006-proto.md': {
    text: `\n---__proto__\n${valid('ACME-ADR-006')}`,
    code: 'FRONTMATTER_INVALID',
    line: 2,
    message: 'The first line `---__proto__` starts like a frontmatter fence but is not one.',
  },
  'docs/45-adr/adr-007-after-comment.md': {
    text: `<!-- generated -->\n---\n${valid('ACME-ADR-007')}`,
    code: 'FRONTMATTER_MISSING',
    line: 2,
    message: 'The document has no frontmatter at its top, but line 2 has a `---` line followed by `key:` lines.',
  },
  'docs/45-adr/adr-008-toml.md': {
    text: '+++\ntitle = "Toml"\n+++\n# Toml\n',
    code: 'FRONTMATTER_MISSING',
    line: 1,
    message: 'The document has no frontmatter at its top, but line 1 has a `+++` line (TOML front matter).',
  },
};

const files = (shapes: Record<string, string | { text: string }>) =>
  Object.fromEntries(Object.entries(shapes).map(([rel, v]) => [rel, typeof v === 'string' ? v : v.text]));
const bytesOf = (root: string, rels: string[]) => rels.map((rel) => readFileSync(path.join(root, rel)));

async function json(command: string, root: string, args: string[] = []) {
  const r = await docket([command, '--root', root, '--json', ...args], { env: TODAY });
  expectValidEnvelope(r.json, command);
  return r;
}

describe('frontmatter shapes of the Python DocOps CLI', () => {
  it('check reads blank lines, spaces and dash fences before and around the block as that tool does', async () => {
    const root = repo(ACCEPTED);
    const r = await json('check', root);
    expect(r.json!.violations).toEqual([]);
    expect(r.json!.data).toMatchObject({ files_checked: 4, files_passed: 4 });
    expect(r.exitCode).toBe(0);
  });

  it('check reports each refused shape at its line, not fixable', async () => {
    const root = repo(files(REFUSED));
    const r = await json('check', root);
    expect(r.exitCode).toBe(1);
    expect(r.json!.violations.map((v: any) => [v.path, v.code, v.line, v.message, v.fixable])).toEqual(
      Object.entries(REFUSED).map(([rel, s]) => [rel, s.code, s.line, s.message, false]),
    );
  });

  it('fix (dry run and --apply) changes no byte of any of them, and says why the refused ones stay', async () => {
    const root = repo({ ...ACCEPTED, ...files(REFUSED) });
    const rels = [...Object.keys(ACCEPTED), ...Object.keys(REFUSED)];
    const before = bytesOf(root, rels);
    const dry = await json('fix', root);
    expect(dry.json!.data).toMatchObject({ dry_run: true, changes: [], fixed: 0, remaining: 4 });
    expect(dry.json!.violations.map((v: any) => v.path)).toEqual(Object.keys(REFUSED));
    for (const v of dry.json!.violations) expect(v.suggestion).toMatch(/`docket fix` will not (change it|add a second block)/);
    const applied = await json('fix', root, ['--apply']);
    expect(applied.json!.data).toMatchObject({ dry_run: false, changes: [], fixed: 0, remaining: 4 });
    expect(applied.exitCode).toBe(1);
    expect(bytesOf(root, rels)).toEqual(before);
  });

  it('fix adds missing fields inside a block after blank lines, keeping those lines byte for byte', async () => {
    const rel = 'docs/45-adr/adr-009-partial.md';
    const root = repo({ ...ACCEPTED, [rel]: '\n\n---\r\ndocument_id: ACME-ADR-009\r\ntitle: Partial\r\n---\r\n# Partial\r\n' });
    const dry = await json('fix', root);
    expect(dry.json!.data.changes.map((c: any) => [c.path, c.action])).toEqual([[rel, 'edit_frontmatter']]);
    expect(dry.json!.violations.find((v: any) => v.path === rel)).toBeUndefined();
    expect((await json('check', root)).json!.violations.filter((v: any) => v.path === rel).map((v: any) => v.line)).toEqual([
      3, 3, 3, 3, 3, 3,
    ]);
    await json('fix', root, ['--apply']);
    expect(readFileSync(path.join(root, rel), 'utf8')).toBe(
      '\n\n---\r\ndocument_id: ACME-ADR-009\r\ntitle: Partial\r\ntype: ADR\r\nstatus: Draft\r\nversion: "0.1"\r\nlast_updated: "2026-03-03"\r\nowner: Platform Team\r\ndocops_version: "2.0"\r\n---\r\n# Partial\r\n',
    );
    expect((await json('check', root)).exitCode).toBe(0);
    expect((await json('fix', root, ['--apply'])).json!.data.changes).toEqual([]);
  });

  it('index, resolve and new read the IDs of these shapes, a refused block included', async () => {
    const root = repo({ ...ACCEPTED, 'docs/45-adr/adr-005-cr-only.md': REFUSED['docs/45-adr/adr-005-cr-only.md']!.text });
    const index = await json('index', root);
    expect(index.exitCode).toBe(0);
    const resolved = await json('resolve', root, ['ACME-ADR-001']);
    expect(resolved.json!.data).toMatchObject({
      document_id: 'ACME-ADR-001',
      path: 'docs/45-adr/adr-001-blank-line.md',
      status: 'Approved',
      title: 'Title',
    });
    const created = await json('new', root, ['ADR', 'Next one']);
    // ACME-ADR-005 is taken by the CR-only file even though its block is refused.
    expect(created.json!.data.document_id).toBe('ACME-ADR-006');
  });

  it('scan plans no frontmatter for a file with a look-alike near its top', async () => {
    const root = repo({ ...ACCEPTED, ...files(REFUSED) });
    const r = await json('scan', root);
    const planned = r
      .json!.data.actions.filter((a: any) => a.action === 'add_frontmatter' || a.action === 'add_fields')
      .map((a: any) => a.path);
    expect(planned).toEqual([]);
    expect(r.json!.data.plan.unplanned).toEqual(expect.arrayContaining(Object.keys(REFUSED)));
    const states = Object.fromEntries(r.json!.data.files.map((f: any) => [f.path, f.frontmatter]));
    for (const rel of Object.keys(ACCEPTED)) expect(states[rel]).toBe('ok');
  });

  it('fix --plan refuses a stale add_frontmatter on a file with a block after blank lines or a look-alike, changing no byte', async () => {
    const targets = ['docs/45-adr/adr-001-blank-line.md', 'docs/45-adr/adr-007-after-comment.md'];
    const root = repo({ ...ACCEPTED, ...files(REFUSED) });
    const before = bytesOf(root, targets);
    const actions = targets.map((rel, i) => ({
      action: 'add_frontmatter',
      path: rel,
      source_sha256: createHash('sha256').update(before[i]!).digest('hex'),
      frontmatter: { document_id: `ACME-ADR-0${20 + i}`, title: 'Shadow' },
    }));
    writeFileSync(path.join(root, 'plan.json'), JSON.stringify({ kind: 'docket-scan-plan', plan_version: '1.0', actions }));
    const r = await json('fix', root, ['--plan', 'plan.json', '--apply']);
    expect(r.json!.data.plan.actions.map((a: any) => [a.path, a.outcome, a.reason])).toEqual(
      targets.map((rel) => [rel, 'refused', 'has_frontmatter']),
    );
    expect(bytesOf(root, targets)).toEqual(before);
  });
});
