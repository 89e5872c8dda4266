import path from 'node:path';
import { loadConfigOrDefaults, type ConfigFallback } from '../config/fallback.js';
import { resolveInsideRoot } from '../fs/paths.js';
import { findById, findByPath, loadIndex, type LoadedIndex } from '../index/lookup.js';
import type { IndexNode } from '../index/graph.js';
import type { Advice, Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { promises as fs } from 'node:fs';
import type { ResolveData, IdentifyData, LinkData } from '../../contract/data/navigate.js';
export type { ResolveData, IdentifyData, LinkData };

export interface NavigateResult<D> {
  data: D;
  warnings: Issue[];
  advice: Advice[];
}

export type Cmd = (command: string) => string;
export const plainCmd: Cmd = (command) => `docket ${command}`;

/** When the artifact is missing or stale, every lookup rebuilds the index in memory: say how to stop that. */
export function indexAdvice(warnings: readonly Issue[], cmd: Cmd): Advice[] {
  return warnings.some((w) => w.code === 'INDEX_MISSING' || w.code === 'INDEX_STALE')
    ? [{ code: 'NEXT_INDEX', message: 'Write the index, so lookups read it instead of rebuilding it in memory.', command: cmd('index') }]
    : [];
}

const summary = (n: IndexNode): ResolveData => ({ document_id: n.document_id, path: n.path, title: n.title, status: n.status });

/**
 * The answer with the index's warnings and advice, read once the lookup is done (an artifact
 * that does not read back has the index built in memory instead); a lookup that fails
 * (ID_NOT_FOUND, ...) keeps them too: an agent told the index was stale learns it even from
 * the error.
 */
export async function answer<D>(
  configWarnings: readonly Issue[],
  index: LoadedIndex,
  cmd: Cmd,
  lookup: () => Promise<D>,
): Promise<NavigateResult<D>> {
  const findings = () => ({ warnings: [...configWarnings, ...index.warnings], advice: indexAdvice(index.warnings, cmd) });
  try {
    const data = await lookup();
    return { data, ...findings() };
  } catch (error: unknown) {
    if (!(error instanceof DocketError)) throw error;
    const { warnings, advice } = findings();
    throw error.withFindings(warnings, advice);
  } finally {
    index.close();
  }
}

/** `docket resolve ID`: the document with this exact ID. */
export async function runResolve(
  root: string,
  id: string,
  signal?: AbortSignal,
  cmd: Cmd = plainCmd,
  fallback?: ConfigFallback,
): Promise<NavigateResult<ResolveData>> {
  const { config, warnings } = await loadConfigOrDefaults(root, fallback);
  const index = await loadIndex(config, signal);
  return answer(warnings, index, cmd, async () => summary(await findById(index, id)));
}

/** `docket identify PATH`: the ID of the governed document at PATH. */
export async function runIdentify(
  root: string,
  input: string,
  signal?: AbortSignal,
  cmd: Cmd = plainCmd,
  fallback?: ConfigFallback,
): Promise<NavigateResult<IdentifyData>> {
  const { config, warnings } = await loadConfigOrDefaults(root, fallback);
  const index = await loadIndex(config, signal);
  return answer(warnings, index, cmd, async () => summary(await findByPath(config, index, input)));
}

/** Link text with Markdown's special characters escaped. */
function linkText(text: string): string {
  return text.replace(/[\\[\]]/g, (c) => `\\${c}`).replace(/[\r\n]+/g, ' ');
}

/** Each path segment percent-encoded, so spaces, parentheses and `#` cannot break the link. */
function href(rel: string): string {
  return rel
    .split('/')
    .map((s) =>
      s === '..' || s === '.' ? s : encodeURIComponent(s).replace(/[()]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
}

/** `docket link ID [--from PATH]`: a Markdown link to the document, relative to --from when given. */
export async function runLink(
  root: string,
  id: string,
  from: string | undefined,
  signal?: AbortSignal,
  cmd: Cmd = plainCmd,
  fallback?: ConfigFallback,
): Promise<NavigateResult<LinkData>> {
  const { config, warnings } = await loadConfigOrDefaults(root, fallback);
  const index = await loadIndex(config, signal);
  return answer(warnings, index, cmd, async () => {
    const node = await findById(index, id);
    let target = node.path;
    let fromRel: string | undefined;
    if (from !== undefined) {
      const resolved = resolveInsideRoot(config.root, from, '--from path');
      fromRel = resolved.rel;
      const isDir =
        /[\\/]$/.test(from) ||
        (await fs.stat(resolved.abs).then(
          (s) => s.isDirectory(),
          () => false,
        ));
      const dir = isDir ? fromRel : path.posix.dirname(fromRel);
      target = path.posix.relative(dir === '.' ? '' : dir, node.path) || path.posix.basename(node.path);
    }
    const h = href(target);
    return {
      ...summary(node),
      link: `[${linkText(node.title ?? node.document_id)}](${h})`,
      href: h,
      ...(fromRel !== undefined ? { from: fromRel || '.' } : {}),
    };
  });
}
