import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../core/config/defaults.js';
import { canPrependFrontmatter, splitFrontmatter } from '../core/frontmatter/split.js';
import { writeFileAtomic } from '../core/fs/atomic-write.js';
import { isInside, realpathOfExistingAncestor, relativePosix, type WriteArea } from '../core/fs/paths.js';
import { DocketError } from '../errors/docket-error.js';

const SYSTEM_DIRS = ['/etc', '/bin', '/sbin', '/usr', '/boot', '/dev', '/proc', '/sys', '/lib', '/lib64'];
const PROTECTED_SEGMENTS = new Set(['.git', '.ssh', '.gnupg', '.aws', '.azure', '.kube', '.docker', 'node_modules']);
const PROTECTED_NAMES =
  /^(\.env(\..*)?|\.npmrc|\.netrc|\.pypirc|\.git-credentials|id_(rsa|dsa|ecdsa|ed25519)(\.pub)?|.*\.(pem|key|p12|pfx)|credentials(\.json)?|docops\.config\.ya?ml)$/i;

function refuse(file: string, why: string): never {
  throw new DocketError('OUTPUT_PATH_REFUSED', `Refusing --output ${file}: ${why}.`, {
    suggestion: 'Write the report to a new file in an ordinary directory, for example reports/docket.json or "$RUNNER_TEMP/docket.sarif".',
    details: { path: file, reason: why },
  });
}

async function readHead(file: string): Promise<string> {
  const handle = await fs.open(file, 'r').catch(() => undefined);
  if (!handle) return '';
  try {
    // Enough for frontmatter after blank lines, or a look-alike a few lines down (split.ts).
    const buf = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
    return buf.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

export interface OutputTarget {
  abs: string;
  rel: string;
}

/**
 * Validates an --output path before the command runs, so a refused path never follows a
 * completed write. Relative paths resolve against the root (the base command makes them so).
 * `rel` is repository-relative inside the root, the absolute path outside it.
 */
export async function resolveOutputTarget(root: string, file: string): Promise<OutputTarget> {
  if (file.trim() === '') refuse(file, 'the path is empty');
  const abs = path.resolve(root, file);
  const real = realpathOfExistingAncestor(abs);
  if (SYSTEM_DIRS.some((d) => isInside(d, abs) || isInside(d, real))) refuse(file, 'it is a system location');
  // Anywhere the user names ($RUNNER_TEMP, /tmp, a reports folder), as ESLint's -o, but never
  // through a symbolic link that crosses the repository's edge, in either direction.
  const inside = isInside(root, abs);
  if (inside !== isInside(root, real))
    refuse(file, inside ? 'a symbolic link on its way leaves the repository' : 'a symbolic link on its way leads into the repository');
  const rel = inside ? relativePosix(root, abs) : abs.split(path.sep).join('/');
  if (rel === '' || rel.split('/').some((s) => PROTECTED_SEGMENTS.has(s))) refuse(file, 'it is inside a protected directory');
  if (PROTECTED_NAMES.test(path.basename(abs)) || (inside && rel === CONFIG_FILE))
    refuse(file, 'it names a credential or configuration file');
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (stat?.isSymbolicLink()) refuse(file, 'it is a symbolic link');
  if (stat && !stat.isFile()) refuse(file, 'it exists and is not a regular file');
  if (stat) {
    const split = splitFrontmatter((await readHead(abs)).replace(/^\uFEFF/, ''));
    if (!canPrependFrontmatter(split)) refuse(file, 'it is an existing document with frontmatter');
  }
  return { abs, rel };
}

/** The --output file is the user's choice: its directory is the one area outside the root it may be in (paths.ts OUTSIDE_ROOT_AREAS). */
export function outputArea(target: OutputTarget): WriteArea {
  return { area: 'output', dir: path.dirname(target.abs) };
}

export async function writeOutputFile(root: string, target: OutputTarget, content: string): Promise<void> {
  try {
    await writeFileAtomic(root, target.abs, content, { overwrite: true, within: outputArea(target) });
  } catch (error) {
    if (error instanceof DocketError) throw error;
    throw new DocketError('WRITE_FAILED', `Could not write ${target.rel}: ${(error as NodeJS.ErrnoException).code ?? String(error)}.`, {
      suggestion: 'Check permissions and free space, or choose another --output path.',
      details: { path: target.rel },
    });
  }
}
