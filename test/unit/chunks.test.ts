import { createHash } from 'node:crypto';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readChunks, sha256OfFile } from '../../src/core/fs/chunks.js';
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

  it('treats an absent file, a directory and a symbolic link as missing (never read through)', () => {
    expect(sha256OfFile(path.join(dir, 'absent.json'))).toBeUndefined();
    mkdirSync(path.join(dir, 'sub'));
    expect(sha256OfFile(path.join(dir, 'sub'))).toBeUndefined();
    symlinkSync(file, path.join(dir, 'link.json'));
    expect(readChunks(path.join(dir, 'link.json'), () => true)).toBe('missing');
    expect(sha256OfFile(path.join(dir, 'link.json'))).toBeUndefined();
  });

  it('hashes a file as sha256 of its whole bytes', () => {
    expect(sha256OfFile(file)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
