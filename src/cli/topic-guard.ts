import { readFileSync } from 'node:fs';
import { DocketError } from '../errors/docket-error.js';
import { formatFromRaw } from './options.js';

/**
 * `docket adr --json`: oclif answers a bare topic with multi-line help before any hook runs.
 * In a machine format that must be an envelope: MISSING_COMMAND listing the topic's commands.
 * Returns true when it answered.
 */
export async function answerBareTopic(argv: readonly string[], manifestUrl: URL): Promise<boolean> {
  const [topic, next] = argv;
  if (!topic || topic.startsWith('-') || (next !== undefined && !next.startsWith('-'))) return false;
  if (
    argv.includes('--help') ||
    argv.includes('-h') ||
    formatFromRaw(argv, process.env) === 'text' ||
    formatFromRaw(argv, process.env) === 'md'
  )
    return false;
  let ids: string[];
  try {
    const text = readFileSync(manifestUrl, 'utf8');
    // oclif parses the manifest again: skip the parse for a word that is no topic (a command).
    if (!text.includes(`"${topic}:`)) return false;
    ids = Object.keys((JSON.parse(text) as { commands: Record<string, unknown> }).commands);
  } catch {
    return false;
  }
  if (ids.includes(topic)) return false;
  const subcommands = ids
    .filter((id) => id.startsWith(`${topic}:`))
    .map((id) => id.replace(/:/g, ' '))
    .sort();
  if (subcommands.length === 0) return false;
  // Loaded only when answering (DocketError comes with the start-up core anyway).
  const { emitEarlyError } = await import('./early-error.js');
  const error = new DocketError('MISSING_COMMAND', `"${topic}" is a topic; name one of its commands.`, {
    suggestion: `Run one of: ${subcommands.map((c) => `docket ${c}`).join(', ')}.`,
    details: { topic, valid_commands: subcommands },
  });
  await emitEarlyError(error, topic, argv);
  return true;
}
