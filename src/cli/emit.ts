import { CODES } from '../errors/codes.js';
import type { Issue } from '../core/issues.js';
import { DocketError } from '../errors/docket-error.js';
import { buildEnvelope, type Envelope } from './envelope.js';
import { debugLog, writeStderr, writeStdout, writeThenExit } from './io.js';
import { CI_FORMATS, DIAGRAM_FORMATS, MACHINE_FORMATS, type CiFormat, type Format } from './options.js';
import type { Outcome } from './outcome.js';
import { writeOutputFile, type OutputTarget } from './output-target.js';
import { renderMarkdown } from './render/md.js';
import { escapeEnvelope, redactEnvelope } from './safe-envelope.js';
import { makeStyle, safeText, type Style } from './render/style.js';
import { renderText, type Rendered } from './render/text.js';
import { jsonLine } from './render/json.js';
import { errorRecord, headerRecord } from './render/ndjson.js';

export interface EnvelopeMeta {
  command: string;
  runId: string;
  correlationId?: string;
  timestamp?: string;
  root: string;
  format: Format;
  color: boolean;
  debug: boolean;
  started: number;
  includeMetrics: boolean;
  /** Where the result goes: stderr for commands whose stdout is a protocol channel (`docket mcp`). */
  resultStream?: 'stdout' | 'stderr';
}

export interface Renderers {
  text(env: Envelope, style: Style): string | undefined;
  md(env: Envelope): string | undefined;
  other(format: Format, env: Envelope): string;
  quiet: boolean;
  /** Text mode: findings and advice on stderr, so that `$(docket resolve ID)` captures only the answer. */
  answerOnly?: boolean;
}

function metrics(meta: EnvelopeMeta, extra?: Record<string, number>): Record<string, number> | undefined {
  if (!meta.includeMetrics) return undefined;
  return {
    elapsed_ms: Math.round((performance.now() - meta.started) * 10) / 10,
    peak_rss_bytes: process.resourceUsage().maxRSS * 1024,
    ...extra,
  };
}

/** Absolute paths under the root become repository-relative: the envelope carries only `root`. */
function relativize(message: string, root: string): string {
  // Only whole paths below the root change; the root alone, or a sibling such as <root>2/x, stays.
  return root.length > 1 ? message.split(`${root}/`).join('') : message;
}

function errorInfo(error: DocketError, root: string) {
  return {
    code: error.code,
    message: relativize(error.message, root),
    suggestion: error.suggestion ?? CODES[error.code].remediation.action,
    ...(error.details ? { details: error.details } : {}),
  };
}

function base(meta: EnvelopeMeta) {
  return { command: meta.command, runId: meta.runId, correlationId: meta.correlationId, timestamp: meta.timestamp, root: meta.root };
}

export function outcomeEnvelope<D extends object>(meta: EnvelopeMeta, outcome: Outcome<D>): Envelope {
  const violations = outcome.violations ?? [];
  const error = outcome.error;
  const status = error ? (CODES[error.code].category === 'tool' ? 'tool-missing' : 'error') : (outcome.status ?? 'ok');
  return buildEnvelope({
    ...base(meta),
    success: error ? false : (outcome.success ?? violations.length === 0),
    status,
    data: outcome.data,
    warnings: outcome.warnings,
    violations,
    advice: outcome.advice,
    ...(error ? { error: errorInfo(error, meta.root) } : {}),
    metrics: metrics(meta, outcome.metrics),
  });
}

/** `warnings`: found before the failure (config warnings), besides those the error carries. */
export function errorEnvelope(meta: EnvelopeMeta, error: DocketError, warnings: readonly Issue[] = []): Envelope {
  return buildEnvelope({
    ...base(meta),
    success: false,
    status: CODES[error.code].category === 'tool' ? 'tool-missing' : 'error',
    data: {},
    warnings: [...warnings, ...error.warnings],
    advice: [...error.advice],
    error: errorInfo(error, meta.root),
    metrics: metrics(meta),
  });
}

/** The process exit code for an envelope: identical in every format. */
export function exitCodeOf(env: Envelope): number {
  if (env.error) return CODES[env.error.code as keyof typeof CODES]?.exit ?? 70;
  return env.success ? 0 : 1;
}

/** A command's own renderer runs only on its data; if it fails, the generic view is used. */
function custom<T>(env: Envelope, meta: EnvelopeMeta, fn: () => T): T | undefined {
  if (Object.keys(env.data).length === 0) return undefined;
  try {
    return fn();
  } catch (error) {
    debugLog(meta.debug, `renderer failed: ${(error as Error).stack ?? String(error)}`);
    return undefined;
  }
}

