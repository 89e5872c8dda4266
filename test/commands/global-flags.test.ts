import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { docket, FIXED_RUN_ID } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectKeyOrder, expectValidEnvelope } from '../helpers/schemas.js';

let repo: string;
beforeAll(async () => {
  repo = tempDir();
  const r = await docket(['init', '--root', repo, '--prefix', 'ACME', '--json']);
  expect(r.exitCode).toBe(0);
});

describe('format selection', () => {
  it('prints exactly one JSON line with the contract key order', async () => {
    const r = await docket(['context', '--root', repo, '--format', 'json']);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout.trimEnd().split('\n')).toHaveLength(1);
    expect(r.stderr).toBe('');
    expectValidEnvelope(r.json, 'context');
    expectKeyOrder(r.json!);
    expect(r.json!.run_id).toBe(FIXED_RUN_ID);
    expect(r.json!.root).toBe(path.resolve(repo));
  });

  it('honours DOCKET_FORMAT and lets --format override it', async () => {
    const viaEnv = await docket(['context', '--root', repo], { env: { DOCKET_FORMAT: 'json' } });
    expect(viaEnv.json?.command).toBe('context');
    const overridden = await docket(['context', '--root', repo, '--format', 'text'], { env: { DOCKET_FORMAT: 'json' } });
    expect(overridden.json).toBeUndefined();
    expect(overridden.stdout).toContain('prefix ACME');
  });

  it('rejects --json with --format text as a conflict', async () => {
    const r = await docket(['context', '--root', repo, '--json', '--format', 'text']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('FLAG_CONFLICT');
  });

  it('rejects an unsupported format with the allowed list', async () => {
    const r = await docket(['context', '--root', repo, '--format', 'xml', '--json']);
    expect(r.exitCode).toBe(64);
    const bad = await docket(['context', '--root', repo, '--format', 'xml']);
    expect(bad.exitCode).toBe(64);
    expect(bad.stderr).toContain('ERROR [INVALID_FORMAT]');
    expect(bad.stderr).toMatch(/suggestion: Use one of: text, json, md/);
    const env = await docket(['context', '--root', repo], { env: { DOCKET_FORMAT: 'yaml' } });
    expect(env.exitCode).toBe(64);
    expect(env.stderr).toContain('DOCKET_FORMAT=yaml');
  });
});

