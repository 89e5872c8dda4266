import { mkdirSync, realpathSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OUTSIDE_ROOT_AREAS, assertWritable } from '../../src/core/fs/paths.js';
import { tempDir } from '../helpers/fixtures.js';

describe('assertWritable: the one containment check of every write', () => {
  const scratch = realpathSync(tempDir());
  const root = path.join(scratch, 'repo');
  const data = path.join(scratch, 'data');
  mkdirSync(path.join(root, 'docs'), { recursive: true });
  mkdirSync(data);
  symlinkSync(data, path.join(root, 'docs', 'link'));

  it('lets writes inside the root through, and refuses the root left as written or through a link', () => {
    expect(() => assertWritable(root, path.join(root, 'docs', 'new', 'a.md'))).not.toThrow();
    for (const target of [
      path.join(root, '..', 'x.md'),
      path.join(root, 'docs', 'link', 'a.md'),
      path.join(root, 'docs', 'link', 'deeper', 'a.md'),
    ]) {
      expect(() => assertWritable(root, target)).toThrow(expect.objectContaining({ code: 'PATH_OUTSIDE_ROOT' }));
    }
  });

  it('lets a write outside the root through only inside the area it names', () => {
    expect(() => assertWritable(root, path.join(data, 'docket', 'profiles', 'p'), { area: 'profiles', dir: data })).not.toThrow();
    expect(() => assertWritable(root, path.join(scratch, 'elsewhere'), { area: 'profiles', dir: data })).toThrow(
      expect.objectContaining({ code: 'PATH_OUTSIDE_ROOT', details: { path: '../elsewhere', area: 'profiles' } }),
    );
  });

  it('lists exactly the areas outside the root docket may write to', () => {
    expect(Object.keys(OUTSIDE_ROOT_AREAS).sort()).toEqual(['git-hooks', 'output', 'profiles', 'site']);
  });
});
