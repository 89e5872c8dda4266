import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { postgresAdr } from '../helpers/meminit-repo.js';
import { describe, expect, it } from 'vitest';
import { parseJunit } from '../helpers/ci.js';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * A repository configured and generated as the Python DocOps CLI leaves it, run through
 * docket as a user would. Each expectation cites the section of
 * /work/shared/reference/python-docops-cli.md it follows.
 */

const TODAY = { DOCKET_TODAY: '2026-03-01' };

/** §4.1 keys docket used to report as unknown, and the `org` namespace `org vendor` adds (§8.6). */
const CONFIG = `project_name: acme
repo_prefix: ACME
docops_version: '2.0'
docs_root: docs
schema_path: docs/00-governance/metadata.schema.json
catalog_name: dashboard.md
valid_impl_states:
  - Not Started
  - In Progress
  - Done
valid_doc_statuses:
  - Draft
  - Approved
namespaces:
  - name: repo
    repo_prefix: ACME
    docs_root: docs
  - name: org
    repo_prefix: ORG
    docs_root: docs/00-governance/org
    type_directories: {GOV: "."}
`;

const ADR = postgresAdr('ACME');

/** §7.3: the catalogue carries governed-looking frontmatter, then the marker. */
const CATALOGUE = `---
document_id: ACME-INDEX-001
type: INDEX
title: Project Dashboard
status: Draft
version: "1.0"
last_updated: 2026-03-01
owner: __TBD__
docops_version: "2.0"
---
<!-- MEMINIT_GENERATED: catalog -->
# Project Dashboard
`;

/** §7.3: the kanban board starts with its marker. */
const KANBAN = '<!-- MEMINIT_GENERATED: kanban -->\n# acme Project Status Board\n';

async function pythonShapedRepo(): Promise<string> {
  const root = tempDir();
  const init = await docket(['init', '--root', root, '--prefix', 'ACME', '--json'], { env: TODAY });
  expect(init.exitCode).toBe(0);
  writeFileSync(path.join(root, 'docops.config.yaml'), CONFIG);
  mkdirSync(path.join(root, 'docs/00-governance/org'), { recursive: true });
  writeTree(root, { 'docs/45-adr/adr-001-use-postgres.md': ADR });
  return root;
}

/** The views of §7.3 under the names §4.1 excludes, and one under a name only its marker gives away. */
function addViews(root: string): string[] {
  const views = {
    'docs/01-indices/dashboard.md': CATALOGUE, // catalog_name
    'docs/01-indices/kanban.md': KANBAN,
    'docs/01-indices/kanban.css': '.kanban-board { display: flex; }\n',
    'docs/01-indices/project-state.yaml': 'state_schema_version: "2.0"\ndocuments: {}\n',
    'docs/01-indices/board.md': `\n\n${KANBAN}`, // `index --output-kanban` elsewhere, renamed: the marker says what it is
    'docs/01-indices/catalogue.md': CATALOGUE.replace('\n<!--', '\n\n<!--'), // the default name of an earlier catalog_name; blank line before the marker
  };
  writeTree(root, views);
  return Object.keys(views);
}

