/**
 * What bin/run.js needs before it knows which command runs: signal handling, the console guard
 * and the closed-stdout ending. One bundle entry (scripts/bundle.js), so these few small
 * modules load as one or two files instead of one file each.
 */
export { installSignalHandling, settleProcess } from './signals.js';
export { guardConsole } from './console-guard.js';
export { endQuietlyWhenStdoutCloses } from './closed-stdout.js';
