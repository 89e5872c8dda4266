import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Envelope } from '../../src/cli/envelope.js';
import { RunFrames, type FrameOptions } from '../../src/cli/repeat.js';
import { captureWrites } from '../helpers/cli.js';

/** What the frames write to stdout and stderr (io.ts writes through process.stdout/stderr.write). */
let out = '';
let err = '';
const saved = { out: process.stdout.write, err: process.stderr.write };
beforeEach(() => {
  out = '';
  err = '';
  process.stdout.write = captureWrites((s) => (out += s));
  process.stderr.write = captureWrites((s) => (err += s));
});
afterEach(() => {
  process.stdout.write = saved.out;
  process.stderr.write = saved.err;
});

const printed = { data: { files_checked: 12 } } as unknown as Envelope;
const frames = (opts: Partial<FrameOptions>) =>
  new RunFrames({
    format: 'text',
    terminal: false,
    verbose: false,
    watching: (env) => `Watching ${(env.data as { files_checked: number }).files_checked} documents`,
    clock: () => new Date(2026, 0, 5, 9, 7, 3),
    ...opts,
  });

describe('RunFrames: what goes around each run of check --watch', () => {
  it('on a terminal: clears the screen before each run, then a status line with the time and what changed', async () => {
    const f = frames({ terminal: true });
    await f.before({ run: 1, changed: [] });
    await f.after({ run: 1, changed: [] }, printed);
    expect(out).toBe('\x1b[2J\x1b[H');
    expect(err).toBe('\nWatching 12 documents; last run 09:07:03. Press Ctrl-C to stop.\n');
    out = '';
    err = '';
    const changed = ['docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d\n.md', 'docs/e.md'];
    await f.before({ run: 2, changed });
    await f.after({ run: 2, changed }, printed);
    expect(out).toBe('\x1b[2J\x1b[H');
    expect(err).toBe(
      '\nWatching 12 documents; last run 09:07:03 after changes to docs/a.md, docs/b.md, docs/c.md and 2 more. Press Ctrl-C to stop.\n',
    );
  });

  it('on a terminal, a watch problem is said at once and stays in the status line', async () => {
    const f = frames({ terminal: true });
    f.problem({ code: 'WATCH_INCOMPLETE', severity: 'warning', message: 'Watching stopped.', suggestion: 'Raise the limit.' });
    await f.after({ run: 1, changed: [] }, printed);
    expect(err).toBe(
      'docket: warning [WATCH_INCOMPLETE]: Watching stopped.\n  suggestion: Raise the limit.\n' +
        '\nWatching 12 documents; last run 09:07:03. Press Ctrl-C to stop. Some changes are not seen (WATCH_INCOMPLETE).\n',
    );
  });

  it('elsewhere: a run line on stdout before each report (changed paths escaped), one notice on stderr, no escape codes or times', async () => {
    const f = frames({});
    await f.before({ run: 1, changed: [] });
    await f.after({ run: 1, changed: [] }, printed);
    await f.before({ run: 2, changed: ['docs/a\x1b[31m.md'] });
    await f.after({ run: 2, changed: ['docs/a\x1b[31m.md'] }, printed);
    expect(out).toBe('=== run 1 ===\n\n=== run 2 (changed: docs/a\\u{001b}[31m.md) ===\n');
    expect(err).toBe('docket: Watching 12 documents; checking again after each change until interrupted (Ctrl-C).\n');
  });

  it('NDJSON: nothing on stdout around the runs (each is a whole stream); --verbose names every change on stderr', async () => {
    const f = frames({ format: 'ndjson', terminal: true, verbose: true });
    await f.before({ run: 1, changed: [] });
    await f.before({ run: 2, changed: ['docs/a.md', 'docs/b.md', 'docs/c.md', 'docs/d.md'] });
    expect(out).toBe('');
    expect(err).toBe('[docket] watch: run 1\n[docket] watch: run 2 after changes to: docs/a.md, docs/b.md, docs/c.md, docs/d.md\n');
  });
});
