import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nodeSupported, runDoctor } from '../../src/core/usecases/doctor.js';
import { docket } from '../helpers/cli.js';
import { copyFixture, tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

async function initialised(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  return root;
}

describe('doctor', () => {
  it('reports a healthy setup', async () => {
    const r = await docket(['doctor', '--root', await initialised(), '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'doctor');
    expect(r.json!.data.status).toBe('ok');
    expect(r.json!.data.checks.map((c: any) => c.name)).toEqual([
      'node',
      'config',
      'namespaces',
      'docs_roots',
      'coverage',
      'schema',
      'templates',
      'temp_files',
      'state',
    ]);
    expect(r.json!.advice[0].code).toBe('NEXT_CHECK');
  });

  it('diagnoses a missing config as a warning and the rest on the defaults (reference §1.3, §8.2)', async () => {
    const r = await docket(['doctor', '--root', tempDir(), '--json']);
    expect(r.exitCode).toBe(1);
    expectValidEnvelope(r.json, 'doctor');
    expect(r.json!).toMatchObject({ success: false, status: 'ok' });
    expect(r.json!.warnings.map((w: any) => [w.code, w.severity])).toEqual([['CONFIG_NOT_FOUND', 'warning']]);
    // On the defaults: the docs root `docs` and its schema are missing too.
    expect(r.json!.violations.map((v: any) => v.code)).toEqual(['REPO_STRUCTURE', 'SCHEMA_MISSING']);
    expect(r.json!.advice[0]).toMatchObject({ code: 'NEXT_INIT' });
  });

  it('passes without a config when the defaults fit, and fails on the missing config only with --strict', async () => {
    const root = await initialised();
    rmSync(path.join(root, 'docops.config.yaml'));
    const r = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'doctor');
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.checks.find((c: any) => c.name === 'config')).toMatchObject({ status: 'warn' });
    const strict = await docket(['doctor', '--strict', '--root', root, '--json']);
    expect(strict.exitCode).toBe(1);
  });

  it('reports malformed YAML with file and line', async () => {
    const root = writeTree(tempDir(), { 'docops.config.yaml': 'repo_prefix: ACME\ndocs_root: [docs\n' });
    const r = await docket(['doctor', '--root', root, '--json']);
    expect(r.exitCode).toBe(1);
    expect(r.json!.violations[0]).toMatchObject({ code: 'CONFIG_INVALID', path: 'docops.config.yaml' });
    expect(r.json!.violations[0].message).toMatch(/docops\.config\.yaml:\d+/);
  });

  it('reports a missing docs root, missing or invalid schemas, and missing templates', async () => {
    const root = await initialised();
    rmSync(path.join(root, 'docs/45-adr'), { recursive: true });
    rmSync(path.join(root, 'docs/00-governance/templates/prd.template.md'));
    writeFileSync(path.join(root, 'docs/00-governance/metadata.schema.json'), '{"type": "object", "properties": {"x": {"type": "strin"}}}');
    const r = await docket(['doctor', '--root', root, '--json']);
    expect(r.exitCode).toBe(1);
    expectValidEnvelope(r.json, 'doctor');
    expect(r.json!.violations.map((v: any) => v.code)).toEqual(['SCHEMA_INVALID']);
    expect(r.json!.warnings.map((v: any) => v.code)).toEqual(['TEMPLATE_MISSING']);
    writeFileSync(path.join(root, 'docs/00-governance/metadata.schema.json'), '{\n  "type": "object",\n}');
    const badJson = await docket(['doctor', '--root', root, '--json']);
    expect(badJson.json!.violations[0]).toMatchObject({ code: 'SCHEMA_INVALID', line: 3 });
    rmSync(path.join(root, 'docs'), { recursive: true });
    const gone = await docket(['doctor', '--root', root, '--json']);
    expect(gone.json!.violations.map((v: any) => v.code)).toEqual(['REPO_STRUCTURE', 'SCHEMA_MISSING']);
  });

  it('warns on config problems and fails on them only with --strict', async () => {
    const root = copyFixture('config-warnings');
    const r = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'doctor');
    const codes = r.json!.warnings.map((w: any) => w.code);
    expect(codes).toEqual(
      expect.arrayContaining(['CONFIG_UNKNOWN_KEY', 'CONFIG_PATH_REFUSED', 'CONFIG_DEPRECATED_KEY', 'CONFIG_VALUE_IGNORED']),
    );
    const typo = r.json!.warnings.find((w: any) => w.message.includes('schema_paht'));
    expect(typo).toMatchObject({ path: 'docops.config.yaml', line: 5 });
    expect(typo.message).toContain('did you mean `schema_path`');
    const strict = await docket(['doctor', '--root', root, '--json', '--strict']);
    expect(strict.exitCode).toBe(1);
    expect(strict.json!.success).toBe(false);
  });

  it('reports duplicate namespace prefixes', async () => {
    const root = writeTree(tempDir(), {
      'docops.config.yaml':
        'namespaces:\n  - {name: a, repo_prefix: AAA, docs_root: docs}\n  - {name: b, repo_prefix: AAA, docs_root: other}\n',
    });
    const r = await docket(['doctor', '--root', root, '--json']);
    const codes = r.json!.violations.map((v: any) => v.code);
    expect(codes).toEqual(expect.arrayContaining(['NAMESPACE_PREFIX_DUPLICATE', 'REPO_STRUCTURE']));
  });

  it('an invalid namespace prefix makes the config invalid, with its line (test/commands/config-keys.test.ts has the rest)', async () => {
    const root = writeTree(tempDir(), {
      'docops.config.yaml':
        'namespaces:\n  - {name: a, repo_prefix: AAA, docs_root: docs}\n  - {name: c, repo_prefix: x1, docs_root: third}\n',
    });
    const r = await docket(['doctor', '--root', root, '--json']);
    expect(r.json!.violations).toEqual([expect.objectContaining({ code: 'CONFIG_INVALID', line: 3 })]);
    expect(r.json!.violations[0].message).toContain('`namespaces[1].repo_prefix` is "x1"');
  });

  it('md: a heading, the summary, a table of checks and of violations, cells escaped; exit as in json', async () => {
    const root = await initialised();
    const config = path.join(root, 'docops.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('docs_root: docs\n', 'docs_root: "team|<docs>"\n'));
    const md = await docket(['doctor', '--root', root, '--format', 'md']);
    const json = await docket(['doctor', '--root', root, '--json']);
    expect(md.exitCode).toBe(1);
    expect(json.exitCode).toBe(1);
    expect(md.stdout.startsWith('# docket doctor\n\n- **Success:** no\n- **Status:** ok\n- **Violations:** 1\n')).toBe(true);
    expect(md.stdout).toContain('- **status:** error\n');
    expect(md.stdout).toContain('### checks\n\n| message | name | status |\n| --- | --- | --- |\n| Node.js ');
    // A pipe would end the cell and `<docs>` would be read as HTML: both are escaped.
    expect(md.stdout).toContain('| The docs root team\\|&lt;docs&gt; of namespace "default" does not exist. | docs_roots | error |\n');
    expect(md.stdout).toContain('## Violations\n\n| Code | Severity | Path | Line | Message | Suggestion |\n');
    expect(md.stdout).toContain('| REPO_STRUCTURE | error | team\\|&lt;docs&gt; |');
  });

  it('renders a checklist in text', async () => {
    const r = await docket(['doctor', '--root', await initialised()]);
    expect(r.stdout).toMatch(/✔ node/);
    expect(r.stdout).toMatch(/✔ schema/);
  });
});

describe('doctor: Node.js version', () => {
  const cmd = (c: string) => `docket ${c}`;

  it('nodeSupported() accepts 20.12 and newer only', () => {
    expect(['18.19.0', '20.11.1', '19.9.0', '20.12.0', '20.20.2', '22.0.0', '24.1.0'].map(nodeSupported)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
      true,
    ]);
  });

  it('an older Node.js is NODE_VERSION_UNSUPPORTED: an error check and a violation', async () => {
    const root = await initialised();
    const r = await runDoctor(root, { cmd, nodeVersion: '18.19.0' });
    expect(r.data.status).toBe('error');
    expect(r.data.checks[0]).toEqual({ name: 'node', status: 'error', message: 'Node.js 18.19.0 is older than 20.12.' });
    expect(r.violations).toEqual([
      expect.objectContaining({ code: 'NODE_VERSION_UNSUPPORTED', severity: 'error', suggestion: 'Install Node.js 20.12 or newer.' }),
    ]);
    const ok = await runDoctor(root, { cmd, nodeVersion: '20.12.0' });
    expect(ok.data.checks[0]).toMatchObject({ name: 'node', status: 'ok' });
    expect(ok.violations).toEqual([]);
  });
});
