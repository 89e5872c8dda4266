import { describe, expect, it } from 'vitest';
import { toDocketError } from '../../src/cli/to-docket-error.js';

const errno = (syscall: string, code: string, p: string) =>
  Object.assign(new Error(`${code}: refused, ${syscall} '${p}'`), { syscall, code, path: p });

describe('a write the file system refused, that no writer wrapped', () => {
  it('is WRITE_FAILED with the path relative to the root, not INTERNAL_ERROR', () => {
    for (const [syscall, code] of [
      ['mkdir', 'EACCES'],
      ['rename', 'EROFS'],
      ['unlink', 'EPERM'],
      ['write', 'ENOSPC'],
    ]) {
      const e = toDocketError(errno(syscall!, code!, '/repo/.docket/cache'), {}, '/repo');
      expect(e.code).toBe('WRITE_FAILED');
      expect(e.details).toMatchObject({ path: '.docket/cache', errno: code });
    }
  });

  it('leaves a refused read, and other failures, alone', () => {
    expect(toDocketError(errno('open', 'EACCES', '/repo/x.md'), {}, '/repo').code).toBe('INTERNAL_ERROR');
    expect(toDocketError(errno('mkdir', 'EINVAL', '/repo/x'), {}, '/repo').code).toBe('INTERNAL_ERROR');
  });
});
