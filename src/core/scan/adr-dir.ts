import { promises as fs } from 'node:fs';
import path from 'node:path';
import { DEFAULT_DOCS_ROOT } from '../config/defaults.js';
import { TYPE_FOLDERS } from './types.js';

/** The file adr-tools keeps its log's directory in. */
const ADR_DIR_FILE = '.adr-dir';

/** A repository-relative directory as written in `.adr-dir` (one line), if it is one. */
async function adrDirFile(root: string): Promise<string | undefined> {
  const text = await fs.readFile(path.join(root, ADR_DIR_FILE), 'utf8').catch(() => undefined);
  const line = text?.split(/\r?\n/, 1)[0]?.trim().replace(/\/+$/, '');
  if (!line || path.posix.isAbsolute(line) || line.length > 200) return undefined;
  const dir = path.posix.normalize(line);
  return dir === '.' || dir === '..' || dir.startsWith('../') ? undefined : dir;
}

/**
 * How to `init` a repository whose ADR log lives where the defaults would not keep it: the
 * directory `.adr-dir` names, else the first folder named like an ADR folder (`adr`, `adrs`,
 * `decisions`...) holding Markdown. The log stays one directory (the ADR tool reads it there):
 * it becomes the ADR type's directory, under a docs root that contains it.
 */
export async function adrImportAdvice(root: string, markdown: readonly string[]): Promise<{ flags: string; why: string } | undefined> {
  const named = await adrDirFile(root);
  const folder =
    named ??
    [...new Set(markdown.map((m) => path.posix.dirname(m)))]
      .sort()
      .find((d) => TYPE_FOLDERS[path.posix.basename(d).toLowerCase()] === 'ADR' && !d.split('/').some((s) => s.startsWith('.')));
  if (!folder) {
    // No ADR log, but no docs/ either: the Markdown of doc/ (a common alternative) is what to govern.
    const docs = markdown.some((m) => m.startsWith(`${DEFAULT_DOCS_ROOT}/`));
    return !docs && markdown.some((m) => m.startsWith('doc/'))
      ? { flags: '--docs-root doc', why: 'There is no docs/ folder and doc/ holds Markdown: govern doc/.' }
      : undefined;
  }
  const inDocs = folder.startsWith(`${DEFAULT_DOCS_ROOT}/`);
  const docsRoot = inDocs ? DEFAULT_DOCS_ROOT : folder.includes('/') ? folder.slice(0, folder.indexOf('/')) : folder;
  const flags = `${docsRoot === DEFAULT_DOCS_ROOT ? '' : `--docs-root ${docsRoot} `}--adr-dir ${folder}`;
  const source = named ? `${ADR_DIR_FILE} names ${folder}` : `${folder} holds the decision records`;
  return {
    flags,
    why: `${source}: keep it as the ADR directory (its records are not moved into ${docsRoot}/45-adr, and the log stays whole).`,
  };
}
