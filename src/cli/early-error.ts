import { toDocketError } from './to-docket-error.js';
import { debugEnabled, debugLog } from './io.js';
import { emit, errorEnvelope, type EnvelopeMeta } from './emit.js';
import type { Envelope } from './envelope.js';
import { formatFromRaw, resolveColor, rootFromRaw, safeRunId } from './options.js';

/**
 * Prints an error envelope for failures outside any command class (unknown commands, errors
 * escaping oclif): the format comes from the raw argv and DOCKET_FORMAT.
 */
export async function emitEarlyError(error: unknown, command: string, argv: readonly string[]): Promise<Envelope> {
  const env = process.env;
  const debug = debugEnabled(argv.includes('--debug'), env);
  if (debug && error instanceof Error) debugLog(true, error.stack ?? String(error));
  const meta: EnvelopeMeta = {
    command,
    runId: safeRunId(env),
    root: rootFromRaw(argv, process.cwd()),
    format: formatFromRaw(argv, env),
    color: resolveColor(argv.includes('--no-color') ? false : undefined, env, Boolean(process.stderr.isTTY)),
    debug,
    started: performance.now(),
    includeMetrics: argv.includes('--include-metrics'),
  };
  return emit(meta, errorEnvelope(meta, toDocketError(error)), {
    text: () => undefined,
    md: () => undefined,
    other: (_f, e) => `${JSON.stringify(e)}\n`,
    quiet: false,
  });
}
