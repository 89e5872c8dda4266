import { isUtf8 } from 'node:buffer';
import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import type { Issue } from '../issues.js';
import { isInside, relativePosix } from '../fs/paths.js';
import { bytePosition, invalidUtf8Offset } from '../text/utf8.js';
import { CONFIG_FILE } from './defaults.js';

const MAX_CONFIG_BYTES = 1024 * 1024;

export interface ConfigText {
  text: string;
  /** Findings about the file itself (a symbolic link inside the root). */
  warnings: Issue[];
}

function invalid(message: string, suggestion: string, details: Record<string, unknown> = {}, cause?: unknown): DocketError {
  return new DocketError('CONFIG_INVALID', message, {
    suggestion,
    details: { path: CONFIG_FILE, ...details },
    ...(cause === undefined ? {} : { cause }),
  });
}

function unreadable(error: unknown): DocketError {
  const code = (error as NodeJS.ErrnoException).code;
  return invalid(
    `${CONFIG_FILE} could not be read: ${code ?? String(error)}.`,
    `Make ${CONFIG_FILE} a readable regular file, then run \`docket doctor\`.`,
    {},
    error,
  );
}

/**
 * Where docops.config.yaml really is. A symbolic link is followed only to a file inside the
 * root (a config from elsewhere would govern the repository without being part of it, and
 * writes through the link are refused anyway): the target, relative to the root, comes back
 * so the caller can say the config is a link.
 */
async function locate(root: string, file: string): Promise<{ real: string; stat: Stats; link?: string }> {
  const lstat = await fs.lstat(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') {
      throw new DocketError('CONFIG_NOT_FOUND', `No ${CONFIG_FILE} at the repository root.`, {
        suggestion: 'Run `docket init` (with the same --root) to create one, or pass the directory that holds it as --root.',
        details: { path: CONFIG_FILE },
      });
    }
    throw unreadable(error);
  });
  if (!lstat.isSymbolicLink()) return { real: file, stat: lstat };
  const written = await fs.readlink(file).catch(() => '?');
  const real = await fs.realpath(file).catch((error: NodeJS.ErrnoException) => {
    throw invalid(
      `${CONFIG_FILE} is a symbolic link to ${written}, which ${error.code === 'ELOOP' ? 'loops back on itself' : 'does not exist'}.`,
      `Replace ${CONFIG_FILE} with the configuration file itself; \`docket init\` writes one when it is absent.`,
      { reason: 'broken_link', link_target: written },
      error,
    );
  });
  if (!isInside(root, real)) {
    throw new DocketError(
      'PATH_OUTSIDE_ROOT',
      `${CONFIG_FILE} is a symbolic link to ${written}, outside the repository root; docket reads no configuration from outside the repository.`,
      {
        suggestion: `Replace the link with a copy of the file it points to (\`cp --remove-destination "$(readlink -f ${CONFIG_FILE})" ${CONFIG_FILE}\`), so the repository carries its own config.`,
        details: { path: CONFIG_FILE, reason: 'symlink_outside_root', link_target: written },
      },
    );
  }
  const stat = await fs.stat(real).catch((error: unknown) => {
    throw unreadable(error);
  });
  return { real, stat, link: relativePosix(root, real) };
}

function checkShape(stat: Stats): void {
  if (!stat.isFile())
    throw invalid(
      `${CONFIG_FILE} is not a regular file.`,
      `Replace ${CONFIG_FILE} with the configuration file; \`docket init\` writes one when it is absent.`,
    );
  if (stat.size > MAX_CONFIG_BYTES)
    throw invalid(
      `${CONFIG_FILE} is ${stat.size} bytes; the limit is ${MAX_CONFIG_BYTES}.`,
      `Reduce ${CONFIG_FILE} to its settings; it should be a few kilobytes.`,
    );
}

/**
 * The text of the config: UTF-8 only. Anything else is refused with the position of the first
 * byte that is not UTF-8, so no value is ever read with U+FFFD in place of a character.
 */
function decodeConfig(bytes: Buffer): string {
  if (isUtf8(bytes)) return bytes.toString('utf8');
  const offset = Math.max(0, invalidUtf8Offset(bytes));
  const { line, column } = bytePosition(bytes, offset);
  const byte = `0x${bytes[offset]!.toString(16).toUpperCase().padStart(2, '0')}`;
  const utf16 = (bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff) ? ' (the file is UTF-16)' : '';
  throw invalid(
    `${CONFIG_FILE}:${line}: byte ${byte} at offset ${offset} (line ${line}, column ${column}) is not valid UTF-8${utf16}; docket reads the config as UTF-8 only and never guesses another encoding.`,
    `Re-save ${CONFIG_FILE} as UTF-8 (from Latin-1: \`iconv -f latin1 -t utf-8 ${CONFIG_FILE} > config.tmp && mv config.tmp ${CONFIG_FILE}\`), then run \`docket doctor\`.`,
    { line, column, offset, reason: 'encoding' },
  );
}

/** Reads docops.config.yaml under `root` (a realpath) as untrusted input. */
export async function readConfigText(root: string): Promise<ConfigText> {
  const { real, stat, link } = await locate(root, path.join(root, CONFIG_FILE));
  checkShape(stat);
  let bytes: Buffer;
  // O_NOFOLLOW: the file checked above is the one read, even if a link appears in between;
  // O_NONBLOCK: a FIFO swapped in meanwhile cannot block the open (fstat then refuses it).
  const handle = await fs
    .open(real, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
    .catch((error: unknown) => {
      throw unreadable(error);
    });
  try {
    checkShape(await handle.stat());
    bytes = await handle.readFile();
  } catch (error) {
    throw error instanceof DocketError ? error : unreadable(error);
  } finally {
    await handle.close();
  }
  const warnings: Issue[] = [];
  if (link !== undefined) {
    warnings.push({
      code: 'CONFIG_SYMLINK',
      severity: 'warning',
      message: `${CONFIG_FILE} is a symbolic link to ${link}; docket reads the config from there, but commands that edit the config (\`org vendor --apply\`) refuse to write through the link.`,
      path: CONFIG_FILE,
      suggestion: `Replace the link with the file itself (\`mv ${link} ${CONFIG_FILE}\`), or keep it and edit ${link} by hand.`,
    });
  }
  return { text: decodeConfig(bytes), warnings };
}
