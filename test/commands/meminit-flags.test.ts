import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, FIXED_RUN_ID } from '../helpers/cli.js';
import { DEFAULT_CONFIG, doc, repo } from '../helpers/docs.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/*
 * The Python DocOps CLI's flags (reference §1.1, §1.2, §1.4), accepted by docket as aliases so
 * that its scripts and hooks run unchanged.
 */

const TODAY = { DOCKET_TODAY: '2026-03-03' };
/** A repository with one fixable document (status `draft` becomes `Draft`). */
const fixable = () => repo({ 'docs/45-adr/adr-001-a.md': doc({ status: 'draft' }) });
const statusOf = (root: string) => /^status: (.*)$/m.exec(readFileSync(path.join(root, 'docs/45-adr/adr-001-a.md'), 'utf8'))?.[1];

describe('fix --dry-run / --no-dry-run (reference §1.4: dry-run is the default)', () => {
  it('--dry-run previews, exactly as no flag does', async () => {
    const root = fixable();
    const r = await docket(['fix', '--root', root, '--dry-run', '--json'], { env: TODAY });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'fix');
    expect(r.json!.data).toMatchObject({ dry_run: true, fixed: 1 });
    expect(statusOf(root)).toBe('draft');
  });

  it('--no-dry-run writes, as --apply does', async () => {
    const root = fixable();
    const r = await docket(['fix', '--root', root, '--no-dry-run', '--json'], { env: TODAY });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'fix');
    expect(r.json!.data).toMatchObject({ dry_run: false, fixed: 1, remaining: 0 });
    expect(statusOf(root)).toBe('Draft');
    const both = await docket(['fix', '--root', fixable(), '--apply', '--no-dry-run', '--json'], { env: TODAY });
    expect(both.json!.data).toMatchObject({ dry_run: false, fixed: 1 });
  });

  it('refuses --apply with --dry-run (FLAG_CONFLICT, exit 64 in every format) and writes nothing', async () => {
    const root = fixable();
    const json = await docket(['fix', '--root', root, '--apply', '--dry-run', '--json'], { env: TODAY });
    expect(json.exitCode).toBe(64);
    expectValidEnvelope(json.json, 'fix');
    expect(json.json!.error).toMatchObject({ code: 'FLAG_CONFLICT', details: { flags: ['--apply', '--dry-run'] } });
    expect(json.json!.error.suggestion).toContain('Drop --dry-run');
    const text = await docket(['fix', '--root', root, '--dry-run', '--apply'], { env: TODAY });
    expect(text.exitCode).toBe(64);
    expect(text.stderr).toContain('ERROR [FLAG_CONFLICT]');
    expect(statusOf(root)).toBe('draft');
  });
});

describe('doctor --strict / --no-strict (reference §1.4: no-strict is the default)', () => {
  it('--no-strict passes with warnings where --strict fails', async () => {
    // A config key docket does not know: a warning, nothing worse.
    const root = repo({ 'docops.config.yaml': `${DEFAULT_CONFIG}schema_paht: x\n`, 'docs/45-adr/adr-001-a.md': doc({}) });
    const loose = await docket(['doctor', '--root', root, '--no-strict', '--json']);
    expectValidEnvelope(loose.json, 'doctor');
    expect(loose.json!.warnings.length).toBeGreaterThan(0);
    expect(loose.exitCode).toBe(0);
    expect((await docket(['doctor', '--root', root, '--strict', '--json'])).exitCode).toBe(1);
  });
});

describe('--help and capabilities show the aliases', () => {
  it('lists them in --help', async () => {
    const fix = await docket(['fix', '--help']);
    expect(fix.stdout).toContain('--[no-]dry-run');
    expect(fix.stdout).toContain('--verbose');
    expect((await docket(['doctor', '--help'])).stdout).toContain('--[no-]strict');
  });

  it('describes them in capabilities (schema-validated)', async () => {
    const r = await docket(['capabilities', '--json']);
    expectValidEnvelope(r.json, 'capabilities');
    const flags = (id: string) => r.json!.data.commands.find((c: any) => c.id === id).flags;
    expect(flags('fix').find((f: any) => f.name === 'dry-run')).toMatchObject({ type: 'boolean', allow_no: true });
    expect(flags('doctor').find((f: any) => f.name === 'strict')).toMatchObject({ type: 'boolean', allow_no: true });
    expect(r.json!.data.global_flags.find((f: any) => f.name === 'verbose')).toMatchObject({ type: 'boolean' });
    const env = r.json!.data.environment.map((e: any) => e.name);
    expect(env).toEqual(
      expect.arrayContaining([
        'MEMINIT_CORRELATION_ID',
        'MEMINIT_DEBUG',
        'MEMINIT_DEFAULT_OWNER',
        'MEMINIT_LOCK_TIMEOUT_MS',
        'MEMINIT_RUN_ID',
      ]),
    );
  });
});

