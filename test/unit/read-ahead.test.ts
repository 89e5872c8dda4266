import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_DOCUMENT_BYTES, packReads, readRaw, unpackRead, type RawRead } from '../../src/core/documents/read-bytes.js';
import { READ_CHUNK, READ_WINDOW, ReadAhead } from '../../src/core/documents/read-ahead.js';
import { tempDir } from '../helpers/fixtures.js';

/** A comparable form of a RawRead (its bytes as text). */
const plain = (raw: RawRead) => (raw.kind === 'bytes' ? { ...raw, bytes: raw.bytes.toString('latin1') } : raw);

/** Every kind of file a walk can hand to the reader, and what readRaw makes of each. */
function awkwardFiles(): string[] {
  const root = tempDir();
  mkdirSync(path.join(root, 'a-directory.md'));
  writeFileSync(path.join(root, 'empty.md'), '');
  writeFileSync(path.join(root, 'small.md'), '---\nid: X-ADR-001\n---\n# Small\n');
  writeFileSync(path.join(root, 'big.md'), 'b'.repeat(100_000)); // larger than the buffer it is packed into
  writeFileSync(path.join(root, 'too-large.md'), Buffer.alloc(MAX_DOCUMENT_BYTES + 1, 0x61));
  writeFileSync(path.join(root, 'target.md'), 'target');
  symlinkSync(path.join(root, 'target.md'), path.join(root, 'link.md'));
  return ['small.md', 'missing.md', 'big.md', 'link.md', 'empty.md', 'a-directory.md', 'too-large.md', 'small.md'].map((f) => path.join(root, f));
}

describe('packReads', () => {
  it('packs what readRaw reads, file by file, including failures and files over the limit', () => {
    const files = awkwardFiles();
    const packed = packReads(files, new ArrayBuffer(64)); // a small buffer given: it grows
    const bytes = Buffer.from(packed.buffer);
    const unpacked = files.map((f, k) => plain(unpackRead(packed, k, bytes)));
    expect(unpacked).toEqual(files.map((f) => plain(readRaw(f))));
    expect(unpacked.map((r) => (r.kind === 'error' ? r.code : r.kind))).toEqual(['bytes', 'ENOENT', 'bytes', 'ELOOP', 'bytes', 'ENOTFILE', 'too-large', 'bytes']);
  });
});

/** A reader started (it must be), told its files' paths by position. */
function started(reader: ReadAhead | undefined, paths: readonly string[]): ReadAhead {
  expect(reader).toBeDefined();
  reader!.pathOf = (i) => paths[i]!;
  return reader!;
}

