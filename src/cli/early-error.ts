import { toDocketError } from './to-docket-error.js';
import { earlyMeta } from './early-meta.js';
import { debugLog } from './io.js';
import { emit, errorEnvelope } from './emit.js';
import type { Envelope } from './envelope.js';
import { jsonLine } from './render/json.js';

/**
 * Prints an error envelope for failures outside any command class (unknown commands, errors
 * escaping oclif): the format comes from the raw argv and DOCKET_FORMAT.
 */
export async function emitEarlyError(error: unknown, command: string, argv: readonly string[]): Promise<Envelope> {
  const meta = earlyMeta(command, argv, process.env);
  if (meta.debug && error instanceof Error) debugLog(true, error.stack ?? String(error));
  return emit(meta, errorEnvelope(meta, toDocketError(error)), {
    text: () => undefined,
    md: () => undefined,
    other: (_f, e) => jsonLine(e),
    quiet: false,
  });
}
