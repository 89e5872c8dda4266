/**
 * After a plan's moves and renames (fix --plan): the links to and from every moved file are
 * rewritten, as `docket mv` rewrites them, in one set of writes. Runs on what the actions left
 * (on disk, or in a dry run on the predicted files), so the plan's own edits are kept.
 */
import path from 'node:path';
import type { RepoConfig } from '../config/types.js';
import { ignoreFilesOf, listMarkdown } from '../engine/documents/walk.js';
import type { FixChange } from '../../contract/data/fix.js';
import { unifiedDiff } from '../fix/diff.js';
import { writeFileSet, type SetFile } from '../fs/file-set.js';
import type { Issue } from '../issues.js';
import { decodeText, readBytesOf } from '../move/plan.js';
import { rewriteLinks } from '../move/rewrite.js';
import { DocketError } from '../../errors/docket-error.js';
import type { ActionOutcome, Predicted } from './apply.js';

/** Rewrites the links the applied (or, in a dry run, previewed) moves broke; returns the changes. */
export async function relinkMoves(
  config: RepoConfig,
  outcomes: readonly ActionOutcome[],
  opts: { apply: boolean; predicted: Predicted; warnings: Issue[]; signal?: AbortSignal },
): Promise<FixChange[]> {
  const moves = new Map<string, string>();
  for (const o of outcomes)
    if ((o.action === 'move' || o.action === 'rename') && o.outcome !== 'refused' && o.to !== undefined) moves.set(o.path, o.to);
  if (moves.size === 0) return [];
  const origin = new Map([...moves].map(([from, to]) => [to, from]));
  const { overlay } = opts.predicted;
  const listing = await listMarkdown(config.root, '.', opts.signal, ignoreFilesOf(config));
  const now = new Set(listing.markdown.filter((rel) => opts.apply || !moves.has(rel)));
  for (const to of moves.values()) now.add(to);
  const read = async (rel: string) =>
    !opts.apply && overlay.files.has(rel)
      ? overlay.files.get(rel)
      : !opts.apply && (overlay.gone.has(rel) || origin.has(rel))
        ? undefined
        : readBytesOf(path.join(config.root, rel));
  const set: SetFile[] = [];
  const changes: FixChange[] = [];
  for (const rel of [...now].sort()) {
    const bytes = await read(rel);
    const decoded = bytes && decodeText(bytes);
    if (!bytes || !decoded) continue;
    // A moved file's links are written relative to where it was.
    const result = rewriteLinks(decoded.text, origin.get(rel) ?? rel, moves);
    for (const k of result.kept)
      opts.warnings.push({
        code: 'LINK_NOT_REWRITTEN',
        severity: 'warning',
        message: `The link "${k.target}" was kept as written: ${k.reason}.`,
        path: rel,
        line: k.line,
        column: k.column,
        suggestion: 'Edit this link yourself; `docket check` reports it if it is broken.',
      });
    if (result.rewritten === 0) continue;
    const next = Buffer.from(`${decoded.bom ? '\uFEFF' : ''}${result.text}`, 'utf8');
    set.push({ rel, old: bytes, bytes: next });
    changes.push({ path: rel, action: 'edit_links', diff: unifiedDiff(decoded.text, result.text, rel) });
  }
  if (!opts.apply) {
    for (const f of set) overlay.files.set(f.rel, f.bytes);
    return changes;
  }
  try {
    await writeFileSet(config.root, set);
    return changes;
  } catch (error) {
    if (!(error instanceof DocketError)) throw error;
    for (const f of set)
      opts.warnings.push({
        code: 'LINK_NOT_REWRITTEN',
        severity: 'warning',
        message: `The links to moved files in ${f.rel} were not rewritten: ${error.message}`,
        path: f.rel,
        suggestion: 'Run `docket check` and fix the links it reports (or `docket mv` the files back and again).',
      });
    return [];
  }
}
