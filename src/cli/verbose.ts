import { envValue } from '../core/env.js';
import { note, setDiagnosticsSink } from '../core/diagnostics.js';
import type { EnvelopeMeta } from './emit.js';
import type { GlobalFlags } from './flags.js';
import { verboseLog } from './io.js';

/**
 * --verbose (or --debug, or DOCKET_DEBUG/MEMINIT_DEBUG): decisions go to stderr as they are
 * made, each once. Returns the function that stops listening.
 */
export function startVerbose(enabled: boolean): () => void {
  if (!enabled) return () => undefined;
  const seen = new Set<string>();
  setDiagnosticsSink((topic, message) => {
    const line = `${topic}\0${message}`;
    if (seen.has(line)) return; // fix and index read the config twice: say it once
    seen.add(line);
    verboseLog(topic, message);
  });
  return () => setDiagnosticsSink(undefined);
}

/** The choices the base command made from flags and environment, said where they came from. */
export function noteRunChoices(meta: EnvelopeMeta, flags: GlobalFlags, env: NodeJS.ProcessEnv, cwdPrefix = ''): void {
  note(
    'root',
    () =>
      `${meta.root}${flags.root !== '.' ? ` (--root ${flags.root})` : cwdPrefix === '' ? ' (the current directory)' : ` (found above the current directory, ${cwdPrefix})`}`,
  );
  note(
    'format',
    () =>
      `${meta.format} (${flags.json ? '--json' : flags.format !== undefined ? '--format' : env.DOCKET_FORMAT?.trim() ? 'DOCKET_FORMAT' : 'default'})`,
  );
  const runId = envValue(env, 'DOCKET_RUN_ID');
  if (runId)
    note('run_id', () =>
      runId.value.toLowerCase() === meta.runId
        ? `${meta.runId} (${runId.name})`
        : `${meta.runId} (random: ${runId.name} is not a UUID and was ignored)`,
    );
  const correlation = flags['correlation-id'] === undefined ? envValue(env, 'DOCKET_CORRELATION_ID') : undefined;
  if (meta.correlationId !== undefined) note('correlation_id', () => `${meta.correlationId} (${correlation?.name ?? '--correlation-id'})`);
  if (flags.output !== undefined) note('output', () => `written to ${flags.output} instead of stdout`);
}