describe('config keys of the Python DocOps CLI (reference §4.1, §4.3, §8.6)', () => {
  it('doctor --strict and check --strict pass: its keys are known, `type_directories` is a note', async () => {
    const root = await pythonShapedRepo();
    const doctor = await docket(['doctor', '--strict', '--root', root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.exitCode).toBe(0);
    expect(doctor.json!).toMatchObject({ success: true, violations: [] });
    expect(doctor.json!.warnings.map((w: any) => [w.code, w.severity, w.line])).toEqual([['CONFIG_DEPRECATED_KEY', 'info', 21]]);
    expect(doctor.json!.data.checks.find((c: any) => c.name === 'config').status).toBe('ok');
    expect(doctor.json!.advice[0].code).toBe('NEXT_CHECK');

    const check = await docket(['check', '--strict', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect(check.exitCode).toBe(0);
    expect(check.json!.success).toBe(true);

    // A CI report agrees: the note is printed, not failed.
    const junit = await docket(['check', '--strict', '--root', root, '--format', 'junit']);
    expect(junit.exitCode).toBe(0);
    const suite = parseJunit(junit.stdout).testsuites;
    expect(suite.failures).toBe('0');
    expect(suite.testsuite[0].testcase[0]['system-out']).toContain('CONFIG_DEPRECATED_KEY');
  });

  it('doctor --strict still fails on a real warning, such as an unknown key', async () => {
    const root = await pythonShapedRepo();
    writeFileSync(path.join(root, 'docops.config.yaml'), `${CONFIG}catalogue_name: x.md\n`);
    const doctor = await docket(['doctor', '--strict', '--root', root, '--json']);
    expect(doctor.exitCode).toBe(1);
    expect(doctor.json!.warnings.map((w: any) => w.code)).toEqual(['CONFIG_DEPRECATED_KEY', 'CONFIG_UNKNOWN_KEY']);
    expect(doctor.json!.warnings[1].message).toMatch(/did you mean `catalog_name`/);
  });

  it('a value of the wrong type is a finding with its line', async () => {
    const root = await pythonShapedRepo();
    writeFileSync(
      path.join(root, 'docops.config.yaml'),
      CONFIG.replace('valid_doc_statuses:\n  - Draft\n  - Approved\n', 'valid_doc_statuses: Draft\n'),
    );
    const doctor = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(doctor.json, 'doctor');
    expect(doctor.exitCode).toBe(1);
    expect(doctor.json!.violations[0]).toMatchObject({
      code: 'CONFIG_INVALID',
      line: 11,
      message: 'docops.config.yaml:11: `valid_doc_statuses` must be a list of strings.',
    });
  });

  it('§4.1/§4.3: the top-level `name` names the single namespace; `new --namespace` finds it in any case', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME', '--json'], { env: TODAY });
    writeFileSync(path.join(root, 'docops.config.yaml'), 'name: main\nrepo_prefix: ACME\ndocs_root: docs\n');
    for (const [namespace, title] of [
      ['main', 'Use Postgres'],
      ['MAIN', 'Use Redis'],
    ] as const) {
      const created = await docket(['new', 'ADR', title, '--namespace', namespace, '--root', root, '--json'], { env: TODAY });
      expectValidEnvelope(created.json, 'new');
      expect(created.exitCode).toBe(0);
      expect(existsSync(path.join(root, created.json!.data.path))).toBe(true);
    }
    const unknown = await docket(['new', 'ADR', 'Use Kafka', '--namespace', 'default', '--root', root, '--json'], { env: TODAY });
    expect(unknown.exitCode).toBe(64);
    expect(unknown.json!.error.code).toBe('UNKNOWN_NAMESPACE');
  });

  it("context shows catalog_name and each namespace's statuses, states and owner", async () => {
    const root = await pythonShapedRepo();
    writeFileSync(
      path.join(root, 'docops.config.yaml'),
      CONFIG.replace('    repo_prefix: ORG\n', '    repo_prefix: ORG\n    default_owner: org-team\n'),
    );
    const r = await docket(['context', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'context');
    expect(r.json!.data.catalog_name).toBe('dashboard.md');
    expect(r.json!.data.namespaces.map((ns: any) => [ns.name, ns.valid_doc_statuses, ns.valid_impl_states, ns.default_owner])).toEqual([
      ['repo', ['Draft', 'Approved'], ['Not Started', 'In Progress', 'Done'], undefined],
      ['org', ['Draft', 'Approved'], ['Not Started', 'In Progress', 'Done'], 'org-team'],
    ]);
  });
});

describe('views the Python DocOps CLI generates (reference §4.1 excluded_files, §7.3)', () => {
  it('check, fix, index, scan and context --deep leave them out', async () => {
    const root = await pythonShapedRepo();
    const views = addViews(root);
    const before = Object.fromEntries(views.map((rel) => [rel, readFileSync(path.join(root, rel), 'utf8')]));

    const check = await docket(['check', '--strict', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect(check.exitCode).toBe(0);
    expect(check.json!.data.checked_paths).toEqual(['docs/45-adr/adr-001-use-postgres.md']);

    // A view named on the command line is ignored, not checked.
    const named = await docket(['check', 'docs/01-indices/board.md', 'docs/01-indices/dashboard.md', '--root', root, '--json']);
    expectValidEnvelope(named.json, 'check');
    expect(named.exitCode).toBe(0);
    expect(named.json!.data.ignored_paths).toEqual(['docs/01-indices/board.md', 'docs/01-indices/dashboard.md']);

    const fix = await docket(['fix', '--apply', '--root', root, '--json'], { env: TODAY });
    expectValidEnvelope(fix.json, 'fix');
    expect(fix.exitCode).toBe(0);
    expect(fix.json!.data).toMatchObject({ fixed: 0, remaining: 0, changes: [] });
    for (const rel of views) expect(readFileSync(path.join(root, rel), 'utf8'), rel).toBe(before[rel]);

    const index = await docket(['index', '--root', root, '--json']);
    expectValidEnvelope(index.json, 'index');
    expect(index.exitCode).toBe(0);
    expect(index.json!.data.node_count).toBe(1);

    const scan = await docket(['scan', '--root', root, '--json']);
    expectValidEnvelope(scan.json, 'scan');
    const governed = scan.json!.data.files.filter((f: any) => f.governed).map((f: any) => f.path);
    expect(governed).toEqual(['docs/45-adr/adr-001-use-postgres.md']);
    expect(scan.json!.data.actions).toEqual([]);

    const context = await docket(['context', '--deep', '--root', root, '--json']);
    expectValidEnvelope(context.json, 'context');
    expect(context.json!.data.documents.map((d: any) => d.path)).toEqual(['docs/45-adr/adr-001-use-postgres.md']);

    const identify = await docket(['identify', 'docs/01-indices/board.md', '--root', root, '--json']);
    expect(identify.json!.error).toMatchObject({
      code: 'DOCUMENT_NOT_INDEXED',
      details: { reason: 'it is a view the Python DocOps CLI generated (its MEMINIT_GENERATED marker)' },
    });
    const byName = await docket(['identify', 'docs/01-indices/dashboard.md', '--root', root, '--json']);
    expect(byName.json!.error).toMatchObject({ code: 'DOCUMENT_NOT_INDEXED', details: { reason: 'it is excluded by the config' } });
  });

  it('without the marker, a file of the index directory is a document like any other', async () => {
    const root = await pythonShapedRepo();
    writeTree(root, {
      'docs/01-indices/notes.md': '# Notes\n\n<!-- MEMINIT_GENERATED: catalog -->\n',
      'docs/01-indices/old-board.md': '<!-- MEMINIT_GENERATED: kanban2 -->\n',
    });
    const check = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect(check.exitCode).toBe(1);
    expect(check.json!.data.checked_paths).toEqual([
      'docs/01-indices/notes.md',
      'docs/01-indices/old-board.md',
      'docs/45-adr/adr-001-use-postgres.md',
    ]);
    expect(check.json!.violations.filter((v: any) => v.code === 'FRONTMATTER_MISSING').map((v: any) => v.path)).toEqual([
      'docs/01-indices/notes.md',
      'docs/01-indices/old-board.md',
    ]);
  });
});
