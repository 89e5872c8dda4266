import { chmodSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo, ruleFixture } from '../helpers/docs.js';
import { copyFixture } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-03' };

async function fixJson(root: string, args: string[] = [], env: Record<string, string> = TODAY) {
  const r = await docket(['fix', '--root', root, '--json', ...args], { env });
  expectValidEnvelope(r.json, 'fix');
  return { ...r, env: r.json!, data: r.json!.data };
}

const read = (root: string, rel: string) => readFileSync(path.join(root, rel));

describe('fix: dry run', () => {
  it('shows a unified diff of each change and writes nothing', async () => {
    const root = repo({ 'docs/45-adr/adr-001-a.md': doc({ status: 'draft' }), 'docs/45-adr/plain.md': '# Plain Title\n\nBody.\n' });
    const before = read(root, 'docs/45-adr/plain.md');
    const r = await fixJson(root);
    expect(r.exitCode).toBe(0);
    expect(r.data).toMatchObject({ dry_run: true, fixed: 2, remaining: 0 });
    expect(r.data.changes.map((c: any) => [c.path, c.action])).toEqual([
      ['docs/45-adr/adr-001-a.md', 'edit_frontmatter'],
      ['docs/45-adr/plain.md', 'add_frontmatter'],
    ]);
    expect(r.data.changes[0].fields).toEqual([{ field: 'status', op: 'set', from: 'draft', to: 'Draft' }]);
    expect(r.data.changes[0].diff).toBe(
      'diff --git a/docs/45-adr/adr-001-a.md b/docs/45-adr/adr-001-a.md\n--- a/docs/45-adr/adr-001-a.md\n+++ b/docs/45-adr/adr-001-a.md\n@@ -2,7 +2,7 @@\n document_id: ACME-ADR-001\n type: ADR\n title: Title\n-status: draft\n+status: Draft\n version: "0.1"\n last_updated: "2026-01-31"\n owner: Platform Team\n',
    );
    expect(r.data.changes[1].diff).toContain(
      '+document_id: ACME-ADR-002\n+type: ADR\n+title: Plain Title\n+status: Draft\n+version: "0.1"\n+last_updated: "2026-03-03"\n+owner: Platform Team\n+docops_version: "2.0"\n+---\n # Plain Title\n',
    );
    expect(read(root, 'docs/45-adr/plain.md').equals(before)).toBe(true);
    expect(r.env.advice[0]).toMatchObject({ code: 'NEXT_FIX_APPLY' });
    expect(r.env.advice[0].command).toMatch(/^docket fix --apply --root /);
  });

  it('predicts what remains and exits 1 while violations remain', async () => {
    const r = await fixJson(ruleFixture('rule-schema-validation'));
    expect(r.exitCode).toBe(1);
    expect(r.data).toMatchObject({ dry_run: true, fixed: 2 });
    expect(r.env.violations.map((v: any) => v.message)).toEqual([
      '`last_updated` is "2026-02-30"; expected a real calendar date as YYYY-MM-DD.',
      'Unknown field `titel`; did you mean `title`, which is missing?',
    ]);
    expect(r.data.remaining).toBe(2);
  });
});

