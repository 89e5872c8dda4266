/**
 * Rewrites the links of one Markdown file when files move: a link to a moved file gets the
 * file's new path, and the links of a moved file stay pointing at what they pointed at from
 * its new place. Only the path part of a destination changes: its `?query` and `#fragment`,
 * the link text, titles and every other byte stay as they were. Link positions come from the
 * Markdown outline (so links in code are not links), and the result is outlined again to
 * prove that every link resolves where it should.
 */
import path from 'node:path';
import { resolveLink } from '../engine/load.js';
import type { DocumentLink } from '../engine/model.js';
import { splitFrontmatter } from '../frontmatter/split.js';
import { outlineMarkdown, type MarkdownLink } from '../markdown/outline.js';
import { DocketError } from '../../errors/docket-error.js';
import { destinationSpan, encodePath, encodesNonAscii, splitDestination } from './destination.js';
import { movedNamesOf } from './mentions.js';

/** A link the rewrite left as written although it should change, and why. */
export interface KeptLink {
  line: number;
  column: number;
  target: string;
  reason: string;
}

export interface LinkRewrite {
  /** The new text ('' changes: the same string). */
  text: string;
  /** Links whose destination changed. */
  rewritten: number;
  kept: KeptLink[];
}

/** The links of a text (BOM removed), with the file offset of each destination. */
export function linksOf(text: string): { link: MarkdownLink; at: number }[] {
  const split = splitFrontmatter(text);
  const bodyOffset = split.kind === 'ok' ? split.bodyOffset : 0;
  const firstLine = split.kind === 'ok' ? split.closingLine + 1 : 1;
  const links = outlineMarkdown(bodyOffset === 0 ? text : text.slice(bodyOffset), firstLine, false).links;
  // Offsets of line starts from the first link's line on: links come in document order.
  const out: { link: MarkdownLink; at: number }[] = [];
  let line = 1;
  let lineStart = 0;
  for (const link of links) {
    while (line < link.line) {
      const nl = text.indexOf('\n', lineStart);
      if (nl === -1) break;
      lineStart = nl + 1;
      line++;
    }
    out.push({ link, at: lineStart + link.column - 1 });
  }
  return out;
}

/** `to` written relative to the directory `dir`, in the style of `was` (a `./` start, a trailing `/`). */
function relativeFrom(dir: string, to: string, was: string): string {
  let rel = path.posix.relative(dir === '.' ? '' : dir, to === '.' ? '' : to);
  if (rel === '') rel = '.';
  if (was.startsWith('./') && !rel.startsWith('../') && rel !== '.') rel = `./${rel}`;
  if (was.endsWith('/') && !rel.endsWith('/')) rel = `${rel}/`;
  return rel;
}

/**
 * The new destination path (decoded) of a link, or undefined when it stays: `rel` is the file's
 * path before, `moves` every move (old path to new path).
 */
function newPathOf(link: DocumentLink, rel: string, moves: ReadonlyMap<string, string>, decodedPath: string): string | undefined {
  const target = link.path!;
  const movedTo = moves.get(target);
  if (decodedPath.startsWith('/')) return movedTo === undefined ? undefined : `/${movedTo}`;
  const fileMoved = moves.has(rel);
  if (movedTo === undefined && !fileMoved) return undefined;
  return relativeFrom(path.posix.dirname(moves.get(rel) ?? rel), movedTo ?? target, decodedPath);
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Rewrites the links of the file at `rel` (its text without BOM) for `moves`. A file that is
 * not moved and mentions no moved file's name (or any `%`) is not outlined at all.
 */
export function rewriteLinks(text: string, rel: string, moves: ReadonlyMap<string, string>): LinkRewrite {
  const unchanged: LinkRewrite = { text, rewritten: 0, kept: [] };
  if (!moves.has(rel) && !text.includes('%') && !movedNamesOf(moves).mentionedIn(text)) return unchanged;
  const links = linksOf(text);
  const kept: KeptLink[] = [];
  const edits: { start: number; end: number; raw: string }[] = [];
  /** What each link must resolve to afterwards (undefined: its target as written, unchanged). */
  const expected: (string | undefined)[] = [];
  for (const { link, at } of links) {
    expected.push(undefined);
    const resolved = resolveLink(rel, link);
    if (resolved.scope === 'outside' && moves.has(rel)) {
      kept.push({
        line: link.line,
        column: link.column,
        target: link.target,
        reason: 'it leaves the repository root, so it was kept as written',
      });
      continue;
    }
    if (resolved.scope !== 'file') continue;
    const span = destinationSpan(text, at, link.kind, link.target);
    const raw = span ? text.slice(span.start, span.end) : link.target;
    const { path: rawPath, rest } = splitDestination(raw);
    const next = newPathOf(resolved, rel, moves, decode(rawPath.trim()));
    if (next === undefined) continue;
    if (!span) {
      kept.push({
        line: link.line,
        column: link.column,
        target: link.target,
        reason: 'its destination could not be located in the source, so it was kept as written',
      });
      continue;
    }
    const newRaw = `${encodePath(next, span.angle, encodesNonAscii(rawPath))}${rest}`;
    if (newRaw === raw) continue;
    edits.push({ start: span.start, end: span.end, raw: newRaw });
    expected[expected.length - 1] = moves.get(resolved.path!) ?? resolved.path!;
  }
  if (edits.length === 0) return { ...unchanged, kept };
  let out = '';
  let copied = 0;
  for (const e of edits) {
    out += text.slice(copied, e.start) + e.raw;
    copied = e.end;
  }
  out += text.slice(copied);
  verify(
    out,
    moves.get(rel) ?? rel,
    links.map((l) => l.link),
    expected,
  );
  return { text: out, rewritten: edits.length, kept };
}

/**
 * Outlines the new text and checks it: the same links in the same order, each rewritten one
 * resolving to its target's new path, every other one written as before. A failure is a bug
 * in the rewrite, never a reason to write a file that would read differently.
 */
function verify(text: string, rel: string, before: readonly MarkdownLink[], expected: readonly (string | undefined)[]): void {
  const after = linksOf(text);
  const same =
    after.length === before.length &&
    after.every(({ link }, i) => {
      const want = expected[i];
      if (want === undefined) return link.target === before[i]!.target && link.kind === before[i]!.kind;
      const resolved = resolveLink(rel, link);
      return resolved.scope === 'file' && resolved.path === want && link.kind === before[i]!.kind;
    });
  if (!same) throw new DocketError('INTERNAL_ERROR', `Rewriting the links of ${rel} would change what they point at; nothing was written.`);
}
