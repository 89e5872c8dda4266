import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HashesFile, type Hashes } from '../../src/core/cache/index-hashes-file.js';
import { tempDir } from '../helpers/fixtures.js';

const hex = (s: string) => createHash('sha256').update(s).digest('hex');
const b64 = (s: string) => createHash('sha256').update(s).digest('base64url');

/** Paths that try to confuse a reader that looks for the keys in the text. */
const PATHS = ['docs/a.md', 'docs/"sha256":[x].md', 'docs/\\"facts_hashes":["y"].md', 'docs/é ✓ 𝄞.md', 'docs/],"sha256":["z.md'];

function hashesOf(paths: string[]): Hashes {
  return { paths, sha256: paths.map((p) => hex(p)), facts_hashes: paths.map((p) => b64(`facts ${p}`)) };
}

/** Writes a hashes file as the index cache does; returns its path and SHA-256. */
function write(dir: string, text: string): { file: string; sha: string } {
  const file = path.join(dir, 'index-hashes.json');
  writeFileSync(file, text);
  return { file, sha: hex(text) };
}

describe('HashesFile: the index cache hashes file, read only as far as needed', () => {
  it('finds every entry by arithmetic, whatever the paths hold, and agrees with the whole parse', () => {
    const dir = tempDir();
    for (const n of [0, 1, 2, PATHS.length]) {
      const h = hashesOf(PATHS.slice(0, n));
      const { file, sha } = write(dir, JSON.stringify(h));
      const lazy = HashesFile.read(file, sha, n)!;
      for (let i = 0; i < n; i++) {
        expect(lazy.sha256At(i)).toBe(h.sha256[i]);
        expect(lazy.factsHashAt(i)).toBe(h.facts_hashes[i]);
      }
      expect(lazy.sha256At(n)).toBeUndefined();
      expect(lazy.factsHashAt(-1)).toBeUndefined();
      expect(HashesFile.read(file, sha, n)!.whole()).toEqual(h);
      expect(HashesFile.read(file, sha, n)!.paths()).toEqual(h.paths);
    }
  });

  it('parses the paths alone, and falls back to the whole parse (which checks the count) for any other layout', () => {
    const dir = tempDir();
    const h = hashesOf(PATHS);
    const text = JSON.stringify(h);
    const { file, sha } = write(dir, text);
    expect(HashesFile.read(file, sha, PATHS.length)!.paths()).toEqual(PATHS);
    expect(HashesFile.read(file, sha, PATHS.length + 1)!.paths()).toBeNull();
    // Keys in another order: the whole parse finds them.
    const reordered = write(dir, JSON.stringify({ sha256: h.sha256, paths: h.paths, facts_hashes: h.facts_hashes }));
    expect(HashesFile.read(reordered.file, reordered.sha, PATHS.length)!.paths()).toEqual(PATHS);
  });

  it('does not parse the file to read an entry (a file whose paths are not JSON still gives its hashes)', () => {
    const dir = tempDir();
    const [sha, facts] = [hex('x'), b64('y')];
    const { file, sha: digest } = write(dir, `{"paths":[not json],"sha256":["${sha}"],"facts_hashes":["${facts}"]}`);
    const lazy = HashesFile.read(file, digest, 1)!;
    expect([lazy.sha256At(0), lazy.factsHashAt(0)]).toEqual([sha, facts]);
    expect(lazy.whole()).toBeNull();
  });

  it("applies the manifest's overlay to content digests, read one by one or whole", () => {
    const dir = tempDir();
    const h = hashesOf(PATHS);
    const { file, sha } = write(dir, JSON.stringify(h));
    const overlay = { 3: hex('new bytes') };
    const lazy = HashesFile.read(file, sha, PATHS.length, overlay)!;
    expect(lazy.sha256At(3)).toBe(overlay[3]);
    expect(lazy.sha256At(2)).toBe(h.sha256[2]);
    expect(lazy.factsHashAt(3)).toBe(h.facts_hashes[3]);
    expect(lazy.whole()!.sha256[3]).toBe(overlay[3]);
    expect(lazy.sha256At(3)).toBe(overlay[3]);
  });

  it('is null when the file is missing or is not the one the manifest names', () => {
    const dir = tempDir();
    const { file } = write(dir, JSON.stringify(hashesOf(PATHS)));
    expect(HashesFile.read(file, hex('something else'), PATHS.length)).toBeNull();
    expect(HashesFile.read(path.join(dir, 'absent.json'), hex(''), 0)).toBeNull();
  });

  it('falls back to the whole parse for a layout it does not expect, which checks the count as before', () => {
    const dir = tempDir();
    const h = hashesOf(PATHS);
    // Another count than the manifest's: the arrays do not end where they should, and the parse refuses it.
    const counted = write(dir, JSON.stringify(h));
    const wrong = HashesFile.read(counted.file, counted.sha, PATHS.length + 1)!;
    expect(wrong.sha256At(0)).toBeUndefined();
    expect(wrong.whole()).toBeNull();
    // Pretty-printed (not what docket writes, but a valid file of the right shape): read through the parse.
    const pretty = write(dir, JSON.stringify(h, null, 2));
    const parsed = HashesFile.read(pretty.file, pretty.sha, PATHS.length)!;
    expect(parsed.sha256At(4)).toBe(h.sha256[4]);
    expect(parsed.factsHashAt(1)).toBe(h.facts_hashes[1]);
    // An item of another length: the parse gives what the file holds, as it always did.
    const odd = { ...h, sha256: h.sha256.map((s, i) => (i === 2 ? 'short' : s)) };
    const short = write(dir, JSON.stringify(odd));
    const read = HashesFile.read(short.file, short.sha, PATHS.length)!;
    expect(read.sha256At(2)).toBe('short');
    expect(read.factsHashAt(4)).toBe(h.facts_hashes[4]);
  });
});
