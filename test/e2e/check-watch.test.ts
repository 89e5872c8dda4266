import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, docketBin } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { parseStream, type NdjsonRecord } from '../helpers/ndjson.js';
import { expectValidAgainst, expectValidEnvelope } from '../helpers/schemas.js';

/*
 * Issue 43, `check --watch`: one process checks, then checks again after each change, until a
 * signal ends it with exit 130. Real processes and real file changes; every wait is for output
 * the process writes (no sleeps, no timed assertion), with the test's own timeout as the only clock.
 */

const DOC = 'docs/10-prd/prd-002-customer-delivery-notifications.md';
const NEW_DOC = `---
document_id: ACME-PRD-003
type: PRD
title: Watched Document
status: Draft
version: "0.1"
last_updated: 2026-01-05
owner: Product Team
docops_version: "2.0"
---

# PRD: Watched Document

Body.
`;

/** A running `docket check --watch`, its output gathered as it comes. */
class Watching {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  private readonly listeners = new Set<() => void>();
  readonly ended: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: string[]) {
    this.child = spawn(process.execPath, [BIN, 'check', '--watch', ...args], {
      env: cleanEnv() as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const wake = () => {
      for (const listener of [...this.listeners]) listener();
    };
    this.child.stdout!.on('data', (d: Buffer) => {
      this.stdout += d.toString('utf8');
      wake();
    });
    this.child.stderr!.on('data', (d: Buffer) => {
      this.stderr += d.toString('utf8');
      wake();
    });
    this.ended = new Promise((resolve) => this.child.on('close', (code, signal) => resolve({ code, signal })));
    void this.ended.then(wake);
  }

  /** Resolves once `ready()` holds, checked after each piece of output; fails if the process ends first. */
  until(ready: () => boolean, what: string): Promise<void> {
    return new Promise((resolve, reject) => {
      const check = () => {
        if (ready()) {
          this.listeners.delete(check);
          resolve();
        } else if (this.child.exitCode !== null || this.child.signalCode !== null) {
          this.listeners.delete(check);
          reject(new Error(`docket ended before ${what}:\n${this.stdout}\n${this.stderr}`));
        }
      };
      this.listeners.add(check);
      check();
    });
  }

  /** The NDJSON runs written so far, each from its header to its terminal record (an unfinished one is left out). */
  runs(): NdjsonRecord[][] {
    const lines = this.stdout
      .slice(0, this.stdout.lastIndexOf('\n') + 1)
      .split('\n')
      .filter((l) => l !== '');
    const runs: NdjsonRecord[][] = [];
    let current: NdjsonRecord[] = [];
    for (const line of lines) {
      const record = JSON.parse(line) as NdjsonRecord;
      if (record.record === 'header') current = [];
      current.push(record);
      if (record.record === 'summary' || record.record === 'error') runs.push(current);
    }
    return runs;
  }

  /** The n-th run (1-based), once it ended. */
  async run(n: number): Promise<NdjsonRecord[]> {
    await this.until(() => this.runs().length >= n, `run ${n} ended`);
    return this.runs()[n - 1]!;
  }

  /** --verbose: the paths each run after the first was started by. */
  changes(): string[][] {
    return [...this.stderr.matchAll(/^\[docket\] watch: run \d+ after changes to: (.*)$/gm)].map((m) => m[1]!.split(', '));
  }

  async interrupt(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    this.child.kill('SIGINT');
    return this.ended;
  }
}

const running: Watching[] = [];
function watch(args: string[]): Watching {
  const w = new Watching(args);
  running.push(w);
  return w;
}
afterEach(() => {
  for (const w of running.splice(0)) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
});

/** Saves as editors do: a temporary file renamed over the document, so that no run can see it half-written. */
function save(file: string, text: string): void {
  writeFileSync(`${file}.saving`, text);
  renameSync(`${file}.saving`, file);
}

const findingsOf = (run: NdjsonRecord[]) => run.filter((r) => r.record === 'item' && r.kind === 'finding').map((r) => r.data);
const summaryOf = (run: NdjsonRecord[]) => run[run.length - 1]!;

describe('docket check --watch --format ndjson', () => {
  it('checks again after each change to a governed document, never after its own writes, and ends with 130 on SIGINT', async () => {
    const root = copyFixture('handbook', { example: true });
    const w = watch(['--format', 'ndjson', '--verbose', '--root', root]);
    const first = await w.run(1);
    expect(summaryOf(first)).toMatchObject({ record: 'summary', success: true });
    const checked = summaryOf(first).data.files_checked as number;

    // An error appears, then clears.
    const original = readFileSync(path.join(root, DOC), 'utf8');
    save(path.join(root, DOC), original.replace(/^status: .*$/m, 'status: Bogus'));
    const broken = await w.run(2);
    expect(summaryOf(broken)).toMatchObject({ success: false, counts: { violations: 1 } });
    expect(findingsOf(broken)).toContainEqual(expect.objectContaining({ code: 'SCHEMA_VALIDATION', path: DOC }));
    save(path.join(root, DOC), original);
    expect(summaryOf(await w.run(3))).toMatchObject({ success: true, counts: { violations: 0 } });

    // Writes that can change no result: docket's cache, the index directory's artifacts, a temporary file.
    mkdirSync(path.join(root, '.docket/cache'), { recursive: true });
    writeFileSync(path.join(root, '.docket/cache/noise.md'), 'x');
    writeFileSync(path.join(root, 'docs/01-indices/noise.index.json'), '{}');
    writeFileSync(path.join(root, 'docs/10-prd/.prd-003.md.123.tmp'), 'x');
    // Then a document in a new directory (one run, or two if the directory's came first).
    mkdirSync(path.join(root, 'docs/10-prd/new/deeper'), { recursive: true });
    save(path.join(root, 'docs/10-prd/new/deeper/prd-003-watched-document.md'), NEW_DOC);
    await w.until(() => w.runs().some((run) => summaryOf(run).data?.files_checked === checked + 1), 'a run checked the new document');

    // A directory renamed, then deleted with what it holds.
    renameSync(path.join(root, 'docs/10-prd/new'), path.join(root, 'docs/10-prd/moved'));
    await w.until(
      () =>
        w.runs().some((run, i) => i >= 4 && run.some((r) => r.record === 'item' && r.kind === 'file' && r.data.path.includes('/moved/'))),
      'a run checked the moved document',
    );
    rmSync(path.join(root, 'docs/10-prd/moved'), { recursive: true });
    await w.until(() => summaryOf(w.runs()[w.runs().length - 1]!).data?.files_checked === checked, 'a run after the deletion');

    // A run's own cache writes (every run writes .docket/cache) never started one, nor did the writes above.
    const changes = w.changes();
    expect(changes.length).toBeGreaterThanOrEqual(5);
    for (const batch of changes) for (const rel of batch) expect(rel).toMatch(/^docs\/10-prd\/(prd-002|new|moved)/);

    const end = await w.interrupt();
    expect(end.code).toBe(130);
    const runs = w.runs();
    // Every run is a whole stream (header, items, one terminal record) valid against the schema.
    for (const run of runs) parseStream(run.map((r) => `${JSON.stringify(r)}\n`).join(''), 'check');
    expect(summaryOf(runs[runs.length - 1]!)).toMatchObject({ record: 'error', error: { code: 'INTERRUPTED' } });
    expect(w.stdout.endsWith('\n')).toBe(true);
  }, 120_000);
});

describe('docket check --watch when the config breaks', () => {
  it("reports the run's error as that run's terminal record and goes on; SIGTERM ends it with 130 too", async () => {
    const root = copyFixture('handbook', { example: true });
    const config = path.join(root, 'docops.config.yaml');
    const original = readFileSync(config, 'utf8');
    const w = watch(['--format', 'ndjson', '--root', root]);
    expect(summaryOf(await w.run(1))).toMatchObject({ record: 'summary', success: true });
    save(config, `${original}\n  broken: [unclosed\n`);
    expect(summaryOf(await w.run(2))).toMatchObject({ record: 'error', error: { code: 'CONFIG_INVALID' } });
    save(config, original);
    expect(summaryOf(await w.run(3))).toMatchObject({ record: 'summary', success: true });
    w.child.kill('SIGTERM');
    expect((await w.ended).code).toBe(130);
    for (const run of w.runs()) parseStream(run.map((r) => `${JSON.stringify(r)}\n`).join(''), 'check');
    expect(summaryOf(w.runs()[w.runs().length - 1]!)).toMatchObject({ record: 'error', error: { code: 'INTERRUPTED' } });
  }, 120_000);
});

describe('docket check --watch in text mode, not on a terminal', () => {
  it('prints each run after the last under a run line, without escape codes, and exits 130 on SIGINT', async () => {
    const root = copyFixture('handbook', { example: true });
    const w = watch(['--root', root]);
    await w.until(() => w.stderr.includes('checking again after each change'), 'the first run was printed');
    expect(w.stdout).toMatch(/^=== run 1 ===\n/);
    const original = readFileSync(path.join(root, DOC), 'utf8');
    save(path.join(root, DOC), original.replace(/^status: .*$/m, 'status: Bogus'));
    await w.until(() => /SCHEMA_VALIDATION/.test(w.stdout) && /Next:[\s\S]*docket explain/.test(w.stdout), 'the second run was printed');
    expect(w.stdout).toContain(`\n=== run 2 (changed: ${DOC}) ===\n`);
    expect((await w.interrupt()).code).toBe(130);
    expect(w.stdout + w.stderr).not.toContain('\x1b');
    expect(w.stderr).toContain('[INTERRUPTED]');
  }, 120_000);
});

describe('docket check --watch refuses what cannot repeat', () => {
  it.each([
    [['--format', 'json'], '--format'],
    [['--json'], '--json'],
  ])('%j: FLAG_CONFLICT (exit 64) as a JSON envelope', async (flags, named) => {
    const root = copyFixture('handbook', { example: true });
    const r = await docketBin(['check', '--watch', ...flags, '--root', root]);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json, 'check');
    expect(r.json!.error).toMatchObject({ code: 'FLAG_CONFLICT', details: { flags: ['--watch', named] } });
    expect(r.json!.error.suggestion).toContain('--format ndjson');
  });

  it('DOCKET_FORMAT=json (a session default) is named as the cause', async () => {
    const root = copyFixture('handbook', { example: true });
    const r = await docketBin(['check', '--watch', '--root', root], { env: { DOCKET_FORMAT: 'json' } });
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json, 'check');
    expect(r.json!.error).toMatchObject({ code: 'FLAG_CONFLICT', details: { flags: ['--watch', 'DOCKET_FORMAT'] } });
    expect(r.json!.error.message).toContain('DOCKET_FORMAT=json');
  });

  it.each(['md', 'sarif', 'junit', 'github'])('--format %s: FLAG_CONFLICT (exit 64) in that format', async (format) => {
    const root = copyFixture('handbook', { example: true });
    const r = await docketBin(['check', '--watch', '--format', format, '--root', root]);
    expect(r.exitCode).toBe(64);
    expect(r.stdout + r.stderr).toContain('FLAG_CONFLICT');
  });

  it('--staged with ndjson: one stream ended by its FLAG_CONFLICT record; --output in text: the error on stderr', async () => {
    const root = copyFixture('handbook', { example: true });
    const staged = await docketBin(['check', '--watch', '--staged', '--format', 'ndjson', '--root', root]);
    expect(staged.exitCode).toBe(64);
    const records = parseStream(staged.stdout, 'check');
    expect(records[records.length - 1]).toMatchObject({ record: 'error', error: { code: 'FLAG_CONFLICT' } });
    for (const r of records) expectValidAgainst('ndjson-record.schema.json', r);
    const output = await docketBin(['check', '--watch', '--root', root, '--format', 'json', '--output', 'out.json']);
    expect(output.exitCode).toBe(64);
    const written = JSON.parse(readFileSync(path.join(root, 'out.json'), 'utf8'));
    expectValidEnvelope(written, 'check');
    expect(written.error.code).toBe('FLAG_CONFLICT');
    const text = await docketBin(['check', '--watch', '--root', root, '--output', 'out.txt']);
    expect(text.exitCode).toBe(64);
  });
});