async function render(meta: EnvelopeMeta, env: Envelope, renderers: Renderers): Promise<Rendered> {
  if (meta.format === 'json') return { stdout: jsonLine(env), stderr: '' };
  if (env.error && CI_FORMATS.has(meta.format))
    return { stdout: (await import('./render/ci/report.js')).renderCiError(meta.format as CiFormat, env, exitCodeOf(env)), stderr: '' };
  if (MACHINE_FORMATS.has(meta.format))
    return { stdout: custom(env, meta, () => renderers.other(meta.format, env)) ?? jsonLine(env), stderr: '' };
  if (DIAGRAM_FORMATS.has(meta.format)) {
    // The diagram's renderer escapes for its own language; what is said about the run goes to stderr as in text.
    const said = renderText(escapeEnvelope({ ...env, data: {} }), await makeStyle(meta.color), undefined, { answerOnly: true });
    return { stdout: env.error ? '' : (custom(env, meta, () => renderers.other(meta.format, env)) ?? ''), stderr: said.stderr };
  }
  const safe = escapeEnvelope(env);
  if (meta.format === 'md')
    return {
      stdout: renderMarkdown(
        safe,
        custom(safe, meta, () => renderers.md(safe)),
      ),
      stderr: '',
    };
  const style = await makeStyle(meta.color);
  return renderText(
    safe,
    style,
    custom(safe, meta, () => renderers.text(safe, style)),
    { quiet: renderers.quiet, answerOnly: renderers.answerOnly === true },
  );
}

/**
 * Prints the result once (stdout or --output file), sets process.exitCode, returns the envelope
 * as printed. Secrets are redacted here, once, whatever the format.
 */
export async function emit(meta: EnvelopeMeta, raw: Envelope, renderers: Renderers, output?: OutputTarget): Promise<Envelope> {
  const env = redactEnvelope(raw);
  let out = await render(meta, env, renderers);
  let final = env;
  if (output) {
    try {
      await writeOutputFile(meta.root, output, out.stdout);
      out = { stdout: '', stderr: `${out.stderr}${meta.format === 'text' ? `docket: wrote ${safeText(output.rel)}\n` : ''}` };
    } catch (error) {
      final = redactEnvelope(errorEnvelope(meta, error as DocketError));
      out = await render(meta, final, renderers);
    }
  }
  if (meta.resultStream === 'stderr') await writeStderr(out.stdout + out.stderr);
  else {
    await writeStdout(out.stdout);
    await writeStderr(out.stderr);
  }
  process.exitCode = exitCodeOf(final);
  return final;
}

type CiRenderer = typeof import('./render/ci/report.js');
let ciRenderer: CiRenderer | undefined;

/** Loads what a forced interrupt prints in `format`, so that printing it never waits (see writeThenExit). */
export async function prepareInterrupt(format: Format): Promise<void> {
  if (CI_FORMATS.has(format)) ciRenderer ??= await import('./render/ci/report.js');
}

/**
 * Prints an INTERRUPTED result and exits 130, synchronously: used when a use case does not stop
 * within the grace period after the signal, or on a second signal.
 */
export function emitInterruptedAndExit(meta: EnvelopeMeta): void {
  const env = errorEnvelope(meta, new DocketError('INTERRUPTED', 'Interrupted by a signal before the command finished.'));
  const machine = meta.format === 'json' || MACHINE_FORMATS.has(meta.format);
  const stderr = machine ? '' : `ERROR [INTERRUPTED]: ${env.error!.message}\n`;
  // A CI format whose renderer is not loaded yet (a signal during start-up) gets the JSON envelope.
  // NDJSON before its stream opened: a whole stream, the header and the error record.
  const stdout =
    CI_FORMATS.has(meta.format) && ciRenderer
      ? ciRenderer.renderCiError(meta.format as CiFormat, redactEnvelope(env), exitCodeOf(env))
      : meta.format === 'ndjson'
        ? headerRecord(meta) + errorRecord(env.status, env.error!, { items: 0, violations: 0, warnings: 0 }, env.metrics)
        : machine
          ? jsonLine(env)
          : '';
  if (meta.resultStream === 'stderr') writeThenExit('', stdout + stderr, exitCodeOf(env));
  else writeThenExit(stdout, stderr, exitCodeOf(env));
}
