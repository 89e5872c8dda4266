import { earlyMeta } from './early-meta.js';
import { emitInterruptedAndExit, prepareInterrupt } from './emit.js';
import { rawBool, rawFlag } from './raw-argv.js';
import { earlyInterruptStillOwed } from './signals.js';

/**
 * A signal before any command started (oclif still loading): the INTERRUPTED result in the
 * format the raw argv asks for, exit 130. Loaded only then, to keep start-up light; if a
 * command took over meanwhile, it reports the signal itself and this stands down.
 */
export async function interruptBeforeCommand(argv: readonly string[]): Promise<void> {
  const meta = earlyMeta(argv.find((a) => !a.startsWith('-')) ?? '', argv, process.env);
  // Early errors print NDJSON requests as a JSON envelope (the command may not stream); a
  // reader of a stream asked for one, though, and gets its header and terminal record.
  const asked = rawFlag(argv, 'format') ?? process.env.DOCKET_FORMAT;
  if (!rawBool(argv, 'json') && asked?.trim().toLowerCase() === 'ndjson') meta.format = 'ndjson';
  await prepareInterrupt(meta.format);
  if (earlyInterruptStillOwed()) emitInterruptedAndExit(meta);
}
