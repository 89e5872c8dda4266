import { createWriteStream, renameSync, appendFileSync, promises as fs, type WriteStream } from 'node:fs';
import path from 'node:path';
import { compareIssues, type Issue } from '../core/issues.js';
import type { ItemKind, ItemSink } from '../core/stream.js';
import { CODES } from '../errors/codes.js';
import { DocketError } from '../errors/docket-error.js';
import { errorEnvelope, exitCodeOf, type EnvelopeMeta } from './emit.js';
import type { Envelope } from './envelope.js';
import { streamStdout, streamStdoutThenExit } from './io.js';
import { outputArea, type OutputTarget } from './output-target.js';
import { temporaryPathFor } from '../core/fs/atomic-write.js';
import { assertWritable } from '../core/fs/paths.js';
import { redactValue, type RedactionTally } from '../core/redact.js';
import { redactedWarning } from './safe-envelope.js';
import { errorRecord, headerRecord, itemRecord, progressRecord, summaryRecord, type RecordCounts } from './render/ndjson.js';

/** Where the lines go: stdout, or a temporary file renamed onto --output when the stream ends. */
interface LineOut {
  /** `now`: write it at once (the header, progress), not only with the next batch. */
  write(text: string, now?: boolean): void | Promise<void>;
  close(): Promise<void>;
  /** Forced interrupt: write the last line and exit now. */
  abort(text: string, code: number): void;
}

/** Bytes of items gathered into one write to stdout. */
const STDOUT_BATCH = 16 * 1024;

/**
 * Items gathered into writes of about 16 KiB: a write call per line was a large part of a
 * big check (a write into a pipe per document, each waking its reader). What was gathered is
 * written when the event loop next turns, so a line waits at most until the run yields (every
 * few hundred documents), and the header, progress and the last lines are written at once.
 */
function stdoutOut(): LineOut {
  let pending = '';
  let timer: NodeJS.Immediate | undefined;
  const flush = (): void | Promise<void> => {
    if (timer) clearImmediate(timer);
    timer = undefined;
    if (pending === '') return undefined;
    const text = pending;
    pending = '';
    return streamStdout(text);
  };
  return {
    write(text, now = false) {
      pending += text;
      if (now || pending.length >= STDOUT_BATCH) return flush();
      timer ??= setImmediate(() => void flush());
      return undefined;
    },
    close: async () => {
      await flush();
    },
    abort(text, code) {
      if (timer) clearImmediate(timer);
      const gathered = pending;
      pending = '';
      streamStdoutThenExit(gathered + text, code);
    },
  };
}

async function fileOut(root: string, target: OutputTarget): Promise<LineOut> {
  assertWritable(root, target.abs, outputArea(target));
  const tmp = temporaryPathFor(target.abs);
  await fs.mkdir(path.dirname(target.abs), { recursive: true });
  const stream: WriteStream = createWriteStream(tmp, { flags: 'wx', mode: 0o644 });
  await new Promise<void>((resolve, reject) => stream.once('open', () => resolve()).once('error', reject));
  return {
    write(text) {
      if (stream.write(text)) return undefined;
      return new Promise((resolve) => stream.once('drain', () => resolve()));
    },
    async close() {
      await new Promise<void>((resolve, reject) => stream.end((error?: Error | null) => (error ? reject(error) : resolve())));
      await fs.rename(tmp, target.abs);
    },
    abort(text, code) {
      stream.destroy();
      appendFileSync(tmp, text);
      renameSync(tmp, target.abs);
      process.exitCode = code;
      process.exit(code);
    },
  };
}

/**
 * `--format ndjson`: a header now, an item per result while the command runs, then exactly
 * one terminal record (summary or error). A command opts in by listing 'ndjson' in its
 * formats and using `ctx.stream`; everything it still returns in its outcome is written as
 * items just before the summary.
 */
export class NdjsonStream implements ItemSink {
  readonly counts: RecordCounts = { items: 0, violations: 0, warnings: 0 };
  /** Values redacted so far: an OUTPUT_REDACTED finding precedes the terminal record when any were. */
  private readonly redacted: RedactionTally = { count: 0 };
  private ended = false;

  private constructor(
    private readonly out: LineOut,
    private readonly meta: EnvelopeMeta,
  ) {}

  static async open(meta: EnvelopeMeta, output?: OutputTarget): Promise<NdjsonStream> {
    const stream = new NdjsonStream(output ? await fileOut(meta.root, output) : stdoutOut(), meta);
    await stream.out.write(headerRecord(meta), true);
    return stream;
  }

  item(kind: ItemKind, data: object): void | Promise<void> {
    if (this.ended) return undefined;
    this.counts.items++;
    return this.out.write(itemRecord(kind, data, this.redacted));
  }

  finding(issue: Issue): void | Promise<void> {
    if (this.ended) return undefined;
    if (issue.severity === 'error') this.counts.violations++;
    else this.counts.warnings++;
    return this.item('finding', issue);
  }

  progress(phase: string, done: number, total: number): void | Promise<void> {
    if (this.ended) return undefined;
    return this.out.write(progressRecord(phase, done, total), true);
  }

  /**
   * Ends a completed run: findings the command did not stream yet become items (in the
   * envelope's order), then the summary. `env` is the envelope without those findings;
   * `decided` says whether the command set `success` itself.
   */
  async finish(env: Envelope, rest: readonly Issue[], decided: boolean): Promise<number> {
    for (const issue of [...rest].sort(compareIssues)) await this.finding(issue);
    if (env.error)
      return this.fail(
        new DocketError(env.error.code as never, env.error.message, { suggestion: env.error.suggestion, details: env.error.details }),
        env.status,
      );
    // A command that decided success itself (check --strict, ...) is taken at its word.
    const success = decided ? env.success : this.counts.violations === 0;
    const data = redactValue(env.data, this.redacted);
    const advice = redactValue(env.advice, this.redacted);
    await this.reportRedactions();
    this.ended = true;
    await this.out.write(summaryRecord({ ...env, success, data, advice }, this.counts));
    await this.out.close();
    return exitCodeOf({ ...env, success });
  }

  /** Ends the stream with an error record; returns the exit code. */
  async fail(error: DocketError, status?: Envelope['status']): Promise<number> {
    if (this.ended) return CODES[error.code].exit;
    const env = errorEnvelope(this.meta, error);
    const info = redactValue(env.error!, this.redacted);
    await this.reportRedactions();
    this.ended = true;
    await this.out.write(errorRecord(status ?? env.status, info, this.counts, env.metrics));
    await this.out.close().catch(() => undefined);
    return exitCodeOf(env);
  }

  private async reportRedactions(): Promise<void> {
    if (this.redacted.count > 0) await this.finding(redactedWarning(this.redacted.count));
  }

  /** A second signal or an expired grace period: the error record, then exit 130 at once. */
  interruptAndExit(): void {
    const env = errorEnvelope(this.meta, new DocketError('INTERRUPTED', 'Interrupted by a signal before the command finished.'));
    const text = this.ended ? '' : errorRecord(env.status, env.error!, this.counts, env.metrics);
    this.ended = true;
    this.out.abort(text, exitCodeOf(env));
  }
}