describe('ReadAhead', () => {
  const root = tempDir();
  const count = READ_CHUNK * 5 + 17;
  const files = Array.from({ length: count }, (_, i) => {
    const file = path.join(root, `doc-${String(i).padStart(4, '0')}.md`);
    writeFileSync(file, `# Document ${i}\n${'x'.repeat(i % 300)}\n`);
    return file;
  });
  const contentOf = (i: number) => `# Document ${i}\n${'x'.repeat(i % 300)}\n`;
  const take = async (reader: ReadAhead, i: number) => {
    const raw = await reader.next(i);
    return raw.kind === 'bytes' ? raw.bytes.toString('latin1') : raw.kind;
  };

  it('gives every wanted file back in order, with the bytes on disk, whichever thread read it', async () => {
    const reader = started(await ReadAhead.start(count, true), files);
    expect(reader).toBeDefined();
    try {
      // Wanted a window ahead, as the check pipeline does; the first chunk is usually read here (the thread is still starting).
      let wanted = 0;
      for (let i = 0; i < count; i++) {
        for (; wanted < Math.min(count, i + 2 * READ_CHUNK); wanted++) reader.want(wanted);
        if (wanted === count) reader.end();
        expect(await take(reader, i)).toBe(contentOf(i));
        if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve)); // replies arrive between turns
      }
    } finally {
      await reader.close();
    }
  });

  it.each([[true], [false]])('with hash %s, the reader hashes the bytes it reads (and only then): each digest is the SHA-256 of its bytes', async (hash) => {
    const reader = started(await ReadAhead.start(count, hash), files);
    let hashed = 0;
    try {
      for (let i = 0; i < count; i++) reader.want(i);
      reader.end();
      await new Promise((resolve) => setTimeout(resolve, 300)); // the reader has read some chunks
      for (let i = 0; i < count; i++) {
        const raw = await reader.next(i);
        if (raw.kind !== 'bytes' || raw.digest === undefined) continue;
        expect(raw.digest).toBe(createHash('sha256').update(contentOf(i)).digest('hex'));
        hashed++;
      }
    } finally {
      await reader.close();
    }
    if (hash) expect(hashed).toBeGreaterThan(0);
    else expect(hashed).toBe(0);
  });

  it('keeps a chunk\'s last bytes intact until next is called again, while more files are wanted', async () => {
    const reader = started(await ReadAhead.start(count, true), files);
    try {
      for (let i = 0; i < READ_CHUNK; i++) reader.want(i);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the reader has read the first chunk
      let last: RawRead | undefined;
      for (let i = 0; i < READ_CHUNK; i++) last = await reader.next(i);
      // Wanting more sends chunks (and would give back a used buffer): the last bytes returned must not move.
      for (let i = READ_CHUNK; i < count; i++) reader.want(i);
      reader.end();
      expect(last!.kind === 'bytes' && last!.bytes.toString('latin1')).toBe(contentOf(READ_CHUNK - 1));
      for (let i = READ_CHUNK; i < count; i++) expect(await take(reader, i)).toBe(contentOf(i));
    } finally {
      await reader.close();
    }
  });

  it('reads only the positions wanted (documents a cache knows are skipped), making each path only to read it', async () => {
    const reader = started(await ReadAhead.start(count, false), files);
    const asked: number[] = [];
    const pathOf = reader.pathOf;
    reader.pathOf = (i) => {
      asked.push(i);
      return pathOf(i);
    };
    const wanted = Array.from({ length: count }, (_, i) => i).filter((i) => i % 3 !== 1);
    try {
      for (const i of wanted) reader.want(i);
      expect(asked).toEqual(wanted.slice(0, Math.floor(wanted.length / READ_CHUNK) * READ_CHUNK)); // whole chunks were sent
      reader.end();
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (const i of wanted) expect(await take(reader, i)).toBe(contentOf(i));
      expect(new Set(asked)).toEqual(new Set(wanted)); // a chunk the main thread claimed asks for its paths again
    } finally {
      await reader.close();
    }
  });

  it('reuses its slots and its ring for many more files than they hold, each file\'s bytes intact', async () => {
    const reader = started(await ReadAhead.start(10_000, false), files);
    reader.pathOf = (i) => files[i % count]!;
    try {
      let wanted = 0;
      for (let i = 0; i < 10_000; i++) {
        for (; wanted < Math.min(10_000, i + READ_WINDOW); wanted++) reader.want(wanted);
        if (wanted === 10_000) reader.end();
        expect(await take(reader, i)).toBe(contentOf(i % count));
        if (i % 64 === 0) await new Promise((resolve) => setImmediate(resolve));
      }
    } finally {
      await reader.close();
    }
  });

  it('waits for room in its ring while large files are in use, and gives every byte back as it was', async () => {
    const dir = tempDir();
    const big = Array.from({ length: 12 }, (_, i) => {
      const file = path.join(dir, `big-${i}.md`);
      writeFileSync(file, String.fromCharCode(0x61 + i).repeat(1_500_000 + i));
      return file;
    });
    const reader = started(await ReadAhead.start(big.length, false), big);
    try {
      for (let i = 0; i < big.length; i++) reader.want(i);
      reader.end();
      await new Promise((resolve) => setTimeout(resolve, 100)); // the reader fills the ring and waits
      for (let i = 0; i < big.length; i++) {
        const raw = await reader.next(i);
        expect(raw.kind === 'bytes' && raw.bytes.length === 1_500_000 + i && raw.bytes.every((b) => b === 0x61 + i)).toBe(true);
      }
    } finally {
      await reader.close();
    }
  });

  it('refuses to give the bytes of a file other than the next one wanted', async () => {
    const reader = started(await ReadAhead.start(count, true), files);
    try {
      reader.want(0);
      reader.want(1);
      expect(() => reader.next(1)).toThrow(/asked for file 1, but the next file wanted is 0/);
      expect(await take(reader, 0)).toBe(contentOf(0));
      expect(await take(reader, 1)).toBe(contentOf(1));
      expect(() => reader.next(2)).toThrow(/no file is wanted/);
    } finally {
      await reader.close();
    }
  });

  it('reads the rest itself when the thread is gone', async () => {
    const reader = started(await ReadAhead.start(count, true), files);
    for (let i = 0; i < count; i++) reader.want(i);
    reader.end();
    for (let i = 0; i < 200; i++) expect(await take(reader, i)).toBe(contentOf(i));
    await reader.close();
    for (let i = 200; i < count; i++) expect(await take(reader, i)).toBe(contentOf(i));
  });

  // Linux only: /proc lists each thread's niceness (field 19 of its stat line, after the command in parentheses).
  const niceness = () =>
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
    });
  it.skipIf(!existsSync('/proc/thread-self'))('runs the reading thread at the lowest priority, so V8\'s helper threads go first', async () => {
    const own = niceness();
    // Already at the lowest priority (run under `nice -n 19`): nothing can be lowered.
    if (Math.min(...own) >= 19) return;
    const reader = started(await ReadAhead.start(count, true), files);
    try {
      for (let i = 0; i < READ_CHUNK; i++) reader.want(i);
      await new Promise((resolve) => setTimeout(resolve, 200)); // the reader has started and read the first chunk
      expect(niceness().filter((n) => n === 19).length).toBe(own.filter((n) => n === 19).length + 1);
    } finally {
      await reader.close();
    }
  });

  it('reads files wanted after the last full chunk on the main thread, and failures as readRaw does', async () => {
    const odd = awkwardFiles();
    const reader = started(await ReadAhead.start(odd.length, true), odd);
    try {
      for (let i = 0; i < odd.length; i++) reader.want(i); // fewer than a chunk, never sent: read here
      const got: unknown[] = [];
      for (let i = 0; i < odd.length; i++) got.push(plain(await reader.next(i)));
      expect(got).toEqual(odd.map((f) => plain(readRaw(f))));
    } finally {
      await reader.close();
    }
  });
});

