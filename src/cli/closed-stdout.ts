import type { Code } from '../errors/codes.js';
import { EXIT } from '../errors/types.js';
import { debugEnabled, debugLog } from './io.js';
import { rawBool } from './raw-argv.js';

/**
 * A reader that closes stdout early (`docket check --format ndjson | head -c 10`) makes the
 * next write fail with EPIPE; a writer waiting for 'drain' would then wait for ever and Node
 * would end with 13 (an unsettled top-level await). The run ends at once instead, quietly
 * (no envelope can reach a closed pipe), with OUTPUT_CLOSED's exit code, 141 (128 + SIGPIPE,
 * what a shell reports for a writer killed by its closed pipe). Other stdout errors stay fatal.
 */
/** The code that documents this ending (`docket explain OUTPUT_CLOSED`); a type-only import keeps start-up light. */
const CODE: Code = 'OUTPUT_CLOSED';

export function endQuietlyWhenStdoutCloses(argv: readonly string[], env: NodeJS.ProcessEnv): void {
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    debugLog(
      debugEnabled(rawBool(argv, 'debug'), env),
      `stdout was closed by its reader (EPIPE): stopping with exit ${EXIT.OUTPUT_CLOSED} (${CODE}).`,
    );
    process.exit(EXIT.OUTPUT_CLOSED);
  });
}
