import { readdirSync } from 'node:fs';
import path from 'node:path';

/** A seeded pseudo-random sequence in [0, 1): the same edits on every machine. */
export function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2147483648) / 2147483648;
}

/** The Markdown files under root/docs, as sorted repository paths. */
export function markdown(root: string): string[] {
  return (readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' }) as string[]).filter((f) => f.endsWith('.md')).map((f) => `docs/${f.split(path.sep).join('/')}`).sort();
}