describe('fix --apply', () => {
  it('adds missing fields, allocates the next ID per prefix and type, and a second run changes nothing', async () => {
    const root = repo({
      'docs/45-adr/adr-001-a.md': doc(),
      'docs/45-adr/adr-007-b.md': doc({ document_id: 'ACME-ADR-007' }),
      'docs/45-adr/new-one.md': '---\ntitle: Keep this title # and this comment\n---\n\n# Heading\n',
      'docs/10-prd/prd-x.md': '# Product X\n',
    });
    const r = await fixJson(root, ['--apply']);
    expect(r.exitCode).toBe(0);
    expect(r.data).toMatchObject({ dry_run: false, fixed: 8, remaining: 0 });
    expect(read(root, 'docs/45-adr/new-one.md').toString()).toBe(
      '---\ntitle: Keep this title # and this comment\ndocument_id: ACME-ADR-008\ntype: ADR\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-03-03"\nowner: Platform Team\ndocops_version: "2.0"\n---\n\n# Heading\n',
    );
    expect(read(root, 'docs/10-prd/prd-x.md').toString()).toMatch(/^---\ndocument_id: ACME-PRD-001\ntype: PRD\ntitle: Product X\n/);
    const again = await fixJson(root, ['--apply']);
    expect(again.data).toMatchObject({ changes: [], fixed: 0, remaining: 0 });
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.exitCode).toBe(0);
  });

  it('does not guess a type when the directory and the ID disagree', async () => {
    const root = repo({ 'docs/45-adr/adr-001-a.md': doc({ document_id: 'ACME-PRD-001', type: undefined }) });
    const r = await fixJson(root);
    expect(r.data.changes).toEqual([]);
    expect(r.env.violations).toMatchObject([
      { code: 'SCHEMA_VALIDATION', message: 'The required field `type` is missing.', fixable: false },
    ]);
  });

  it('leaves a flow-mapping block (`{title: x}`) alone rather than turning it into invalid YAML', async () => {
    const root = repo({ 'docs/45-adr/adr-001-flow.md': '---\n{title: Flow}\n---\n# Flow\n' });
    const r = await fixJson(root, ['--apply']);
    expect(r.data.changes).toEqual([]);
    expect(read(root, 'docs/45-adr/adr-001-flow.md').toString()).toBe('---\n{title: Flow}\n---\n# Flow\n');
    expect(r.env.violations.every((v: any) => v.code === 'SCHEMA_VALIDATION')).toBe(true);
    expect(r.exitCode).toBe(1);
  });

  it('owner comes from the config, else __TBD__; DOCKET_TODAY must be a real date', async () => {
    const root = repo({ 'docs/45-adr/x.md': '# X\n' });
    writeFileSync(path.join(root, 'docops.config.yaml'), 'repo_prefix: ACME\n');
    await fixJson(root, ['--apply']);
    expect(read(root, 'docs/45-adr/x.md').toString()).toContain('owner: __TBD__\n');
    const bad = await docket(['fix', '--root', root, '--json'], { env: { DOCKET_TODAY: '2026-02-30' } });
    expect(bad.exitCode).toBe(64);
    expect(bad.json!.error.code).toBe('INVALID_TODAY');
  });

  it('normalises unambiguous values in place, keeping comments, quoting and key order', async () => {
    const src =
      '---\n# a comment\ndocument_id: acme-adr-3   # keep me\ntype: adr\ntitle: \'Single quoted\'\nstatus: in review\nversion: v2\nlast_updated: 2026/1/5\nowner: Platform Team\ndocops_version: "2.0"\ntags: [a, b]\n---\nBody stays.\n';
    const root = repo({ 'docs/45-adr/adr-003-x.md': src });
    const r = await fixJson(root, ['--apply']);
    expect(r.data.remaining).toBe(0);
    // `type: adr` satisfies the metadata schema (any string, as the Python DocOps CLI's schema says): left as written.
    expect(read(root, 'docs/45-adr/adr-003-x.md').toString()).toBe(
      '---\n# a comment\ndocument_id: ACME-ADR-003   # keep me\ntype: adr\ntitle: \'Single quoted\'\nstatus: In Review\nversion: "2.0"\nlast_updated: "2026-01-05"\nowner: Platform Team\ndocops_version: "2.0"\ntags: [a, b]\n---\nBody stays.\n',
    );
  });

  it.each([
    ['LF', '\n', false],
    ['CRLF', '\r\n', false],
    ['LF with BOM', '\n', true],
    ['CRLF with BOM', '\r\n', true],
  ])('%s: every kind of fix keeps line endings, BOM, body and a missing final newline byte-identical', async (_name, eol, bom) => {
    const body = `# Über Title${eol}${eol}Body with \`code\` and trailing spaces   ${eol}last line without newline`;
    const fm = (lines: string[]) => `---${eol}${lines.map((l) => `${l}${eol}`).join('')}---${eol}`;
    const before = fm(['document_id: acme-adr-1 # id', 'type: adr', 'title:', 'status: draft', 'version: v1', "last_updated: '2026/1/5'"]);
    const prefix = bom ? '\uFEFF' : '';
    const root = repo({ 'docs/45-adr/adr-001-a.md': prefix + before + body, 'docs/45-adr/Plain File.md': prefix + body });
    chmodSync(path.join(root, 'docs/45-adr/adr-001-a.md'), 0o640);
    const r = await fixJson(root, ['--apply']);
    expect(r.data.remaining).toBe(0);
    const edited = read(root, 'docs/45-adr/adr-001-a.md').toString();
    const after = fm([
      'document_id: ACME-ADR-001 # id',
      'type: adr',
      'title: Über Title',
      'status: Draft',
      'version: "1.0"',
      'last_updated: "2026-01-05"',
      'owner: Platform Team',
      'docops_version: "2.0"',
    ]);
    expect(edited).toBe(prefix + after + body);
    expect(statSync(path.join(root, 'docs/45-adr/adr-001-a.md')).mode & 0o777).toBe(0o640);
    expect(existsSync(path.join(root, 'docs/45-adr/Plain File.md'))).toBe(false);
    const added = read(root, 'docs/45-adr/plain-file.md').toString();
    expect(added.startsWith(`${prefix}---${eol}document_id: ACME-ADR-002${eol}type: ADR${eol}title: Über Title${eol}`)).toBe(true);
    expect(added.endsWith(`---${eol}${body}`)).toBe(true);
    expect((await fixJson(root, ['--apply'])).data.changes).toEqual([]);
  });
});

