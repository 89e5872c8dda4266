import { createHash } from 'node:crypto';
import { chmodSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ChangedFile, type ChangedFileOptions } from '../../src/core/fs/changed-file.js';
import { tempDir } from '../helpers/fixtures.js';

/** About 2.6 MB of varied text, with multi-byte characters: more than two of the old file's 1 MiB copy chunks. */
function sample(): string {
  const lines: string[] = [];
  for (let i = 0; i < 40_000; i++) lines.push(`{ "n": ${i}, "t": "line ${(i * 7919) % 10007} é ✓ ${'x'.repeat(i % 23)}" }`);
  return `${lines.join('\n')}\n`;
}

/** Cuts `text` into pieces of the given lengths (the rest in a last piece). */
function cut(text: string, sizes: number[]): string[] {
  const out: string[] = [];
  let at = 0;
  for (const n of sizes) out.push(text.slice(at, (at = Math.min(text.length, at + n))));
  return [...out, text.slice(at)];
}

async function run(root: string, target: string, pieces: string[], opts: ChangedFileOptions) {
  const file = ChangedFile.open(root, target, opts);
  for (const p of pieces) file.add(p);
  return file.finish();
}

const sha = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const temporaries = (dir: string) => readdirSync(dir).filter((n) => n.endsWith('.tmp'));

describe('ChangedFile: a large file compared and replaced piece by piece (the index artifact)', () => {
  const text = sample();

  it('compares without writing: the same text however it is cut, a changed byte, a shorter and a longer file, a missing one', async () => {
    const root = tempDir();
    const target = path.join(root, 'a.json');
    writeFileSync(target, text);
    const compare = { write: false, hash: true };
    for (const sizes of [[0], [1, 0, 7], [1024 * 1024 - 1, 2, 0], [700_000, 700_000, 700_000], [text.length]]) {
      expect(await run(root, target, cut(text, sizes), compare)).toEqual({ onDisk: 'same', written: false, sha256: sha(text) });
    }
    const changed = `${text.slice(0, -10)}Y${text.slice(-9)}`;
    expect((await run(root, target, cut(changed, [2_000_000]), compare)).onDisk).toBe('different');
    expect((await run(root, target, [text.slice(0, -1)], compare)).onDisk).toBe('different');
    expect((await run(root, target, [text, 'x'], compare)).onDisk).toBe('different');
    expect(await run(root, path.join(root, 'absent.json'), [text], { write: false, hash: false })).toEqual({
      onDisk: 'missing',
      written: false,
    });
    expect(readFileSync(target, 'utf8')).toBe(text);
    expect(readdirSync(root)).toEqual(['a.json']);
  });

  it('writes a missing file (and its directory), with the hash of its bytes', async () => {
    const root = tempDir();
    const target = path.join(root, 'docs/01-indices/a.json');
    expect(await run(root, target, cut(text, [5, 1_000_000]), { write: true, hash: true })).toEqual({
      onDisk: 'missing',
      written: true,
      sha256: sha(text),
    });
    expect(readFileSync(target, 'utf8')).toBe(text);
    expect(statSync(target).mode & 0o777).toBe(0o644);
    expect(temporaries(path.dirname(target))).toEqual([]);
  });

  it('leaves a file with the same bytes untouched', async () => {
    const root = tempDir();
    const target = path.join(root, 'a.json');
    writeFileSync(target, text);
    const before = statSync(target);
    expect(await run(root, target, cut(text, [3, 1 << 20]), { write: true, hash: true })).toEqual({
      onDisk: 'same',
      written: false,
      sha256: sha(text),
    });
    const after = statSync(target);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('replaces a file that differs early, late (its prefix copied from the old file), or only in length; keeping its mode', async () => {
    const root = tempDir();
    const target = path.join(root, 'a.json');
    const variants = [`X${text.slice(1)}`, `${text.slice(0, 2_500_000)}é${text.slice(2_500_001)}`, text.slice(0, -5), `${text}more\n`, ''];
    for (const next of variants) {
      writeFileSync(target, text);
      chmodSync(target, 0o600);
      expect(await run(root, target, cut(next, [1_000_000, 1_000_000]), { write: true, hash: true })).toEqual({
        onDisk: 'different',
        written: true,
        sha256: sha(next),
      });
      expect(readFileSync(target, 'utf8') === next).toBe(true);
      expect(statSync(target).mode & 0o777).toBe(0o600);
      expect(temporaries(root)).toEqual([]);
    }
  });

  it('refuses a symbolic link, a directory and a target outside the root, writing nothing', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, 'real.json'), 'old');
    symlinkSync(path.join(root, 'real.json'), path.join(root, 'link.json'));
    mkdirSync(path.join(root, 'dir.json'));
    expect(() => ChangedFile.open(root, path.join(root, 'link.json'), { write: true, hash: false })).toThrow(
      expect.objectContaining({ code: 'SYMLINK_REFUSED' }),
    );
    expect(() => ChangedFile.open(root, path.join(root, 'dir.json'), { write: true, hash: false })).toThrow(
      expect.objectContaining({ code: 'FILE_EXISTS' }),
    );
    expect(() => ChangedFile.open(root, path.join(root, '../outside.json'), { write: true, hash: false })).toThrow(
      expect.objectContaining({ code: 'PATH_OUTSIDE_ROOT' }),
    );
    // Compared only, a link is never read through: the artifact counts as missing.
    expect((await run(root, path.join(root, 'link.json'), ['old'], { write: false, hash: false })).onDisk).toBe('missing');
    expect(readFileSync(path.join(root, 'real.json'), 'utf8')).toBe('old');
  });

  it('abort leaves the old file as it was and no temporary file', () => {
    const root = tempDir();
    const target = path.join(root, 'a.json');
    writeFileSync(target, text);
    const file = ChangedFile.open(root, target, { write: true, hash: true });
    file.add(text.slice(0, 1_500_000));
    file.add('different');
    file.abort();
    expect(readFileSync(target, 'utf8') === text).toBe(true);
    expect(temporaries(root)).toEqual([]);
  });
});