describe('parse errors are envelopes', () => {
  it('unknown flag, with a did-you-mean suggestion', async () => {
    const r = await docket(['context', '--root', repo, '--deeep', '--format', 'json']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.command).toBe('context');
    expect(r.json!.error.code).toBe('UNKNOWN_FLAG');
    expect(r.json!.error.suggestion).toContain('--deep');
    expect(r.json!.error.details.valid_flags).toContain('--no-color');
  });

  it('unexpected argument', async () => {
    const r = await docket(['explain', 'A', 'B', '--json']);
    expect(r.exitCode).toBe(64);
    expect(r.json!.error).toMatchObject({ code: 'UNEXPECTED_ARGUMENT', details: { unexpected: ['B'] } });
  });

  it('an argument to a command that takes none is UNEXPECTED_ARGUMENT for that command, not an unknown command', async () => {
    // oclif joins the leading words into a command id ("doctor:extra"), so this reaches the hook.
    const r = await docket(['doctor', 'extra', '--root', repo, '--json']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.command).toBe('doctor');
    expect(r.json!.error).toMatchObject({ code: 'UNEXPECTED_ARGUMENT', details: { unexpected: ['extra'] } });
    const sub = await docket(['org', 'status', 'a', 'b', '--json']);
    expect(sub.exitCode).toBe(64);
    expect(sub.json!.command).toBe('org status');
    expect(sub.json!.error).toMatchObject({ code: 'UNEXPECTED_ARGUMENT', details: { unexpected: ['a', 'b'] } });
    const text = await docket(['capabilities', 'extra']);
    expect(text.exitCode).toBe(64);
    expect(text.stderr).toMatch(/^ERROR \[UNEXPECTED_ARGUMENT\]: Unexpected argument: extra\./);
  });

  it('a flag without its value', async () => {
    const r = await docket(['context', '--json', '--root']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('INVALID_FLAG_VALUE');
  });

  it('unknown command, with suggestions, in JSON via the environment', async () => {
    const r = await docket(['contxt', '--root', repo], { env: { DOCKET_FORMAT: 'json' } });
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.command).toBe('contxt');
    expect(r.json!.error.code).toBe('UNKNOWN_COMMAND');
    expect(r.json!.error.details.did_you_mean).toContain('context');
  });

  it('no command at all', async () => {
    const r = await docket(['--format', 'json']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('MISSING_COMMAND');
  });

  it('`docket help [COMMAND]` shows help; an unknown one is an envelope', async () => {
    const help = await docket(['help', 'context']);
    expect(help.exitCode).toBe(0);
    expect(help.stdout).toContain('$ docket context');
    const unknown = await docket(['help', 'nope', '--json']);
    expect(unknown.exitCode).toBe(64);
    expectValidEnvelope(unknown.json);
    expect(unknown.json!.error.code).toBe('UNKNOWN_COMMAND');
  });

  it('text mode errors go to stderr with a suggestion line', async () => {
    const r = await docket(['contxt']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^ERROR \[UNKNOWN_COMMAND\]: "contxt" is not a docket command\.\nsuggestion: Did you mean `docket context`\?/);
  });
});

describe('envelope options', () => {
  it('correlation id from flag or environment, validated', async () => {
    const flag = await docket(['context', '--root', repo, '--json', '--correlation-id', 'job-42']);
    expect(flag.json!.correlation_id).toBe('job-42');
    expectKeyOrder(flag.json!);
    const env = await docket(['context', '--root', repo, '--json'], { env: { DOCKET_CORRELATION_ID: 'ci:7' } });
    expect(env.json!.correlation_id).toBe('ci:7');
    for (const bad of ['has space', 'x'.repeat(129), '']) {
      const r = await docket(['context', '--root', repo, '--json', '--correlation-id', bad]);
      expect(r.exitCode).toBe(64);
      expect(r.json!.error.code).toBe('INVALID_CORRELATION_ID');
    }
  });

  it('timestamp and metrics only when asked', async () => {
    const plain = await docket(['context', '--root', repo, '--json']);
    expect(plain.json).not.toHaveProperty('timestamp');
    expect(plain.json).not.toHaveProperty('metrics');
    const r = await docket(['context', '--root', repo, '--json', '--include-timestamp', '--include-metrics']);
    expectValidEnvelope(r.json, 'context');
    expectKeyOrder(r.json!);
    expect(r.json!.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(r.json!.metrics.elapsed_ms).toBeGreaterThan(0);
    expect(r.json!.metrics.peak_rss_bytes).toBeGreaterThan(0);
  });

  it('DOCKET_RUN_ID must be a UUID', async () => {
    const r = await docket(['context', '--root', repo, '--json'], { env: { DOCKET_RUN_ID: 'not-a-uuid' } });
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('INVALID_RUN_ID');
    const random = await docket(['context', '--root', repo, '--json'], { env: { DOCKET_RUN_ID: undefined } });
    expect(random.json!.run_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('output is byte-identical across runs', async () => {
    const a = await docket(['context', '--root', repo, '--deep', '--json']);
    const b = await docket(['context', '--root', repo, '--deep', '--json']);
    expect(a.stdout).toBe(b.stdout);
  });

  it('a missing root is exit 66 in every format', async () => {
    const missing = path.join(repo, 'nope');
    for (const format of ['json', 'text', 'md']) {
      const r = await docket(['context', '--root', missing, '--format', format]);
      expect(r.exitCode).toBe(66);
      if (format === 'json') expect(r.json!.error.code).toBe('ROOT_NOT_FOUND');
    }
  });
});

describe('exit codes are the same in every format', () => {
  const TODAY = { DOCKET_TODAY: '2026-02-02' };
  let governed: string;
  let bare: string;
  beforeAll(async () => {
    governed = tempDir();
    expect((await docket(['init', '--root', governed, '--prefix', 'ACME', '--json'])).exitCode).toBe(0);
    expect((await docket(['new', 'ADR', 'Original', '--id', 'ACME-ADR-005', '--root', governed, '--json'], { env: TODAY })).exitCode).toBe(
      0,
    );
    writeFileSync(path.join(governed, 'docs/45-adr/adr-006-no-frontmatter.md'), '# No frontmatter\n');
    bare = tempDir();
  });

  // [what, arguments, exit code, the code the error or first violation carries]
  const cases: [string, () => string[], number, string][] = [
    ['an unknown flag', () => ['context', '--root', governed, '--bogus'], 64, 'UNKNOWN_FLAG'],
    ['a missing config', () => ['context', '--root', bare], 66, 'CONFIG_NOT_FOUND'],
    ['a path outside the root', () => ['identify', '/etc/passwd', '--root', governed], 77, 'PATH_OUTSIDE_ROOT'],
    ['a check with violations', () => ['check', '--root', governed], 1, 'FRONTMATTER_MISSING'],
    ['new --id of another document', () => ['new', 'ADR', 'Another title', '--id', 'ACME-ADR-005', '--root', governed], 73, 'DUPLICATE_ID'],
    [
      'new onto an existing file',
      () => ['new', 'ADR', 'Original', '--id', 'ACME-ADR-005', '--status', 'Approved', '--root', governed],
      73,
      'FILE_EXISTS',
    ],
  ];

  it.each(cases)('%s: exit %i in text, json and md', async (_what, args, exit, code) => {
    const runs = await Promise.all(['text', 'json', 'md'].map((format) => docket([...args(), '--format', format], { env: TODAY })));
    expect(runs.map((r) => r.exitCode)).toEqual([exit, exit, exit]);
    const [text, json, md] = runs as [(typeof runs)[0], (typeof runs)[0], (typeof runs)[0]];
    expectValidEnvelope(json.json);
    expect(json.json!.error?.code ?? json.json!.violations[0]?.code).toBe(code);
    expect(json.json!.success).toBe(false);
    expect(`${text.stdout}${text.stderr}`).toContain(code);
    expect(md.stdout).toContain(code);
    expect(md.stdout.startsWith('# docket ')).toBe(true);
  });
});

describe('colour', () => {
  it('is off in a pipe, on with FORCE_COLOR, off again with NO_COLOR or --no-color, never in JSON', async () => {
    const ansi = /\u001b\[/;
    expect((await docket(['doctor', '--root', repo])).stdout).not.toMatch(ansi);
    expect((await docket(['doctor', '--root', repo], { env: { FORCE_COLOR: '1' } })).stdout).toMatch(ansi);
    expect((await docket(['doctor', '--root', repo, '--no-color'], { env: { FORCE_COLOR: '1' } })).stdout).not.toMatch(ansi);
    expect((await docket(['doctor', '--root', repo], { env: { NO_COLOR: '1' } })).stdout).not.toMatch(ansi);
    expect((await docket(['doctor', '--root', repo, '--color'])).stdout).toMatch(ansi);
    expect((await docket(['doctor', '--root', repo, '--json'], { env: { FORCE_COLOR: '1' } })).stdout).not.toMatch(ansi);
  });
});

describe('--output', () => {
  it('writes the result to a file inside the root instead of stdout', async () => {
    const r = await docket(['context', '--root', repo, '--json', '--output', 'reports/context.json']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toBe('');
    const written = JSON.parse(readFileSync(path.join(repo, 'reports/context.json'), 'utf8'));
    expectValidEnvelope(written, 'context');
    const again = await docket(['context', '--root', repo, '--format', 'md', '--output', 'reports/context.json']);
    expect(again.exitCode).toBe(0);
    expect(readFileSync(path.join(repo, 'reports/context.json'), 'utf8')).toMatch(/^# docket context/);
  });

  it('writes outside the root where the user says, as ESLint -o does (issue 40)', async () => {
    const elsewhere = path.join(tempDir(), 'runner-temp');
    mkdirSync(elsewhere);
    const r = await docket(['context', '--root', repo, '--json', '--output', path.join(elsewhere, 'context.json')]);
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout).toBe('');
    expectValidEnvelope(JSON.parse(readFileSync(path.join(elsewhere, 'context.json'), 'utf8')), 'context');
  });

  it('refuses system and credential places, links across the root and documents (exit 77)', async () => {
    mkdirSync(path.join(repo, 'docs/10-prd'), { recursive: true });
    writeFileSync(path.join(repo, 'docs/10-prd/prd-001-x.md'), '---\ntitle: x\n---\n');
    symlinkSync('/tmp', path.join(repo, 'escape'));
    // A link outside that leads back into the repository.
    const back = path.join(tempDir(), 'back');
    symlinkSync(repo, back);
    const home = path.join(tempDir(), 'home');
    const cases = [
      '/etc/docket.json',
      '.git/report.json',
      '.env',
      'docops.config.yaml',
      'escape/report.json',
      'docs/10-prd/prd-001-x.md',
      path.join(back, 'report.json'),
      path.join(home, '.ssh/report.json'),
      path.join(home, '.npmrc'),
    ];
    for (const target of cases) {
      const r = await docket(['context', '--root', repo, '--json', '--output', target]);
      expect(r.exitCode, target).toBe(77);
      expectValidEnvelope(r.json);
      expect(r.json!.error.code).toBe('OUTPUT_PATH_REFUSED');
    }
    expect(existsSync(path.join(repo, 'report.json'))).toBe(false);
    expect(readFileSync(path.join(repo, 'docs/10-prd/prd-001-x.md'), 'utf8')).toBe('---\ntitle: x\n---\n');
  });
});
