import { promises as fs } from 'node:fs';
import path from 'node:path';
import { ignoreFilesOf, listMarkdown } from '../engine/documents/walk.js';
import type { Issue } from '../issues.js';
import { namespaceFor } from './exclusion.js';
import type { RepoConfig } from './types.js';

/** How much of a file's head is read for a `document_id:` line in its frontmatter. */
const HEAD_BYTES = 4096;
const ID_LINE = /^---\r?\n(?:[^\n]*\n)*?document_id:\s*["']?[A-Z]{3,10}-[A-Z]{3,10}-\d{3}["']?\s*\r?\n/;
const NAMED = 3;

async function head(file: string): Promise<string> {
  const handle = await fs.open(file, 'r').catch(() => undefined);
  if (!handle) return '';
  try {
    const buf = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await handle.read(buf, 0, HEAD_BYTES, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Markdown files that carry a document ID but lie outside every namespace's docs root: they
 * were governed once (a config that lists namespaces governs only theirs, so adding them can
 * drop the top-level `docs/` tree) and nothing checks them now. One warning per directory.
 */
export async function ungovernedDocuments(config: RepoConfig, signal?: AbortSignal): Promise<Issue[]> {
  const listing = await listMarkdown(config.root, '.', signal, ignoreFilesOf(config));
  const byDir = new Map<string, string[]>();
  for (const rel of listing.markdown) {
    if (namespaceFor(config, rel) || rel.split('/').some((s) => s.startsWith('.') || s === 'node_modules')) continue;
    if (!ID_LINE.test(await head(path.join(config.root, rel)))) continue;
    const top = rel.includes('/') ? rel.slice(0, rel.indexOf('/')) : '.';
    byDir.set(top, [...(byDir.get(top) ?? []), rel]);
  }
  const roots = config.namespaces.map((n) => `${n.docs_root}/`).join(', ');
  return [...byDir.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([dir, files]) => ({
      code: 'DOCUMENTS_UNGOVERNED',
      severity: 'warning',
      message: `${files.length} Markdown file${files.length === 1 ? '' : 's'} with a document ID under ${dir === '.' ? 'the repository root' : `${dir}/`} ${files.length === 1 ? 'is' : 'are'} outside every docs root (${roots}), so no command checks ${files.length === 1 ? 'it' : 'them'}: ${files.slice(0, NAMED).join(', ')}${files.length > NAMED ? ` and ${files.length - NAMED} more` : ''}.`,
      path: dir,
      suggestion: `Add a namespace whose docs_root holds ${dir === '.' ? 'them' : `${dir}/`} (\`docket scan\` suggests it), or move the files under a docs root.`,
    }));
}
