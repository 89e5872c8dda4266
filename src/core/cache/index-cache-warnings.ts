import { isFileSystemFailure } from '../fs/atomic-write.js';
import { CACHE_DIR } from './cache-dir.js';
import type { Issue } from '../issues.js';
import { DocketError } from '../../errors/docket-error.js';
import { LOCK, MANIFEST } from './index-cache-files.js';

/** The warnings of the index cache: each says the index is complete, and what (if anything) to do. */

export function busyWarning(): Issue {
  return {
    code: 'INDEX_CACHE_BUSY',
    severity: 'warning',
    message: `Another docket process holds ${LOCK} (or it cannot be created); the index was built without the cache.`,
    path: LOCK,
    suggestion: 'Nothing to do: the index is complete. A lock left by a dead process is taken over automatically.',
  };
}

export function corruptWarning(rewritten: boolean): Issue {
  return {
    code: 'INDEX_CACHE_CORRUPT',
    severity: 'warning',
    message: `${MANIFEST} could not be read; the index was built in full${rewritten ? ' and the cache rewritten' : ''}.`,
    path: MANIFEST,
    suggestion: 'Nothing to do: the index is complete. Delete .docket/cache/ if the warning repeats.',
  };
}

/** A manifest docket did not leave where it is (checked out from git, copied without its times). */
export function untrustedWarning(rewritten: boolean): Issue {
  return {
    code: 'INDEX_CACHE_UNTRUSTED',
    severity: 'warning',
    message: `${MANIFEST} was not written here by docket (its modification time is not the one docket gave it), so it was not used; the index was built in full${rewritten ? ' and the cache rewritten' : ''}.`,
    path: MANIFEST,
    suggestion:
      'If git tracks .docket/, untrack it: git rm -r --cached .docket. To carry the cache between CI runs, restore it with its modification times (actions/cache, tar or cp -p do).',
  };
}

/** A cache file that could not be written (read-only checkout, no space, a directory in its place); anything else is a bug and is thrown again. */
export function writeFailedWarning(error: unknown): Issue {
  if (!isFileSystemFailure(error)) throw error;
  const failed = error instanceof DocketError ? error : undefined;
  const file = typeof failed?.details?.path === 'string' ? failed.details.path : MANIFEST;
  const why = failed
    ? typeof failed.details?.errno === 'string'
      ? failed.details.errno
      : failed.code
    : (error as NodeJS.ErrnoException).code;
  return {
    code: 'INDEX_CACHE_WRITE_FAILED',
    severity: 'warning',
    message: `The index cache could not be written (${file}: ${why}); the index is complete, and the next run may build it in full.`,
    path: file,
    suggestion: `Check permissions and free space in ${CACHE_DIR}/, or delete it and run again.`,
  };
}
