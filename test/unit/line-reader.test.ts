import { symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LineReader } from '../../src/core/fs/line-reader.js';
import { tempDir } from '../helpers/fixtures.js';

function file(content: string | Buffer): string {
  const p = path.join(tempDir(), 'f.ndjson');
  writeFileSync(p, content);
  return p;
}

function all(reader: LineReader): { text: string; start: number; end: number }[] {
  const out = [];
  for (let line = reader.next(); line; line = reader.next()) out.push(line);
  return out;
}

describe('LineReader', () => {
  it('textAt gives back any line it listed, in file order or not, and nothing past the end', () => {
    const lines = [
      'header',
      ...Array.from({ length: 3000 }, (_, i) => `"docs/${i}.md"\t${i}\t${'é'.repeat(i % 50)}`),
      'x'.repeat(100_000),
      'tail',
    ];
    const reader = LineReader.open(file(lines.join('\n')))!;
    const got = all(reader);
    for (const l of got) expect(reader.textAt(l.start, l.end)).toBe(l.text);
    for (const l of [...got].reverse()) expect(reader.textAt(l.start, l.end)).toBe(l.text);
    const last = got[got.length - 1]!;
    expect(reader.textAt(last.start, last.end + 10)).toBeUndefined();
    reader.close();
    expect(reader.textAt(got[1]!.start, got[1]!.end)).toBeUndefined();
  });

  it('gives every line with its byte range, across blocks, for long lines and multi-byte characters', () => {
    const lines = ['header', '', 'é'.repeat(40_000), 'x'.repeat(200_000), '😀 short', 'a\tb\tc', 'last without newline'];
    const content = lines.join('\n');
    const bytes = Buffer.from(content, 'utf8');
    const reader = LineReader.open(file(content))!;
    const got = all(reader);
    expect(got.map((l) => l.text)).toEqual(lines);
    for (const l of got) expect(bytes.toString('utf8', l.start, l.end)).toBe(l.text);
    // Ranges are copied back byte for byte, in pieces.
    const pieces: Buffer[] = [];
    expect(reader.copy(got[2]!.start, got[4]!.end, (b) => pieces.push(Buffer.from(b)), 4096)).toBe(true);
    expect(Buffer.concat(pieces).toString('utf8')).toBe(lines.slice(2, 5).join('\n'));
    reader.close();
    expect(reader.next()).toBeUndefined();
    expect(reader.copy(0, 3, () => undefined)).toBe(false);
  });

  it('an empty file has no lines; a trailing newline adds none', () => {
    expect(all(LineReader.open(file(''))!)).toEqual([]);
    expect(all(LineReader.open(file('a\n'))!).map((l) => l.text)).toEqual(['a']);
  });

  it('does not open an absent file or a symbolic link', () => {
    const target = file('secret\n');
    const link = path.join(path.dirname(target), 'link.ndjson');
    symlinkSync(target, link);
    expect(LineReader.open(link)).toBeUndefined();
    expect(LineReader.open(path.join(path.dirname(target), 'absent'))).toBeUndefined();
  });
});
