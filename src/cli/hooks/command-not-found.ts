import { loadHelpClass } from '@oclif/core/help';
import type { Hook } from '@oclif/core/interfaces';
import { closest } from '../../core/text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import { emitEarlyError } from '../early-error.js';

/** Unknown commands never reach a command class: answer them with an envelope here. */
const hook: Hook<'command_not_found'> = async function (opts) {
  const argv = [opts.id, ...(opts.argv ?? [])];
  const [first, ...rest] = opts.id.split(':');
  if (first === 'help') {
    // `docket help [COMMAND...]`, as in gh and git: the same help as `docket [COMMAND] --help`.
    const target = [...rest, ...(opts.argv ?? []).filter((a) => !a.startsWith('-'))];
    const id = target.join(':');
    if (id === '' || opts.config.findCommand(id) || opts.config.findTopic(id)) {
      const Help = await loadHelpClass(opts.config);
      await new Help(opts.config).showHelp(target);
      return { handled: true };
    }
    return unknown(id, opts.config.commandIDs, argv);
  }
  if (opts.id.startsWith('-')) {
    // `docket --format json` with no command: oclif hands us the first flag as the id.
    const error = new DocketError('MISSING_COMMAND', 'No command given.', {
      suggestion: 'Name a command, e.g. `docket context`; `docket capabilities` lists them all.',
      details: { valid_commands: opts.config.commandIDs.map((id) => id.replace(/:/g, ' ')).sort() },
    });
    await emitEarlyError(error, '', argv);
    return { handled: true };
  }
  return unknown(opts.id, opts.config.commandIDs, argv);
};

async function unknown(id: string, commandIDs: string[], argv: string[]) {
  const attempted = id.replace(/:/g, ' ');
  const known = commandIDs.map((c) => c.replace(/:/g, ' '));
  const guesses = closest(attempted, known, 3);
  const error = new DocketError('UNKNOWN_COMMAND', `"${attempted}" is not a docket command.`, {
    suggestion: guesses.length > 0 ? `Did you mean \`docket ${guesses[0]}\`? Run \`docket capabilities\` for every command.` : 'Run `docket capabilities` (or `docket --help`) for every command.',
    details: { command: attempted, did_you_mean: guesses, valid_commands: [...known].sort() },
  });
  await emitEarlyError(error, attempted, argv);
  return { handled: true };
}

export default hook;
