import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { isInside, realpathOfExistingAncestor } from '../fs/paths.js';

const MAX_TEMPLATE_BYTES = 256 * 1024;

const utf8 = new TextDecoder('utf-8', { fatal: true });

function invalid(rel: string, reason: string, message: string, details: Record<string, unknown> = {}): DocketError {
  return new DocketError('TEMPLATE_INVALID', `The template ${rel} ${message}.`, {
    suggestion: `Fix ${rel} (UTF-8 Markdown under 256 KiB), or remove it to use the built-in template.`,
    details: { path: rel, reason, ...details },
  });
}

/**
 * Reads a repository template as untrusted input: it must be a regular file (not a symbolic
 * link) inside the root, at most 256 KiB, valid UTF-8 text. Returns undefined when absent.
 * The text comes back without BOM and with LF line endings.
 */
export async function readTemplateFile(root: string, rel: string): Promise<string | undefined> {
  const abs = path.join(root, rel);
  if (!isInside(root, abs) || !isInside(root, realpathOfExistingAncestor(path.dirname(abs)))) {
    throw new DocketError('PATH_OUTSIDE_ROOT', `The template ${rel} resolves outside the repository root.`, { details: { path: rel } });
  }
  const stat = await fs.lstat(abs).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return undefined;
    throw invalid(rel, 'unreadable', `cannot be read (${error.code})`);
  });
  if (!stat) return undefined;
  if (stat.isSymbolicLink()) {
    throw new DocketError('SYMLINK_REFUSED', `The template ${rel} is a symbolic link; templates must be regular files.`, {
      suggestion: `Replace ${rel} with a copy of the file it points to.`,
      details: { path: rel },
    });
  }
  if (!stat.isFile()) throw invalid(rel, 'not_regular_file', 'is not a regular file');
  if (stat.size > MAX_TEMPLATE_BYTES)
    throw invalid(rel, 'too_large', `is ${stat.size} bytes; the limit is ${MAX_TEMPLATE_BYTES}`, {
      size: stat.size,
      max_size: MAX_TEMPLATE_BYTES,
    });
  // O_NOFOLLOW closes the window between lstat and open; the size is checked again on the handle.
  const handle = await fs.open(abs, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
  let bytes: Buffer;
  try {
    const size = (await handle.stat()).size;
    if (size > MAX_TEMPLATE_BYTES)
      throw invalid(rel, 'too_large', `is ${size} bytes; the limit is ${MAX_TEMPLATE_BYTES}`, { size, max_size: MAX_TEMPLATE_BYTES });
    bytes = await handle.readFile();
  } finally {
    await handle.close();
  }
  if (bytes.includes(0)) throw invalid(rel, 'binary', 'contains binary data (NUL bytes)');
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    throw invalid(rel, 'not_utf8', 'is not valid UTF-8');
  }
  return text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
}
