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
    const words = opts.argv ?? [];
    const firstFlag = words.findIndex((a) => a.startsWith('-'));
    const target = [...rest, ...(firstFlag === -1 ? words : words.slice(0, firstFlag))];
    const id = target.join(':');
    if (id === '' || opts.config.findCommand(id) || opts.config.findTopic(id)) {
      const Help = await loadHelpClass(opts.config);
      await new Help(opts.config).showHelp(target);
      return { handled: true };
    }
    return unknown(id, opts.config.commandIDs, argv);
  }
  if (opts.id.startsWith('-')) {
    // Global flags before the command (`docket --json check`): run the command with them after it.
    const moved = commandAfterFlags(argv, opts.config.commandIDs);
    if (moved) return opts.config.runCommand(moved.id, moved.argv);
    // `docket --format json` with no command: oclif hands us the first flag as the id.
    const error = new DocketError('MISSING_COMMAND', 'No command given.', {
      suggestion: 'Name a command, e.g. `docket context`; `docket capabilities` lists them all.',
      details: { valid_commands: opts.config.commandIDs.map((id) => id.replace(/:/g, ' ')).sort() },
    });
    await emitEarlyError(error, '', argv);
    return { handled: true };
  }
  const extra = extraWords(opts.id, opts.config.commandIDs);
  if (extra) {
    // `docket doctor extra`: oclif joined the words into "doctor:extra"; the command exists and
    // takes no (more) arguments, which is a usage error of that command, not an unknown command.
    const command = extra.id.replace(/:/g, ' ');
    const error = new DocketError(
      'UNEXPECTED_ARGUMENT',
      `Unexpected argument${extra.words.length === 1 ? '' : 's'}: ${extra.words.join(', ')}.`,
      {
        suggestion: `Remove the extra arguments, or quote a value that contains spaces; run \`docket ${command} --help\` for the usage.`,
        details: { unexpected: extra.words },
      },
    );
    await emitEarlyError(error, command, argv);
    return { handled: true };
  }
  return unknown(opts.id, opts.config.commandIDs, argv);
};

/** The longest command that the id's leading words name, and the words after it. */
export function extraWords(id: string, commandIDs: readonly string[]): { id: string; words: string[] } | undefined {
  const parts = id.split(':');
  for (let n = parts.length - 1; n > 0; n--) {
    const prefix = parts.slice(0, n).join(':');
    if (commandIDs.includes(prefix)) return { id: prefix, words: parts.slice(n) };
  }
  return undefined;
}

// Global flags that take a value (`--root DIR`), so DIR is not mistaken for the command.
const VALUE_FLAGS = new Set(['--format', '--root', '--output', '--correlation-id', '--fields']);

/** Finds the command in `[flags..., command words..., rest...]`; the flags move after it. */
export function commandAfterFlags(argv: readonly string[], commandIDs: readonly string[]): { id: string; argv: string[] } | undefined {
  const before: string[] = [];
  let i = 0;
  while (i < argv.length && argv[i]!.startsWith('-') && argv[i] !== '--') {
    before.push(argv[i]!);
    if (VALUE_FLAGS.has(argv[i]!) && i + 1 < argv.length) before.push(argv[++i]!);
    i++;
  }
  const words: string[] = [];
  for (let j = i; j < argv.length && !argv[j]!.startsWith('-'); j++) words.push(argv[j]!);
  for (let n = words.length; n > 0; n--) {
    const id = words.slice(0, n).join(':');
    if (commandIDs.includes(id)) return { id, argv: [...argv.slice(i + n), ...before] };
  }
  return undefined;
}

async function unknown(id: string, commandIDs: string[], argv: string[]) {
  const attempted = id.replace(/:/g, ' ');
  const known = commandIDs.map((c) => c.replace(/:/g, ' '));
  const guesses = closest(attempted, known, 3);
  const error = new DocketError('UNKNOWN_COMMAND', `"${attempted}" is not a docket command.`, {
    suggestion:
      guesses.length > 0
        ? `Did you mean \`docket ${guesses[0]}\`? Run \`docket capabilities\` for every command.`
        : 'Run `docket capabilities` (or `docket --help`) for every command.',
    details: { command: attempted, did_you_mean: guesses, valid_commands: [...known].sort() },
  });
  await emitEarlyError(error, attempted, argv);
  return { handled: true };
}

export default hook;
