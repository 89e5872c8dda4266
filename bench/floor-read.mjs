// The I/O floor for check/index: read every Markdown file under the docs roots and split off its
// frontmatter, nothing else. Usage: node bench/floor-read.mjs <repo>
//
// Deliberately the straightforward synchronous script a Node developer would write: one
// readdirSync per directory, one readFileSync per file. (An earlier version used fs/promises
// with Promise.all over every directory entry: it was 5x slower than this, and at 100k documents
// it hit EMFILE and silently read only a fraction of the files, so it was not a floor.)
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
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
process.stdout.write(`${JSON.stringify({ files, frontmatterBytes })}\n`);