describe('fix: renames', () => {
  it('renames to the form `new` uses, case-only renames included, never onto an existing file; links to a renamed file are rewritten', async () => {
    const root = repo({
      'docs/45-adr/ADR-001-A.md': doc(),
      'docs/45-adr/Second_Doc.md': doc({ document_id: 'ACME-ADR-002' }),
      'docs/45-adr/adr-002-second-doc.md': doc({ document_id: 'ACME-ADR-003' }),
      'docs/45-adr/Linked.md': doc({ document_id: 'ACME-ADR-004' }),
      'docs/45-adr/adr-005-linker.md': doc({ document_id: 'ACME-ADR-005' }, 'See [linked](Linked.md#title).\n'),
    });
    const dry = await fixJson(root);
    expect(dry.data.changes.map((c: any) => [c.action, c.path, c.to])).toEqual([
      ['rename', 'docs/45-adr/ADR-001-A.md', 'docs/45-adr/adr-001-a.md'],
      ['rename', 'docs/45-adr/Linked.md', 'docs/45-adr/adr-004-linked.md'],
      ['rename', 'docs/45-adr/adr-002-second-doc.md', 'docs/45-adr/adr-003-second-doc.md'],
      ['edit_links', 'docs/45-adr/adr-005-linker.md', undefined],
    ]);
    expect(dry.data.changes[0].diff).toBe(
      'diff --git a/docs/45-adr/ADR-001-A.md b/docs/45-adr/adr-001-a.md\nsimilarity index 100%\nrename from docs/45-adr/ADR-001-A.md\nrename to docs/45-adr/adr-001-a.md\n',
    );
    expect(dry.data.changes[3].diff).toContain('-See [linked](Linked.md#title).\n+See [linked](adr-004-linked.md#title).\n');
    // adr-002-second-doc.md holds ACME-ADR-003: it moves away, so Second_Doc.md can take its name next time (not onto it now).
    const before = read(root, 'docs/45-adr/adr-002-second-doc.md');
    const first = await fixJson(root, ['--apply']);
    expect(first.env.warnings.filter((w: any) => w.path === 'docs/45-adr/Second_Doc.md').map((w: any) => [w.code, w.fixable])).toEqual([
      ['FILENAME_CONVENTION', true],
    ]);
    expect(readdirSync(path.join(root, 'docs/45-adr')).sort()).toEqual([
      'Second_Doc.md',
      'adr-001-a.md',
      'adr-003-second-doc.md',
      'adr-004-linked.md',
      'adr-005-linker.md',
    ]);
    expect(read(root, 'docs/45-adr/adr-003-second-doc.md').equals(before)).toBe(true);
    await fixJson(root, ['--apply']);
    expect(readdirSync(path.join(root, 'docs/45-adr')).sort()).toEqual([
      'adr-001-a.md',
      'adr-002-second-doc.md',
      'adr-003-second-doc.md',
      'adr-004-linked.md',
      'adr-005-linker.md',
    ]);
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.json!.violations).toEqual([]);
  });

  it('flags a name whose type word or number contradicts its ID, and renames it only when `type` confirms the ID', async () => {
    const root = repo({
      'docs/45-adr/adr-010-x.md': doc({ document_id: 'ACME-ADR-007' }),
      'docs/45-adr/prd-008-y.md': doc({ document_id: 'ACME-ADR-008' }),
      'docs/45-adr/adr-009-z.md': doc({ document_id: 'ACME-PRD-009', type: 'PRD' }),
      'docs/45-adr/acme-adr-011-w.md': doc({ document_id: 'ACME-ADR-011' }),
      'docs/45-adr/org-gov-001-constitution.md': doc({ document_id: 'ORG-GOV-001', type: 'GOV' }),
      'docs/45-adr/release-2024-notes.md': doc({ document_id: 'ACME-ADR-012' }),
    });
    const check = await docket(['check', '--root', root, '--json']);
    const flagged = check.json!.warnings.filter((w: any) => w.code === 'FILENAME_ID_MISMATCH');
    expect(flagged.map((w: any) => [w.path, w.fixable])).toEqual([
      ['docs/45-adr/adr-009-z.md', true],
      ['docs/45-adr/adr-010-x.md', true],
      ['docs/45-adr/prd-008-y.md', true],
    ]);
    expect(flagged[1].message).toBe('The filename "adr-010-x.md" says adr-010, but the document\'s ID is ACME-ADR-007.');
    const dry = await fixJson(root);
    expect(dry.data.changes.map((c: any) => [c.path, c.to])).toEqual([
      // A PRD in the ADR directory moves to its type's directory, under the name its ID gives.
      ['docs/45-adr/adr-009-z.md', 'docs/10-prd/prd-009-z.md'],
      ['docs/45-adr/adr-010-x.md', 'docs/45-adr/adr-007-x.md'],
      // A name that claims nothing beyond its ID keeps itself when the file moves.
      ['docs/45-adr/org-gov-001-constitution.md', 'docs/00-governance/org-gov-001-constitution.md'],
      ['docs/45-adr/prd-008-y.md', 'docs/45-adr/adr-008-y.md'],
    ]);
    // Without a `type` that agrees with the ID, the name is flagged but not renamed.
    const unsure = repo({ 'docs/45-adr/adr-001-a.md': doc({ document_id: 'ACME-PRD-001', type: undefined }) });
    const r = await fixJson(unsure);
    expect(r.env.warnings.filter((w: any) => w.code === 'FILENAME_ID_MISMATCH').map((w: any) => w.fixable)).toEqual([false]);
  });

  it('--namespace limits the fixes to one namespace; an unknown one is a usage error', async () => {
    const root = copyFixture('monorepo');
    writeFileSync(path.join(root, 'docs/45-adr/Bad_Name.md'), doc({ document_id: 'PLAT-ADR-009' }));
    writeFileSync(path.join(root, 'services/billing/docs/10-prd/Bad_Name.md'), doc({ document_id: 'BILL-PRD-009', type: 'PRD' }));
    const r = await fixJson(root, ['--namespace', 'billing']);
    expect(r.data.namespace).toBe('billing');
    expect(r.data.changes.map((c: any) => c.path)).toEqual(['services/billing/docs/10-prd/Bad_Name.md']);
    expect([...r.env.violations, ...r.env.warnings].every((f: any) => !f.path?.startsWith('docs/45-adr'))).toBe(true);
    const unknown = await docket(['fix', '--root', root, '--namespace', 'nope', '--json']);
    expect(unknown.exitCode).toBe(64);
    expect(unknown.json!.error).toMatchObject({ code: 'UNKNOWN_NAMESPACE', details: { valid_namespaces: ['platform', 'org', 'billing'] } });
  });
});

