import type { Hook } from '@oclif/core';
import { closest } from '../../core/text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import { emitEarlyError } from '../early-error.js';

/** Unknown commands never reach a command class: answer them with an envelope here. */
const hook: Hook<'command_not_found'> = async function (opts) {
  const argv = [opts.id, ...(opts.argv ?? [])];
  if (opts.id.startsWith('-')) {
    // `docket --format json` with no command: oclif hands us the first flag as the id.
    const error = new DocketError('MISSING_COMMAND', 'No command given.', {
      suggestion: 'Name a command, e.g. `docket context`; `docket capabilities` lists them all.',
      details: { valid_commands: opts.config.commandIDs.map((id) => id.replace(/:/g, ' ')).sort() },
    });
    await emitEarlyError(error, '', argv);
    return { handled: true };
  }
  const attempted = opts.id.replace(/:/g, ' ');
  const known = opts.config.commandIDs.map((id) => id.replace(/:/g, ' '));
  const guesses = closest(attempted, known, 3);
  const error = new DocketError('UNKNOWN_COMMAND', `"${attempted}" is not a docket command.`, {
    suggestion: guesses.length > 0 ? `Did you mean \`docket ${guesses[0]}\`? Run \`docket capabilities\` for every command.` : 'Run `docket capabilities` (or `docket --help`) for every command.',
    details: { command: attempted, did_you_mean: guesses, valid_commands: [...known].sort() },
  });
  await emitEarlyError(error, attempted, argv);
  return { handled: true };
};

export default hook;
