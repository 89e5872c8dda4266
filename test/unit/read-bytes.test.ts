import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, readRaw } from '../../src/core/engine/documents/read-bytes.js';
import { tempDir } from '../helpers/fixtures.js';

/** Every kind of file a walk can hand to the reader. */
function awkwardFiles(): string[] {
  const root = tempDir();
  mkdirSync(path.join(root, 'a-directory.md'));
  writeFileSync(path.join(root, 'empty.md'), '');
  writeFileSync(path.join(root, 'small.md'), '---\nid: X-ADR-001\n---\n# Small\n');
  writeFileSync(path.join(root, 'big.md'), 'b'.repeat(100_000)); // larger than the shared buffer at first: it grows
  writeFileSync(path.join(root, 'too-large.md'), Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x61));
  writeFileSync(path.join(root, 'target.md'), 'target');
  symlinkSync(path.join(root, 'target.md'), path.join(root, 'link.md'));
  return ['small.md', 'missing.md', 'big.md', 'link.md', 'empty.md', 'a-directory.md', 'too-large.md', 'small.md'].map((f) =>
    path.join(root, f),
  );
}

describe('readRaw', () => {
  it('reads regular files whole, and says why it read nothing: missing, a symbolic link, a directory, over the limit', () => {
    const files = awkwardFiles();
    const reads = files.map((f) => {
      const raw = readRaw(f);
      // The bytes are a view of a shared buffer: compared before the next read.
      if (raw.kind === 'bytes') expect(raw.bytes.equals(readFileSync(f)), f).toBe(true);
      return raw.kind === 'error' ? raw.code : raw.kind === 'too-large' ? `too-large ${raw.size}` : `bytes ${raw.size}`;
    });
    expect(reads).toEqual([
      'bytes 30',
      'ENOENT',
      'bytes 100000',
      'ELOOP',
      'bytes 0',
      'ENOTFILE',
      `too-large ${MAX_DOCUMENT_BYTES + 1}`,
      'bytes 30',
    ]);
  });
});