describe('fix: formats', () => {
  it('text shows the diffs and what remains; md a table and diff blocks', async () => {
    const root = repo({ 'docs/45-adr/adr-001-a.md': doc({ status: 'draft' }, '[x](missing.md)\n') });
    const text = await docket(['fix', '--root', root], { env: TODAY });
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toContain('Dry run: 1 change in 1 file would fix 1 finding; nothing was written.');
    expect(text.stdout).toContain('docs/45-adr/adr-001-a.md  edit frontmatter (status: draft → Draft)');
    expect(text.stdout).toContain('-status: draft\n+status: Draft');
    expect(text.stdout).toContain('1 finding would remain:');
    expect(text.stdout).toContain('LINK_BROKEN');
    const md = await docket(['fix', '--root', root, '--format', 'md'], { env: TODAY });
    expect(md.stdout).toContain('## Dry run');
    expect(md.stdout).toContain('| docs/45-adr/adr-001-a.md | edit frontmatter (status: draft → Draft) |');
    expect(md.stdout).toContain(
      '```diff\ndiff --git a/docs/45-adr/adr-001-a.md b/docs/45-adr/adr-001-a.md\n--- a/docs/45-adr/adr-001-a.md',
    );
    const applied = await docket(['fix', '--root', root, '--apply'], { env: TODAY });
    expect(applied.stdout).toContain('✔ Applied 1 change in 1 file, fixing 1 finding.');
    const clean = await docket(['fix', '--root', repo({ 'docs/45-adr/adr-001-a.md': doc() })]);
    expect(clean.stdout).toContain('✔ Nothing to fix.');
    expect(clean.exitCode).toBe(0);
  });
});

