// The I/O floor for check/index: read every Markdown file under the docs roots and split off its
// frontmatter, nothing else. Usage: node bench/floor-read.mjs <repo>
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(process.argv[2] ?? '.');
let files = 0;
let frontmatterBytes = 0;
async function walk(dir) {
  const entries = await readdir(dir, { withFileTypes: true });
  await Promise.all(entries.map(async (e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return walk(abs);
    if (!e.isFile() || !e.name.endsWith('.md')) return;
    const text = await readFile(abs, 'utf8');
    if (text.startsWith('---\n')) {
      const end = text.indexOf('\n---', 3);
      if (end !== -1) frontmatterBytes += end;
    }
    files++;
  }));
}
for (const dir of ['docs', 'services']) await walk(path.join(root, dir)).catch(() => undefined);
process.stdout.write(`${JSON.stringify({ files, frontmatterBytes })}\n`);
