import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error: the benchmark's helpers are plain JavaScript
import { mapLinks, withoutLinks } from '../../bench/links.mjs';

/** A seeded pseudo-random sequence in [0, 1): the same edits on every machine. */
export function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** The Markdown files under root/docs, as sorted repository paths. */
export function markdown(root: string): string[] {
  return (readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' }) as string[])
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f.split(path.sep).join('/')}`)
    .sort();
}

/** The governed documents of a generated repository: its Markdown files but the index's directory. */
export function documents(root: string): string[] {
  return markdown(root).filter((f) => !f.startsWith('docs/01-indices/'));
}

/** The document_id a document's frontmatter gives (undefined: none). */
export function idOf(root: string, rel: string): string | undefined {
  return /^document_id: (.*)$/m.exec(readFileSync(path.join(root, rel), 'utf8'))?.[1];
}

/** The text with its frontmatter block (both `---` lines included) replaced by what f makes of it. */
export const frontmatter = (text: string, f: (fm: string) => string): string => text.replace(/^---\n[\s\S]*?\n---\n/, f);

/** The text with every link dropped, inline links and reference definitions (generated bodies have both). */
export const unlinked = (text: string): string => withoutLinks(text) as string;

/** The text of `from` with its links to `target` made to point at `to` (null: dropped). */
export function retargeted(text: string, from: string, target: string, to: string | null): string {
  const dir = path.posix.dirname(from);
  return mapLinks(text, (t: string) =>
    path.posix.join(dir, t) === target ? (to === null ? null : path.posix.relative(dir, to)) : t,
  ) as string;
}