describe('readInOrder', () => {
  const root = tempDir();
  const rels = Array.from({ length: READ_CHUNK * 6 + 5 }, (_, i) => `d/${String(i).padStart(4, '0')}.md`);
  mkdirSync(path.join(root, 'd'));
  rels.forEach((rel, i) => writeFileSync(path.join(root, rel), `---\nn: ${i}\n---\n${'x'.repeat(i % 300)}\n`));
  rels.splice(7, 0, 'd/missing.md');

  /** What readInOrder hands over, with the reading thread forced on or off, until `stop` says so (an async visit when `async`). */
  async function readAll(readAhead: '0' | '1', stop = Infinity, async = false): Promise<unknown[]> {
    const { readInOrder } = await import('../../src/core/documents/read-in-order.js');
    const seen: unknown[] = [];
    process.env.DOCKET_READ_AHEAD = readAhead;
    try {
      await readInOrder(root, rels, (i, raw) => {
        if (i >= stop) return false;
        seen.push([i, plain(raw)]);
        return async ? new Promise((resolve) => setImmediate(() => resolve(true))) : undefined;
      });
    } finally {
      delete process.env.DOCKET_READ_AHEAD;
    }
    return seen;
  }

  it('hands over every file in order, as readRaw reads it, whoever reads it', async () => {
    const expected = rels.map((rel, i) => [i, plain(readRaw(path.join(root, rel)))]);
    expect(await readAll('0')).toEqual(expected);
    expect(await readAll('1')).toEqual(expected);
    expect(await readAll('1', Infinity, true)).toEqual(expected);
  });

  it('stops when the visit says so, with the reading thread on', async () => {
    const seen = await readAll('1', 300, true);
    expect(seen.map((s) => (s as [number])[0])).toEqual(Array.from({ length: 300 }, (_, i) => i));
    expect(await readAll('1', 0)).toEqual([]);
  });
});