describe('--verbose (reference §1.1): decisions on stderr, never on stdout', () => {
  it('says what it decided, on stderr only, in JSON mode too', async () => {
    const root = fixable();
    const r = await docket(['new', 'ADR', 'Use Postgres', '--root', root, '--owner', 'Alice', '--json', '--verbose'], { env: TODAY });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'new');
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stdout).not.toContain('[docket]');
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines.every((l) => l.startsWith('[docket] '))).toBe(true);
    expect(lines).toEqual(
      expect.arrayContaining([
        '[docket] format: json (--json)',
        '[docket] config: docops.config.yaml read; index_path docs/01-indices/docket.index.json',
        '[docket] namespace: default (the default namespace: rooted at docs/, else the first)',
        '[docket] directory: docs/45-adr (type ADR)',
        '[docket] owner: Alice (--owner)',
        '[docket] id: ACME-ADR-002 (the next free number, claimed)',
      ]),
    );
    // Each decision once, even where the config is read twice.
    expect(new Set(lines).size).toBe(lines.length);
  });

  it('says whether fix writes and which namespace it fixes', async () => {
    const r = await docket(['fix', '--root', fixable(), '--namespace', 'default', '--verbose'], { env: TODAY });
    expect(r.stderr).toContain('[docket] mode: dry run: nothing is written (--apply or --no-dry-run writes)\n');
    expect(r.stderr).toContain('[docket] namespace: only default (--namespace)\n');
    const applied = await docket(['fix', '--root', fixable(), '--no-dry-run', '--verbose', '--json'], { env: TODAY });
    expect(applied.stderr).toContain('[docket] mode: apply (--no-dry-run)\n');
  });

  it('works before the command, where that tool takes its group options (§1.1: `meminit --verbose doctor`)', async () => {
    const root = fixable();
    const r = await docket(['--verbose', '--no-color', 'doctor', '--root', root, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'doctor');
    expect(r.stderr).toContain('[docket] strict: warnings do not fail the run (--no-strict, the default)\n');
  });

  it('prints nothing without it; MEMINIT_DEBUG=1 turns it on unless DOCKET_DEBUG says otherwise', async () => {
    const root = fixable();
    expect((await docket(['doctor', '--root', root, '--json'])).stderr).toBe('');
    const meminit = await docket(['doctor', '--root', root, '--json'], { env: { MEMINIT_DEBUG: '1' } });
    expect(meminit.stderr).toContain('[docket] strict: warnings do not fail the run (--no-strict, the default)\n');
    expect((await docket(['doctor', '--root', root, '--json'], { env: { MEMINIT_DEBUG: '1', DOCKET_DEBUG: '0' } })).stderr).toBe('');
  });
});

describe('MEMINIT_* environment variables as fallbacks of DOCKET_* (reference §4.4)', () => {
  const newJson = (root: string, env: Record<string, string | undefined>) =>
    docket(['new', 'ADR', 'One', '--root', root, '--json', '--dry-run'], { env: { ...TODAY, ...env } });

  it('MEMINIT_DEFAULT_OWNER stands in for DOCKET_DEFAULT_OWNER, which wins', async () => {
    const root = fixable();
    expect((await newJson(root, { MEMINIT_DEFAULT_OWNER: 'Meminit Team' })).json!.data.owner).toBe('Meminit Team');
    expect((await newJson(root, { MEMINIT_DEFAULT_OWNER: 'Meminit Team', DOCKET_DEFAULT_OWNER: 'Docket Team' })).json!.data.owner).toBe(
      'Docket Team',
    );
  });

  it('MEMINIT_CORRELATION_ID is trimmed and validated, as that tool does; DOCKET_CORRELATION_ID wins', async () => {
    const root = fixable();
    expect((await newJson(root, { MEMINIT_CORRELATION_ID: ' job-7 ' })).json!.correlation_id).toBe('job-7');
    expect((await newJson(root, { MEMINIT_CORRELATION_ID: 'job-7', DOCKET_CORRELATION_ID: 'ci-1' })).json!.correlation_id).toBe('ci-1');
    const bad = await newJson(root, { MEMINIT_CORRELATION_ID: 'two words' });
    expect(bad.exitCode).toBe(64);
    expect(bad.json!.error).toMatchObject({ code: 'INVALID_CORRELATION_ID', details: { source: 'MEMINIT_CORRELATION_ID' } });
  });

  it('MEMINIT_RUN_ID pins run_id when it is a UUID and is ignored otherwise (reference §2.7); DOCKET_RUN_ID wins', async () => {
    const root = fixable();
    const pinned = '11111111-1111-4111-8111-111111111111';
    expect((await newJson(root, { DOCKET_RUN_ID: undefined, MEMINIT_RUN_ID: pinned })).json!.run_id).toBe(pinned);
    const ignored = await newJson(root, { DOCKET_RUN_ID: undefined, MEMINIT_RUN_ID: 'not-a-uuid' });
    expect(ignored.exitCode).toBe(0);
    expect(ignored.json!.run_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await newJson(root, { MEMINIT_RUN_ID: pinned })).json!.run_id).toBe(FIXED_RUN_ID);
  });
});
