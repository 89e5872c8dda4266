import type { RepoConfig } from '../config/types.js';
import { DocketError } from '../../errors/docket-error.js';

/**
 * The document ID a `state` argument names (reference §9.2): upper-cased; kept as it is when
 * it has no `-`, two or more, or starts with a namespace's prefix; otherwise (`ADR-002`) the
 * one known ID ending in it, several being STATE_AMBIGUOUS_ID. With no match, a repository of
 * one namespace puts its prefix in front; with several, the ID is refused. The ID need not
 * have a document.
 */
export async function resolveStateId(config: RepoConfig, input: string, ids: () => Promise<Iterable<string>>): Promise<string> {
  const id = input.trim().toUpperCase();
  if (id === '')
    throw new DocketError('INVALID_ID', 'The ID is empty.', { suggestion: 'Pass a document ID such as ACME-ADR-001, or TYPE-NNN.' });
  const dashes = id.split('-').length - 1;
  const prefixes = config.namespaces.map((ns) => ns.repo_prefix);
  if (dashes !== 1 || prefixes.some((p) => id.startsWith(`${p}-`))) return id;
  const suffix = `-${id}`;
  const matches = [...(await ids())].filter((known) => known.endsWith(suffix)).sort();
  if (matches.length === 1) return matches[0]!;
  if (matches.length > 1) {
    throw new DocketError(
      'STATE_AMBIGUOUS_ID',
      `The shorthand ${id} matches ${matches.length} documents: ${matches.slice(0, 5).join(', ')}${matches.length > 5 ? ', ...' : ''}.`,
      { suggestion: 'Pass the full ID.', details: { input: id, candidates: matches } },
    );
  }
  if (config.namespaces.length === 1) return `${prefixes[0]}-${id}`;
  throw new DocketError(
    'ID_NOT_FOUND',
    `No document ID ends in ${suffix}, and with ${config.namespaces.length} namespaces the prefix cannot be guessed.`,
    { suggestion: `Pass the full ID, e.g. ${prefixes[0]}-${id}.`, details: { id, did_you_mean: [] } },
  );
}
