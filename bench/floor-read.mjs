// The I/O floor for check/index: read every Markdown file under the docs roots and split off its
// frontmatter, nothing else. Usage: node bench/floor-read.mjs <repo>
//
// Deliberately the straightforward synchronous script a Node developer would write: one
// readdirSync per directory, one readFileSync per file. (An earlier version used fs/promises
// with Promise.all over every directory entry: it was 5x slower than this, and at 100k documents
// it hit EMFILE and silently read only a fraction of the files, so it was not a floor.)
// bench/warm.mjs imports readAndSplit to run the same floor inside its own process.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** Reads every .md file under `root`'s docs/ and services/ and splits off its frontmatter. */
export function readAndSplit(root) {
  let files = 0;
  let frontmatterBytes = 0;
  function walk(dir) {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (error) {
      if (error.code === 'ENOENT') return;
      throw error;
    }
    for (const e of entries) {
      const abs = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(abs);
      else if (e.isFile() && e.name.endsWith('.md')) {
        const text = readFileSync(abs, 'utf8');
        if (text.startsWith('---\n')) {
          const end = text.indexOf('\n---', 3);
          if (end !== -1) frontmatterBytes += end;
        }
        files++;
      }
    }
  }
  for (const dir of ['docs', 'services']) walk(path.join(root, dir));
  return { files, frontmatterBytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.stdout.write(`${JSON.stringify(readAndSplit(path.resolve(process.argv[2] ?? '.')))}\n`);
}
