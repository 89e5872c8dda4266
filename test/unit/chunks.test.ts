import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareFile, readChunks, sha256OfFile } from '../../src/core/fs/chunks.js';
import { sha256OfPieces } from '../../src/core/text/sha256.js';
import { tempDir } from '../helpers/fixtures.js';

/** 2.5 MiB of varied bytes: three chunks, the last one short. */
function sample(): Buffer {
  const bytes = Buffer.alloc(2.5 * 1024 * 1024);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 31 + (i >>> 11)) & 0xff;
  return bytes;
}

describe('files read in chunks (the index artifact is never held twice)', () => {
  const dir = tempDir();
  const bytes = sample();
  const file = path.join(dir, 'a.json');
  writeFileSync(file, bytes);

  it('reads a large file in several bounded chunks whose offsets add up', () => {
    const seen: [number, number][] = [];
    expect(readChunks(file, (chunk, at, size) => (seen.push([at, chunk.length]), expect(size).toBe(bytes.length), true))).toBe('done');
    expect(seen.length).toBe(3);
    expect(seen.every(([, n]) => n <= 1024 * 1024)).toBe(true);
    expect(seen.map(([at, n]) => at + n).at(-1)).toBe(bytes.length);
  });

  it('compares: the same bytes, one byte changed in the last chunk, a shorter and a longer file', () => {
    expect(compareFile(file, bytes)).toBe('same');
    const changed = Buffer.from(bytes);
    changed[changed.length - 10] = changed[changed.length - 10]! ^ 1;
    expect(compareFile(file, changed)).toBe('different');
    expect(compareFile(file, bytes.subarray(0, bytes.length - 1))).toBe('different');
    expect(compareFile(file, Buffer.concat([bytes, Buffer.from('x')]))).toBe('different');
    const empty = path.join(dir, 'empty.json');
    writeFileSync(empty, '');
    expect(compareFile(empty, Buffer.alloc(0))).toBe('same');
    expect(compareFile(empty, Buffer.from('{}'))).toBe('different');
  });

  it('compares bytes given as pieces, whatever their sizes (empty ones, across read chunks)', () => {
    const cuts = (sizes: number[]) => {
      const out: Buffer[] = [];
      let at = 0;
      for (const n of sizes) out.push(bytes.subarray(at, (at = Math.min(bytes.length, at + n))));
      return [...out, bytes.subarray(at)];
    };
    for (const sizes of [[0], [1, 0, 7], [1024 * 1024 - 1, 2, 0], [700_000, 700_000, 700_000], [bytes.length]]) {
      expect(compareFile(file, cuts(sizes))).toBe('same');
    }
    const pieces = cuts([1024 * 1024 + 5, 3]);
    const changed = pieces.map((p) => Buffer.from(p));
    changed[1]![1] = changed[1]![1]! ^ 1;
    expect(compareFile(file, changed)).toBe('different');
    expect(compareFile(file, [...pieces, Buffer.from('x')])).toBe('different');
    expect(compareFile(file, pieces.slice(0, -1))).toBe('different');
    expect(compareFile(file, [])).toBe('different');
    expect(sha256OfPieces(pieces)).toBe(sha256OfFile(file));
    expect(sha256OfPieces([])).toBe(createHash('sha256').digest('hex'));
  });

  it('treats an absent file, a directory and a symbolic link as missing (never read through)', () => {
    expect(compareFile(path.join(dir, 'absent.json'), bytes)).toBe('missing');
    mkdirSync(path.join(dir, 'sub'));
    expect(compareFile(path.join(dir, 'sub'), bytes)).toBe('missing');
    symlinkSync(file, path.join(dir, 'link.json'));
    expect(compareFile(path.join(dir, 'link.json'), bytes)).toBe('missing');
    expect(sha256OfFile(path.join(dir, 'link.json'))).toBeUndefined();
  });

  it('hashes a file as sha256 of its whole bytes', () => {
    expect(sha256OfFile(file)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
