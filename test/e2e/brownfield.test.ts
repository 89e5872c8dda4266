import { existsSync, lstatSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { expectValidAgainst, expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-01-05' };

/** Every file under root (POSIX, sorted) with its text. */
function snapshot(root: string, dir = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const name of readdirSync(path.join(root, dir)).sort()) {
    const rel = dir ? `${dir}/${name}` : name;
    if (lstatSync(path.join(root, rel)).isSymbolicLink()) out.set(rel, `-> ${readFileSync(path.join(root, rel), 'utf8')}`);
    else if (statSync(path.join(root, rel)).isDirectory()) for (const [k, v] of snapshot(root, rel)) out.set(k, v);
    else out.set(rel, readFileSync(path.join(root, rel), 'utf8'));
  }
  return out;
}

/** The text after a leading frontmatter block (the whole text when there is none). */
function body(text: string): string {
  const m = /^---\n[\s\S]*?\n---\n/.exec(text);
  return m ? text.slice(m[0].length) : text;
}

function frontmatter(text: string): string {
  return /^---\n([\s\S]*?)\n---\n/.exec(text)?.[1] ?? '';
}

/**
 * init (with flags), scan --plan, ONE fix --plan --apply, check: returns what the test needs
 * to compare the repository before and after.
 */
async function importRepository(fixture: string, initFlags: string[], prepare?: (root: string) => void) {
  const root = copyFixture(fixture);
  prepare?.(root);
  const before = snapshot(root);
  expect((await docket(['init', '--root', root, '--prefix', 'ACME', ...initFlags, '--json'])).exitCode).toBe(0);
  const scan = await docket(['scan', '--root', root, '--plan', '.docket/plan.json', '--json'], { env: TODAY });
  expect(scan.exitCode).toBe(0);
  expectValidEnvelope(scan.json, 'scan');
  const plan = JSON.parse(readFileSync(path.join(root, '.docket/plan.json'), 'utf8'));
  expectValidAgainst('scan-plan.schema.json', plan);
  const apply = await docket(['fix', '--root', root, '--plan', '.docket/plan.json', '--apply', '--json'], { env: TODAY });
  expectValidEnvelope(apply.json, 'fix');
  expect(apply.json!.data.plan.refused).toBe(0);
  const check = await docket(['check', '--root', root, '--json'], { env: TODAY });
  expectValidEnvelope(check.json, 'check');
  const findings = [...check.json!.violations, ...check.json!.warnings].map((f: any) => [f.code, f.path, f.message]).sort();
  // A second scan plans nothing: the import is done in one pass.
  const again = await docket(['scan', '--root', root, '--json'], { env: TODAY });
  expect(again.json!.data.actions).toEqual([]);
  const moves = new Map<string, string>(
    plan.actions.filter((a: any) => a.action === 'move' || a.action === 'rename').map((a: any) => [a.path, a.to]),
  );
  return { root, before, after: snapshot(root), scan: scan.json!.data, plan, apply: apply.json!, check: check.json!, findings, moves };
}

/** The plan's prediction of what check reports, as [code, count]. */
function predicted(scan: any): [string, number][] {
  return scan.plan.remaining.codes.map((c: any) => [c.code, c.count]);
}

function counted(findings: string[][]): [string, number][] {
  const m = new Map<string, number>();
  for (const [code] of findings) m.set(code!, (m.get(code!) ?? 0) + 1);
  return [...m.entries()].sort();
}

describe('brownfield import: scan --plan, one fix --plan --apply, check', () => {
  it('adr-tools (doc/adr, .adr-dir): the log stays whole, stated metadata kept, check is clean, only frontmatter added', async () => {
    const r = await importRepository('brownfield-adr-tools', ['--docs-root', 'doc', '--adr-dir', 'doc/adr']);
    // docket's own templates are not surveyed right after init.
    expect(r.scan.files.map((f: any) => f.path)).toEqual([
      'README.md',
      'doc/adr/0001-record-architecture-decisions.md',
      'doc/adr/0002-use-mysql.md',
      'doc/adr/0003-use-postgresql.md',
    ]);
    expect(r.plan.actions.map((a: any) => [a.action, a.path])).toEqual([
      ['add_frontmatter', 'doc/adr/0001-record-architecture-decisions.md'],
      ['add_frontmatter', 'doc/adr/0002-use-mysql.md'],
      ['add_frontmatter', 'doc/adr/0003-use-postgresql.md'],
    ]);
    expect(r.plan.actions[1].frontmatter).toEqual({
      document_id: 'ACME-ADR-002',
      type: 'ADR',
      title: 'Use MySQL',
      status: 'Superseded',
      version: '0.1',
      last_updated: '2016-02-13',
      owner: '__TBD__',
      docops_version: '2.0',
      superseded_by: 'ACME-ADR-003',
    });
    expect(r.plan.actions[0].frontmatter).toMatchObject({
      document_id: 'ACME-ADR-001',
      title: 'Record architecture decisions',
      status: 'Approved',
      last_updated: '2016-02-12',
    });
    expect(r.scan.plan.remaining).toEqual({ findings: 0, errors: 0, codes: [] });
    expect(r.findings).toEqual([]);
    expect(r.apply.data.fixed).toBe(3); // three FRONTMATTER_MISSING findings, one per record
    // No file moved, no body byte changed: each record only gained its block.
    for (const rel of ['doc/adr/0001-record-architecture-decisions.md', 'doc/adr/0002-use-mysql.md', 'doc/adr/0003-use-postgresql.md']) {
      expect(body(r.after.get(rel)!)).toBe(r.before.get(rel));
    }
    expect(r.after.get('README.md')).toBe(r.before.get('README.md'));
    const index = await docket(['index', '--root', r.root, '--json']);
    expect(index.exitCode).toBe(0);
    expect((await docket(['resolve', 'ACME-ADR-002', '--root', r.root, '--json'])).json!.data).toMatchObject({
      path: 'doc/adr/0002-use-mysql.md',
      status: 'Superseded',
    });
  });

  it('log4brains: README, index.md and template.md left ungoverned in place; - Status: lines kept; a status the schema lacks is announced and is all check reports', async () => {
    const r = await importRepository('brownfield-log4brains', ['--adr-dir', 'docs/adr']);
    expect(r.scan.plan.ungoverned.map((u: any) => u.path)).toEqual(['docs/adr/README.md', 'docs/adr/index.md', 'docs/adr/template.md']);
    for (const rel of ['docs/adr/README.md', 'docs/adr/index.md', 'docs/adr/template.md']) expect(r.after.get(rel)).toBe(r.before.get(rel));
    // A linked record moves too (its links are rewritten): its fields are set where it lands.
    const superseded =
      r.plan.actions.find(
        (a: any) =>
          a.frontmatter &&
          [a.path, r.moves.get(a.path)].includes(
            r.moves.get('docs/adr/20200919-use-markdown-files.md') ?? 'docs/adr/20200919-use-markdown-files.md',
          ),
      ) ?? r.plan.actions.find((a: any) => a.frontmatter && a.path === 'docs/adr/20200919-use-markdown-files.md');
    expect(superseded.frontmatter).toMatchObject({
      status: 'Superseded',
      superseded_by: 'ACME-ADR-003',
      last_updated: '2020-09-19',
      title: 'Use plain Markdown files',
    });
    // Date prefixes are dropped from new names.
    expect(r.moves.get('docs/adr/20200918-use-log4brains-to-manage-the-adrs.md')).toBe(
      'docs/adr/adr-001-use-log4brains-to-manage-the-adrs.md',
    );
    expect(r.scan.plan.stated).toContainEqual(
      expect.objectContaining({ path: 'docs/adr/adr-004-keep-a-changelog.md', field: 'status', stated: 'rejected', value: 'rejected' }),
    );
    expect(r.findings).toEqual([
      [
        'SCHEMA_VALIDATION',
        'docs/adr/adr-004-keep-a-changelog.md',
        '`status` is "rejected"; expected one of: Draft, In Review, Approved, Superseded.',
      ],
    ]);
    expect(predicted(r.scan)).toEqual(counted(r.findings));
    for (const [from, text] of r.before) {
      if (!from.endsWith('.md')) continue;
      const at = r.moves.get(from) ?? from;
      // Only lines with links to moved records change (their destinations are rewritten).
      const [after, before] = [body(r.after.get(at)!).split('\n'), text.split('\n')];
      expect(after.length, from).toBe(before.length);
      for (let i = 0; i < before.length; i++)
        if (after[i] !== before[i]) expect([from, before[i]]).toEqual([from, expect.stringMatching(/\]\([^)]*\.md/)]);
    }
  });

  it('log4brains with README.md a symbolic link to index.md: the link is left ungoverned with its target, and check does not warn about it', async () => {
    const r = await importRepository('brownfield-log4brains', ['--adr-dir', 'docs/adr'], (root) => {
      rmSync(path.join(root, 'docs/adr/README.md'));
      symlinkSync('index.md', path.join(root, 'docs/adr/README.md'));
    });
    expect(r.scan.plan.ungoverned).toContainEqual({
      path: 'docs/adr/README.md',
      reason: expect.stringContaining('a symbolic link to docs/adr/index.md'),
    });
    expect(r.plan.actions.find((a: any) => a.action === 'exclude').files).toEqual([
      'docs/adr/README.md',
      'docs/adr/index.md',
      'docs/adr/template.md',
    ]);
    expect(r.findings.map((f) => f[0])).toEqual(['SCHEMA_VALIDATION']);
    expect(lstatSync(path.join(r.root, 'docs/adr/README.md')).isSymbolicLink()).toBe(true);
  });

  it("MADR: a series from 0000 keeps its numbers, `accepted` and `draft` become the schema's spelling, `on hold` and site-generator keys are announced, and are exactly what check reports", async () => {
    const r = await importRepository('brownfield-madr', []);
    expect([...r.moves.values()]).toEqual([
      'docs/40-decisions/decision-000-use-markdown-architectural-decision-records.md',
      'docs/40-decisions/decision-001-use-a-message-queue.md',
      'docs/40-decisions/decision-002-use-rest.md',
    ]);
    const first = r.after.get('docs/40-decisions/decision-000-use-markdown-architectural-decision-records.md')!;
    expect(frontmatter(first)).toContain('status: Approved');
    expect(frontmatter(first)).toContain('last_updated: "2022-11-24"');
    expect(frontmatter(first)).toContain('document_id: ACME-DECISION-000');
    expect(frontmatter(r.after.get('docs/40-decisions/decision-002-use-rest.md')!)).toContain('status: Draft');
    expect(frontmatter(r.after.get('docs/40-decisions/decision-001-use-a-message-queue.md')!)).toContain('status: "on hold"');
    expect(r.scan.plan.stated).toContainEqual(
      expect.objectContaining({ path: 'docs/40-decisions/decision-001-use-a-message-queue.md', stated: 'on hold', value: null }),
    );
    expect(r.after.get('docs/decisions/adr-template.md')).toBe(r.before.get('docs/decisions/adr-template.md'));
    // One run is enough: no `status is "draft"` left for a second fix.
    const codes = new Set(r.findings.map((f) => f[0]));
    expect([...codes]).toEqual(['SCHEMA_VALIDATION']);
    const messages = [...new Set(r.findings.map((f) => f[2]!.replace(/;.*$/, '')))].sort();
    expect(messages).toEqual([
      'Unknown field `date`',
      'Unknown field `deciders`.',
      'Unknown field `nav_order`.',
      'Unknown field `parent`.',
      '`status` is "on hold"',
    ]);
    expect(predicted(r.scan)).toEqual(counted(r.findings));
    expect(r.scan.plan.remaining.codes[0].messages).toContain('Unknown field `nav_order`.');
    // Bodies unchanged.
    for (const [from, text] of r.before) {
      const at = r.moves.get(from) ?? from;
      expect(body(r.after.get(at)!)).toBe(body(text));
    }
    // The apply message counts real findings and files (a move and its edit are one file).
    expect(r.apply.data.changes.length).toBe(7);
  });

  it('a linked docs/adrs folder kept as the ADR directory: nothing moves, links stay valid, check is clean', async () => {
    const r = await importRepository('brownfield-adrs-linked', ['--adr-dir', 'docs/adrs']);
    expect(r.moves.size).toBe(0);
    expect(r.findings).toEqual([['LINK_BROKEN', 'docs/adrs/0003-cache.md', 'Link target "0000-gone.md" does not exist.']]);
    expect(predicted(r.scan)).toEqual(counted(r.findings));
    for (const [rel, text] of r.before) expect(body(r.after.get(rel)!)).toBe(text);
  });

  it('a linked docs/adrs folder with the default layout: every record moves into docs/45-adr with the links between them rewritten', async () => {
    const r = await importRepository('brownfield-adrs-linked', []);
    expect([...r.moves.entries()]).toEqual([
      ['docs/adrs/0001-use-postgres.md', 'docs/45-adr/adr-001-use-postgres.md'],
      ['docs/adrs/0002-event-bus.md', 'docs/45-adr/adr-002-event-bus.md'],
      ['docs/adrs/0003-cache.md', 'docs/45-adr/adr-003-cache.md'],
    ]);
    expect(r.scan.plan.kept).toEqual([]);
    // Only the link that was broken before the import is reported.
    expect(r.findings.map((f) => f[0])).toEqual(['LINK_BROKEN']);
    const broken = r.check.violations.find((f: any) => f.code === 'LINK_BROKEN');
    expect(broken.suggestion).toBe('Fix the path (relative to docs/45-adr/) or restore the target.');
    expect(predicted(r.scan)).toEqual(counted(r.findings));
    expect(existsSync(path.join(r.root, 'docs/adrs/0001-use-postgres.md'))).toBe(false);
  });

  it("a broken /-rooted link is fixed from the repository root, not from the document's folder", async () => {
    const r = await importRepository('brownfield-adrs-linked', ['--adr-dir', 'docs/adrs']);
    const file = path.join(r.root, 'docs/adrs/0002-event-bus.md');
    writeFileSync(file, `${readFileSync(file, 'utf8')}\nSee [the guide](/guide.md).\n`);
    const check = await docket(['check', '--root', r.root, '--json']);
    const rooted = check.json!.violations.find((f: any) => f.code === 'LINK_BROKEN' && f.path === 'docs/adrs/0002-event-bus.md');
    expect(rooted.suggestion).toBe('Fix the path (from the repository root) or restore the target.');
  });
});

