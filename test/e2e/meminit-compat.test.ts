// docket on repositories governed by the Python DocOps CLI (meminit), built from that tool's
// behavioural reference (shared/reference/python-docops-cli.md); each expectation cites the
// section it follows. The promise (README "Compatibility with the Python DocOps CLI"): such a
// repository works unchanged, docket reports nothing that tool rightly accepts, and `fix --apply`
// never changes a byte of a valid document.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { baseDocuments, committedIndex, meminitRepo, postgresAdr, sortKeys, treeDigest, type Trait } from '../helpers/meminit-repo.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-03' };
const GOVERNED = Object.keys(baseDocuments()).length;

/**
 * Warnings but the one note the org namespace's legacy `type_directories` earns (severity info,
 * never failing --strict; that tool itself raises a DeprecationWarning for the key, §4.1).
 */
function realWarnings(warnings: any[]): any[] {
  return warnings.filter((w) => !(w.severity === 'info' && w.code === 'CONFIG_DEPRECATED_KEY'));
}

async function json(command: string, root: string, args: string[] = []) {
  const r = await docket([...command.split(' '), '--root', root, '--format', 'json', ...args], { env: TODAY });
  expectValidEnvelope(r.json, command);
  return r;
}

const variants: { name: string; traits: Trait[]; governed: number }[] = [
  { name: 'config keys and shared type directories (§4.1, §4.2, §4.3, §8.4)', traits: [], governed: GOVERNED },
  { name: 'generated views in the index directory (§7.3, §9.1)', traits: ['generated-views'], governed: GOVERNED },
  { name: 'frontmatter after a blank line and with four-dash fences (§5.2)', traits: ['blank-line-frontmatter'], governed: GOVERNED + 2 },
  { name: 'a committed index artifact (§7.1)', traits: ['committed-index'], governed: GOVERNED },
  { name: 'all of them together', traits: ['generated-views', 'blank-line-frontmatter', 'committed-index'], governed: GOVERNED + 2 },
];

describe.each(variants)('a meminit repository: $name', ({ traits, governed }) => {
  it('check finds nothing wrong (§5.5: every document is valid; §4.1 excluded files and §7.3 views are not governed)', async () => {
    const root = meminitRepo(traits);
    const r = await json('check', root);
    expect(r.json!.violations).toEqual([]);
    expect(realWarnings(r.json!.warnings)).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.files_checked).toBe(governed);
    expect(r.stderr).toBe('');
    // --strict fails on warnings, and there are none (§5.5 --strict).
    expect((await json('check', root, ['--strict'])).exitCode).toBe(0);
  });

  it('doctor --strict passes, as the pre-commit hook that tool installs runs it (§8.2, §8.5)', async () => {
    const root = meminitRepo(traits);
    const r = await json('doctor', root, ['--strict']);
    expect(realWarnings(r.json!.warnings)).toEqual([]);
    expect(r.json!.violations).toEqual([]);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.status).toBe('ok');
  });

  it("fix's dry run has nothing to do, and --apply changes no byte (§5.7)", async () => {
    const root = meminitRepo(traits);
    const before = treeDigest(root);
    const dry = await json('fix', root);
    expect(dry.json!.data).toMatchObject({ dry_run: true, fixed: 0, remaining: 0, changes: [] });
    expect(dry.exitCode).toBe(0);
    const applied = await json('fix', root, ['--apply']);
    expect(applied.json!.data).toMatchObject({ fixed: 0, remaining: 0, changes: [] });
    expect(applied.exitCode).toBe(0);
    expect(treeDigest(root)).toEqual(before);
  });
});

