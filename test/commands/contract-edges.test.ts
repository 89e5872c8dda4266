import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isCompatible } from '../../src/lib/parse.js';
import { docket } from '../helpers/cli.js';
import { copyFixture, removeLater, tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// Edge cases of the machine contract found in review: each once broke it.
describe('contract edges', () => {
  it('error messages keep paths next to the root intact (only paths under it are relativised)', async () => {
    const repo = copyFixture('handbook', { example: true });
    const sibling = removeLater(`${repo}2`);
    mkdirSync(sibling);
    writeFileSync(path.join(sibling, 'x.md'), '# x\n');
    const r = await docket(['identify', path.join(sibling, 'x.md'), '--root', repo, '--json']);
    expect(r.exitCode).toBe(77);
    expect(r.json!.error.message).toContain(path.join(sibling, 'x.md'));
    const missing = await docket(['check', '--root', '/nonexistent-docket-root', '--json']);
    expect(missing.json!.error.message).toBe('The root /nonexistent-docket-root does not exist.');
  });

  it('parse errors still echo --correlation-id and --include-timestamp (also from the environment)', async () => {
    const r = await docket(['check', '--bogus', '--correlation-id', 'abc', '--include-timestamp', '--json']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.correlation_id).toBe('abc');
    expect(r.json!.timestamp).toMatch(/Z$/);
    const env = await docket(['nonsense', '--json'], { env: { DOCKET_CORRELATION_ID: 'ci-1' } });
    expect(env.json!.correlation_id).toBe('ci-1');
  });

  it('in ndjson, errors after the format is settled are a header and an error record', async () => {
    const r = await docket(['check', '--root', '/nonexistent-docket-root', '--format', 'ndjson']);
    expect(r.exitCode).toBe(66);
    const records = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(records.map((x) => x.record)).toEqual(['header', 'error']);
    expect(records[1].error.code).toBe('ROOT_NOT_FOUND');
  });

  it('global flags before the command are accepted; help ignores flag values', async () => {
    const repo = copyFixture('handbook', { example: true });
    const r = await docket(['--json', '--root', repo, 'context']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'context');
    const help = await docket(['help', 'nope', '--format', 'json']);
    expect(help.json!.command).toBe('nope');
  });

  it('an empty --root is a usage error, and --root followed by a flag does not become the root', async () => {
    const empty = await docket(['check', '--root=', '--json']);
    expect(empty.exitCode).toBe(64);
    expect(empty.json!.error.code).toBe('INVALID_FLAG_VALUE');
    const dangling = await docket(['check', '--root', '--format', 'json']);
    expect(dangling.json!.root).not.toContain('--format');
  });

  it('a directory named docops.config.yaml is CONFIG_INVALID, not "not found"', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'docops.config.yaml'));
    const r = await docket(['context', '--root', root, '--json']);
    expect(r.exitCode).toBe(65);
    expect(r.json!.error.code).toBe('CONFIG_INVALID');
  });

  it('a write the file system refuses is WRITE_FAILED (73) with a relative path, not an internal error', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const config = path.join(root, 'docops.config.yaml');
    writeFileSync(config, readFileSync(config, 'utf8').replace('docs_root: docs', 'docs_root: docops.config.yaml'));
    const r = await docket(['new', 'ADR', 'Blocked', '--root', root, '--json']);
    expect(r.exitCode).toBe(73);
    expectValidEnvelope(r.json);
    expect(r.json!.error).toMatchObject({
      code: 'WRITE_FAILED',
      details: { path: 'docops.config.yaml/45-adr/adr-001-blocked.md', errno: 'ENOTDIR' },
    });
    expect(JSON.stringify(r.json!.error)).not.toContain(root);
  });

  it('DOCKET_FORMAT=ndjson is a session default: commands without ndjson answer with the JSON envelope', async () => {
    const repo = copyFixture('handbook', { example: true });
    const r = await docket(['resolve', 'ACME-ADR-001', '--root', repo], { env: { DOCKET_FORMAT: 'ndjson' } });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'resolve');
    const explicit = await docket(['resolve', 'ACME-ADR-001', '--root', repo, '--format', 'ndjson']);
    expect(explicit.exitCode).toBe(64);
  });

  it('check --strict --quiet still prints the warnings that fail the run', async () => {
    const repo = copyFixture('handbook', { example: true });
    writeFileSync(
      path.join(repo, 'docs/60-runbooks/Odd_Name.md'),
      readFileSync(path.join(repo, 'docs/60-runbooks/runbook-002-replay-dead-letter-events.md'), 'utf8')
        .replace('ACME-RUNBOOK-002', 'ACME-RUNBOOK-009')
        .replace(/related_ids:\n( {2}- .*\n)+/, ''),
    );
    const r = await docket(['check', '--root', repo, '--strict', '--quiet']);
    expect(r.exitCode).toBe(1);
    expect(r.stdout).toContain('FILENAME_CONVENTION');
    const quiet = await docket(['check', '--root', repo, '--quiet']);
    expect(quiet.exitCode).toBe(0);
    expect(quiet.stdout).not.toContain('FILENAME_CONVENTION');
  });

  it('--fields works for commands whose data schema has several shapes (new)', async () => {
    const repo = copyFixture('handbook', { example: true });
    const r = await docket(['new', 'ADR', 'Fields', '--dry-run', '--fields', 'path,document_id', '--root', repo, '--json']);
    expect(r.exitCode).toBe(0);
    expect(Object.keys(r.json!.data)).toEqual(['document_id', 'path']);
    expectValidEnvelope(r.json, 'new', { projected: true });
  });

  it('new: --list-types takes no TYPE; --superseded-by makes the document Superseded unless --status says otherwise', async () => {
    const repo = copyFixture('handbook', { example: true });
    expect((await docket(['new', 'ADR', 'X', '--list-types', '--root', repo, '--json'])).json!.error.code).toBe('FLAG_CONFLICT');
    const r = await docket(['new', 'ADR', 'Old way', '--superseded-by', 'ACME-ADR-003', '--dry-run', '--root', repo, '--json']);
    expect(r.json!.data.status).toBe('Superseded');
    const kept = await docket([
      'new',
      'ADR',
      'Old way',
      '--superseded-by',
      'ACME-ADR-003',
      '--status',
      'Draft',
      '--dry-run',
      '--root',
      repo,
      '--json',
    ]);
    expect(kept.json!.data.status).toBe('Draft');
  });

  it('fix and index accept --max-findings and report totals', async () => {
    const repo = copyFixture('handbook', { example: true });
    for (const args of [['fix'], ['index']]) {
      const r = await docket([...args, '--root', repo, '--json', '--max-findings', '0']);
      expectValidEnvelope(r.json, args[0]);
      expect(r.json!.data).toMatchObject({ totals: { violations: 0, warnings: expect.any(Number) }, truncated: expect.any(Boolean) });
    }
  });

  it('the client rejects versions with leading zeros', () => {
    expect(isCompatible('1.0')).toBe(true);
    expect(isCompatible('1.7')).toBe(true);
    expect(isCompatible('01.0')).toBe(false);
    expect(isCompatible('2.0')).toBe(false);
  });
});
