import { debugEnabled } from './io.js';
import type { EnvelopeMeta } from './emit.js';
import { formatFromRaw, rawBool, rawFlag, resolveColor, resolveCorrelationId, rootFromRaw, safeRunId } from './options.js';

/**
 * Envelope metadata from the raw argv and environment, before (or without) flag parsing: an
 * error raised before parsing completes still echoes the correlation ID and timestamp asked for.
 */
export function earlyMeta(
  command: string,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  resultStream?: 'stdout' | 'stderr',
): EnvelopeMeta {
  let correlationId: string | undefined;
  try {
    correlationId = resolveCorrelationId(rawFlag(argv, 'correlation-id'), env);
  } catch {
    correlationId = undefined; // an invalid one is reported once flags are parsed
  }
  return {
    command,
    runId: safeRunId(env),
    ...(correlationId !== undefined ? { correlationId } : {}),
    ...(rawBool(argv, 'include-timestamp') ? { timestamp: new Date().toISOString() } : {}),
    root: rootFromRaw(argv, process.cwd()),
    format: formatFromRaw(argv, env),
    color: resolveColor(rawBool(argv, 'no-color') ? false : rawBool(argv, 'color') ? true : undefined, env, Boolean(process.stdout.isTTY)),
    debug: debugEnabled(rawBool(argv, 'debug'), env),
    started: performance.now(),
    includeMetrics: rawBool(argv, 'include-metrics'),
    ...(resultStream ? { resultStream } : {}),
  };
}