describe('a meminit repository: its index artifact (§7.1, §7.5)', () => {
  it('is brought up to date in place, in that format, and no second artifact appears', async () => {
    const root = meminitRepo(['committed-index']);
    const r = await json('index', root);
    expect(r.exitCode).toBe(0);
    expect(existsSync(path.join(root, 'docs/01-indices/docket.index.json'))).toBe(false);
    const text = readFileSync(path.join(root, 'docs/01-indices/meminit.index.json'), 'utf8');
    const artifact = JSON.parse(text);
    // §7.1: pretty (indent 2), keys sorted, ASCII only, a trailing newline; no run_id, root or timestamp.
    expect(text).toBe(`${JSON.stringify(sortKeys(artifact), null, 2)}\n`);
    expect(/[^\x00-\x7f]/.test(text)).toBe(false);
    expect(Object.keys(artifact)).toEqual(['advice', 'command', 'data', 'output_schema_version', 'success', 'violations', 'warnings']);
    expect(artifact).toMatchObject({ output_schema_version: '2.0', success: true, command: 'index', violations: [] });
    expect(artifact.data).toMatchObject({ index_version: '1.0', graph_schema_version: '1.0', node_count: GOVERNED });
    expect(artifact.data.namespaces).toEqual([
      { docs_root: 'docs', namespace: 'meminit', repo_prefix: 'MEMINIT' },
      { docs_root: 'docs/00-governance/org', namespace: 'org', repo_prefix: 'ORG' },
    ]);
    const ids = artifact.data.nodes.map((n: any) => n.document_id);
    expect(ids).toEqual([...ids].sort());
    expect(artifact.data.nodes.find((n: any) => n.document_id === 'ORG-GOV-002')).toMatchObject({
      path: 'docs/00-governance/org/org-gov-002-metadata-schema.md',
      namespace: 'org',
      repo_prefix: 'ORG',
      type: 'GOV',
      status: 'Approved',
      related_ids: ['ORG-GOV-001'],
      superseded_by: null,
      area: null,
    });
    // §7.1 edges: related and supersedes from frontmatter (guaranteed), references from body links.
    const edge = (source: string, target: string, type: string) =>
      artifact.data.edges.find((e: any) => e.source === source && e.target === target && e.edge_type === type);
    expect(edge('MEMINIT-ADR-002', 'MEMINIT-SPEC-001', 'related')).toMatchObject({ guaranteed: true, context: 'frontmatter.related_ids' });
    expect(edge('MEMINIT-ADR-002', 'MEMINIT-ADR-001', 'supersedes')).toMatchObject({
      guaranteed: true,
      context: 'frontmatter.superseded_by',
    });
    expect(edge('MEMINIT-GOV-001', 'MEMINIT-ADR-001', 'references')).toMatchObject({ guaranteed: false, context: 'body.markdown_link' });
    // A second run gives the same bytes (§7.1: committable, stable).
    await json('index', root);
    expect(readFileSync(path.join(root, 'docs/01-indices/meminit.index.json'), 'utf8')).toBe(text);
  });

  it('is what resolve, identify and link read (§7.5)', async () => {
    const root = meminitRepo(['committed-index']);
    await json('index', root);
    const resolved = await json('resolve', root, ['ORG-GOV-001']);
    expect(resolved.json!.data).toMatchObject({ document_id: 'ORG-GOV-001', path: 'docs/00-governance/org/org-gov-001-constitution.md' });
    const identified = await json('identify', root, ['docs/45-adr/adr-002-use-sqlite.md']);
    expect(identified.json!.data).toMatchObject({ document_id: 'MEMINIT-ADR-002' });
    // The link's target is that tool's; its text is the title, not the ID (SPEC-004, differences).
    const linked = await json('link', root, ['MEMINIT-ADR-002']);
    expect(linked.json!.data.link).toBe('[Use SQLite](docs/45-adr/adr-002-use-sqlite.md)');
  });

  it("warns about a Superseded document without superseded_by, as that tool's GRAPH_SUPERSESSION_STATUS_MISMATCH does (§7.1)", async () => {
    const root = meminitRepo();
    const file = path.join(root, 'docs/45-adr/adr-001-use-postgres.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('superseded_by: MEMINIT-ADR-002\n', ''));
    const r = await json('index', root);
    expect(r.exitCode).toBe(0);
    expect(r.json!.warnings.map((w: any) => [w.code, w.path])).toContainEqual([
      'INDEX_STATUS_MISMATCH',
      'docs/45-adr/adr-001-use-postgres.md',
    ]);
    // The artifact that tool reads carries its own code.
    const artifact = JSON.parse(readFileSync(path.join(root, 'docs/01-indices/meminit.index.json'), 'utf8'));
    expect(artifact.warnings.map((w: any) => [w.code, w.path])).toContainEqual([
      'GRAPH_SUPERSESSION_STATUS_MISMATCH',
      'docs/45-adr/adr-001-use-postgres.md',
    ]);
  });
});

describe('a meminit repository: the rest of its surface', () => {
  it('context lists both namespaces with their prefixes and the keys it reads (§4.3, §8.3)', async () => {
    const r = await json('context', meminitRepo());
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.namespaces.map((n: any) => [n.name, n.repo_prefix, n.docs_root])).toEqual([
      ['meminit', 'MEMINIT', 'docs'],
      ['org', 'ORG', 'docs/00-governance/org'],
    ]);
  });

  it('new files a GOV document in the org namespace, where GOV has no directory constraint (§4.3, §6.2)', async () => {
    const root = meminitRepo();
    const r = await json('new', root, ['GOV', 'Review cadence', '--namespace', 'org', '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data).toMatchObject({ document_id: 'ORG-GOV-003', path: 'docs/00-governance/org/gov-003-review-cadence.md' });
  });

  it('a single-namespace repository names its namespace with the top-level `name` (§4.1)', async () => {
    const root = writeTree(tempDir(), {
      'docops.config.yaml': 'name: main\nproject_name: Acme\nrepo_prefix: ACME\ndocops_version: "2.0"\ndocs_root: docs\n',
      'docs/00-governance/metadata.schema.json': readFileSync(path.join(meminitRepo(), 'docs/00-governance/metadata.schema.json'), 'utf8'),
    });
    const r = await json('new', root, ['ADR', 'Use queues', '--namespace', 'main', '--dry-run']);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data).toMatchObject({ document_id: 'ACME-ADR-001' });
    const doctor = await json('doctor', root, ['--strict']);
    expect(doctor.json!.warnings).toEqual([]);
  });

  it('org status reads the organisation lock that tool wrote (§8.6)', async () => {
    const r = await json('org status', meminitRepo());
    expect(r.exitCode).toBe(0);
    expect(JSON.stringify(r.json!.data)).toContain('org-profile.lock.json');
  });

  it('explain knows its codes and names the docket code that replaces each (§3.1)', async () => {
    const r = await docket(['explain', 'PATH_ESCAPE', '--format', 'json']);
    expect(r.exitCode).toBe(0);
    expect(JSON.stringify(r.json!.data)).toContain('PATH_OUTSIDE_ROOT');
  });

  it('runs fix and index without a config inside a git work tree, on defaults, keeping its committed index (§1.3, §4.1, §7.1)', async () => {
    const root = writeTree(tempDir('acme-widget-'), {
      'docs/45-adr/adr-001-use-postgres.md': baseDocuments()['docs/45-adr/adr-002-use-sqlite.md']!.replaceAll('MEMINIT-', 'ACMEWIDGET-'),
      'docs/01-indices/meminit.index.json': committedIndex()['docs/01-indices/meminit.index.json']!,
    });
    execFileSync('git', ['init', '-q'], { cwd: root });
    const fix = await json('fix', root);
    expect(fix.json!.error).toBeUndefined();
    const index = await json('index', root);
    expect(index.json!.error).toBeUndefined();
    expect(index.json!.warnings.map((w: any) => w.code)).toContain('CONFIG_DEFAULTS');
    expect(existsSync(path.join(root, 'docs/01-indices/docket.index.json'))).toBe(false);
    const artifact = JSON.parse(readFileSync(path.join(root, 'docs/01-indices/meminit.index.json'), 'utf8'));
    expect(artifact.data.nodes.map((n: any) => n.document_id)).toEqual(['ACMEWIDGET-ADR-002']);
  });

  it('a FIFO named like a view in the index directory is not waited on (§7.3)', async () => {
    const root = meminitRepo();
    execFileSync('mkfifo', [path.join(root, 'docs/01-indices/board.md')]);
    const r = await json('check', root);
    expect(r.json!.data.files_checked).toBeGreaterThan(0);
  });

  it("the issue's repro: a frontmatter after a blank line is read, and fix --apply leaves the file alone (§5.2)", async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'BLANK']);
    const file = path.join(root, 'docs/45-adr/adr-001-use-postgres.md');
    const text = `\n${postgresAdr('BLANK')}`;
    writeFileSync(file, text);
    const check = await json('check', root);
    expect(check.json!.violations).toEqual([]);
    const fix = await json('fix', root, ['--apply']);
    expect(fix.exitCode).toBe(0);
    expect(readFileSync(file, 'utf8')).toBe(text);
  });
});