describe('namespaces added after an import', () => {
  it('doctor reports the Markdown that was governed and no longer is; scan suggests the docs tree with the namespaces', async () => {
    const r = await importRepository('brownfield-adrs-linked', ['--adr-dir', 'docs/adrs']);
    const healthy = await docket(['doctor', '--root', r.root, '--json']);
    expect(healthy.json!.warnings.map((w: any) => w.code)).not.toContain('DOCUMENTS_UNGOVERNED');
    const config = path.join(r.root, 'docops.config.yaml');
    writeFileSync(
      config,
      `${readFileSync(config, 'utf8')}namespaces:\n  - name: extra\n    repo_prefix: EXTRA\n    docs_root: docs/notes\n`,
    );
    mkdirSync(path.join(r.root, 'docs/notes'));
    const doctor = await docket(['doctor', '--root', r.root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.json!.warnings.filter((w: any) => w.code === 'DOCUMENTS_UNGOVERNED').map((w: any) => [w.path, w.message])).toEqual([
      [
        'docs',
        '3 Markdown files with a document ID under docs/ are outside every docs root (docs/notes/), so no command checks them: docs/adrs/0001-use-postgres.md, docs/adrs/0002-event-bus.md, docs/adrs/0003-cache.md.',
      ],
    ]);
    expect(doctor.json!.data.checks.find((c: any) => c.name === 'coverage').status).toBe('warn');
  });

  it('scan suggests the docs tree governed now along with the monorepo namespaces', async () => {
    const r = await importRepository('brownfield-adrs-linked', ['--adr-dir', 'docs/adrs']);
    mkdirSync(path.join(r.root, 'packages/web/docs'), { recursive: true });
    writeFileSync(path.join(r.root, 'packages/web/docs/intro.md'), '# Web\n');
    const scan = await docket(['scan', '--root', r.root, '--json']);
    expect(scan.json!.data.suggested_namespaces).toEqual([
      { name: 'default', docs_root: 'docs', repo_prefix: 'ACME' },
      { name: 'web', docs_root: 'packages/web/docs', repo_prefix: 'WEB' },
    ]);
  });
});

describe('scan without a config suggests how to init', () => {
  it("keeps an ADR log outside docs/ whole (adr-tools' .adr-dir), or governs doc/ when there is no docs/", async () => {
    const adr = copyFixture('brownfield-adr-tools');
    const scan = await docket(['scan', '--root', adr, '--json']);
    expect(scan.json!.advice.find((a: any) => a.code === 'NEXT_INIT').command).toBe(
      `docket init --docs-root doc --adr-dir doc/adr --root ${adr}`,
    );
    rmSync(path.join(adr, '.adr-dir'));
    const folder = await docket(['scan', '--root', adr, '--json']);
    expect(folder.json!.advice.find((a: any) => a.code === 'NEXT_INIT').message).toContain('doc/adr holds the decision records');
    const linked = copyFixture('brownfield-adrs-linked');
    expect((await docket(['scan', '--root', linked, '--json'])).json!.advice.find((a: any) => a.code === 'NEXT_INIT').command).toBe(
      `docket init --adr-dir docs/adrs --root ${linked}`,
    );
    const plain = copyFixture('brownfield-adr-tools');
    rmSync(path.join(plain, '.adr-dir'));
    mkdirSync(path.join(plain, 'doc/guides'));
    writeFileSync(path.join(plain, 'doc/guides/setup.md'), '# Setup\n');
    rmSync(path.join(plain, 'doc/adr'), { recursive: true });
    expect((await docket(['scan', '--root', plain, '--json'])).json!.advice.find((a: any) => a.code === 'NEXT_INIT').command).toBe(
      `docket init --docs-root doc --root ${plain}`,
    );
  });

  it('init --docs-root and --adr-dir write the config, and refuse an ADR directory outside the docs root', async () => {
    const root = copyFixture('brownfield-adr-tools');
    const bad = await docket(['init', '--root', root, '--prefix', 'ACME', '--adr-dir', 'doc/adr', '--json']);
    expect(bad.exitCode).toBe(64);
    expect(bad.json!.error.code).toBe('INVALID_FLAG_VALUE');
    expect((await docket(['init', '--root', root, '--prefix', 'ACME', '--docs-root', '../x', '--json'])).json!.error.code).toBe(
      'INVALID_FLAG_VALUE',
    );
    const ok = await docket(['init', '--root', root, '--prefix', 'ACME', '--docs-root', 'doc', '--adr-dir', 'doc/adr', '--json']);
    expect(ok.json!.data).toMatchObject({ docs_root: 'doc' });
    const config = readFileSync(path.join(root, 'docops.config.yaml'), 'utf8');
    expect(config).toContain(
      'docs_root: doc\nschema_path: doc/00-governance/metadata.schema.json\nindex_path: doc/01-indices/docket.index.json\n',
    );
    expect(config).toContain('  ADR:\n    directory: adr\n    template: doc/00-governance/templates/adr.template.md\n');
    expect(existsSync(path.join(root, 'doc/00-governance/metadata.schema.json'))).toBe(true);
    expect(existsSync(path.join(root, 'doc/45-adr'))).toBe(false);
  });
});