describe('fix and new share ID allocation', () => {
  it('never allocates an ID that `new` has claimed, and claims the IDs it writes', async () => {
    const { mkdirSync: mk, writeFileSync: wf, existsSync: ex } = await import('node:fs');
    const pathMod = await import('node:path');
    const root = copyFixture('monorepo');
    // A claim left by a `new` that has not written its document yet (the file's name claims no number).
    mk(pathMod.join(root, '.docket/claims'), { recursive: true });
    wf(pathMod.join(root, '.docket/claims/PLAT-ADR-003.claim'), '{}');
    wf(
      pathMod.join(root, 'docs/45-adr/no-id.md'),
      '---\ntype: ADR\ntitle: "No ID"\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-01-01"\nowner: Platform Team\ndocops_version: "2.0"\n---\n\n# No ID\n',
    );
    const r = await docket(['fix', '--apply', '--root', root, '--json'], { env: { DOCKET_TODAY: '2026-02-01' } });
    expectValidEnvelope(r.json, 'fix');
    const change = r.json!.data.changes.find((c: any) => c.path === 'docs/45-adr/no-id.md');
    expect(change.diff).toContain('+document_id: PLAT-ADR-004');
    expect(ex(pathMod.join(root, '.docket/claims/PLAT-ADR-004.claim'))).toBe(true);
  });

  it('gives a file named adr-NNN-... the number its name claims when it is free, so no rename is needed', async () => {
    const root = repo({
      'docs/45-adr/adr-009-no-id.md': doc({ document_id: undefined }),
      'docs/45-adr/adr-002-taken.md': doc({ document_id: 'ACME-ADR-002' }),
      'docs/45-adr/adr-002-dup.md': doc({ document_id: undefined }),
    });
    const r = await fixJson(root, ['--apply']);
    const ids = r.data.changes.flatMap((c: any) =>
      (c.fields ?? []).filter((f: any) => f.field === 'document_id').map((f: any) => [c.path, c.to ?? f.to]),
    );
    expect(ids).toEqual([
      ['docs/45-adr/adr-002-dup.md', 'ACME-ADR-010'],
      ['docs/45-adr/adr-009-no-id.md', 'ACME-ADR-009'],
    ]);
    // The number adr-002-dup.md claims is taken: it gets the next one and the name that goes with it.
    expect(readdirSync(path.join(root, 'docs/45-adr')).sort()).toEqual(['adr-002-taken.md', 'adr-009-no-id.md', 'adr-010-dup.md']);
  });
});
