import { DocketError } from '../../errors/docket-error.js';
import { runGit } from './run-git.js';

/** A file as the git index holds it, staged for the next commit. */
export interface StagedEntry {
  /** Path relative to the directory git ran in (POSIX). */
  rel: string;
  /** git's file mode: 100644 and 100755 are regular files, 120000 a symbolic link, 160000 a submodule. */
  mode: string;
  oid: string;
}

const WHY = '--staged reads the git index';

/**
 * The files staged under `dir` (added, modified or changed in type against HEAD; against
 * nothing before the first commit), relative to `dir`, in path order. Deleted files are not
 * listed: there is nothing of them to check.
 */
export async function stagedEntries(dir: string, signal?: AbortSignal): Promise<StagedEntry[]> {
  const raw = await runGit(
    dir,
    ['diff', '--cached', '--raw', '-z', '--no-abbrev', '--no-renames', '--diff-filter=AMT', '--relative', '--ignore-submodules=none'],
    { maxBytes: 256 * 1024 * 1024, why: WHY, ...(signal ? { signal } : {}) },
  );
  // -z: each entry is ":<old mode> <new mode> <old oid> <new oid> <status>" NUL "<path>" NUL.
  const parts = raw.toString('utf8').split('\0');
  const entries: StagedEntry[] = [];
  for (let i = 0; i + 1 < parts.length; i += 2) {
    const [, mode, , oid] = parts[i]!.slice(1).split(' ');
    if (mode && oid) entries.push({ rel: parts[i + 1]!, mode, oid });
  }
  return entries.sort((a, b) => (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0));
}

/**
 * The bytes of these blobs, read from the object database with two `git cat-file` runs (sizes
 * first); a blob larger than `limit` is not read, its size stands for it. In the order given.
 */
export async function readBlobs(dir: string, oids: readonly string[], limit: number, signal?: AbortSignal): Promise<(Buffer | number)[]> {
  if (oids.length === 0) return [];
  const input = `${oids.join('\n')}\n`;
  const opts = { why: WHY, ...(signal ? { signal } : {}) };
  const check = (await runGit(dir, ['cat-file', '--batch-check'], { ...opts, input, maxBytes: oids.length * 128 }))
    .toString('utf8')
    .split('\n');
  const sizes = oids.map((oid, i) => {
    const [found, type, size] = (check[i] ?? '').split(' ');
    if (found !== oid || type !== 'blob' || !size) {
      throw new DocketError(
        'NOT_A_GIT_REPOSITORY',
        `${WHY}: the index names ${oid}, which git cannot read as a blob (${check[i] ?? 'no answer'}).`,
        {
          suggestion: 'Run `git fsck` and stage the file again (`git add`), or leave out --staged.',
          details: { root: dir },
        },
      );
    }
    return Number(size);
  });
  const wanted = oids.filter((_, i) => sizes[i]! <= limit);
  const total = sizes.reduce((n, s) => (s <= limit ? n + s : n), 0);
  const batch =
    wanted.length === 0
      ? Buffer.alloc(0)
      : await runGit(dir, ['cat-file', '--batch'], { ...opts, input: `${wanted.join('\n')}\n`, maxBytes: total + wanted.length * 128 });
  // --batch: "<oid> blob <size>\n<bytes>\n" for each object asked for, in order.
  let at = 0;
  return sizes.map((size) => {
    if (size > limit) return size;
    const eol = batch.indexOf(0x0a, at);
    at = eol + 1;
    const bytes = Buffer.from(batch.subarray(at, at + size));
    at += size + 1;
    return bytes;
  });
}
