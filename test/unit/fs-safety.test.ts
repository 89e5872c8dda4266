import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync, chmodSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveOutputTarget } from '../../src/cli/output-target.js';
import { AtomicStream } from '../../src/core/fs/atomic-stream.js';
import { writeFileAtomic } from '../../src/core/fs/atomic-write.js';
import { isSealed } from '../../src/core/cache/cache-dir.js';
import { resolveInsideRoot } from '../../src/core/fs/paths.js';
import { tempDir } from '../helpers/fixtures.js';

const root = () => realpathSync(tempDir());

describe('writeFileAtomic', () => {
  it('creates a file, refuses to replace it unless asked, and keeps the mode when replacing', async () => {
    const r = root();
    const file = path.join(r, 'a/b.txt');
    await writeFileAtomic(r, file, 'one');
    await expect(writeFileAtomic(r, file, 'two')).rejects.toMatchObject({ code: 'FILE_EXISTS' });
    chmodSync(file, 0o600);
    await writeFileAtomic(r, file, 'three', { overwrite: true });
    expect(readFileSync(file, 'utf8')).toBe('three');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readdirSync(path.dirname(file))).toEqual(['b.txt']);
  });

  it('refuses symbolic links and targets outside the root', async () => {
    const r = root();
    const outside = tempDir();
    symlinkSync(path.join(outside, 'x.txt'), path.join(r, 'link.txt'));
    await expect(writeFileAtomic(r, path.join(r, 'link.txt'), 'x', { overwrite: true })).rejects.toMatchObject({ code: 'SYMLINK_REFUSED' });
    symlinkSync(outside, path.join(r, 'dir'));
    await expect(writeFileAtomic(r, path.join(r, 'dir/x.txt'), 'x')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    await expect(writeFileAtomic(r, path.join(r, '../x.txt'), 'x')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    expect(existsSync(path.join(outside, 'x.txt'))).toBe(false);
  });

  it('writes bytes given as pieces one after the other, never joined (the index artifact)', async () => {
    const r = root();
    const file = path.join(r, 'pieces.json');
    const big = Buffer.alloc(300_000, 'é');
    await writeFileAtomic(r, file, [Buffer.from('{'), Buffer.alloc(0), big, Buffer.from('}\n')]);
    expect(readFileSync(file).equals(Buffer.concat([Buffer.from('{'), big, Buffer.from('}\n')]))).toBe(true);
    await writeFileAtomic(r, file, [], { overwrite: true });
    expect(readFileSync(file, 'utf8')).toBe('');
    expect(readdirSync(r)).toEqual(['pieces.json']);
  });
});

describe('sealed cache files', () => {
  // A cache file carries its write time inside and as its mtime; the two agree only where docket left it.
  const writtenMs = Date.UTC(2026, 0, 2, 3, 4, 5, 678);

  it('writeFileAtomic and AtomicStream give the file the mtime asked for', async () => {
    const r = root();
    await writeFileAtomic(r, path.join(r, 'whole.json'), '{}', { mtimeMs: writtenMs });
    const stream = AtomicStream.open(r, path.join(r, 'stream.ndjson'))!;
    stream.write('line\n');
    expect(stream.commit(writtenMs)).toBe(true);
    for (const name of ['whole.json', 'stream.ndjson']) {
      const { mtimeMs } = statSync(path.join(r, name));
      expect(Math.abs(mtimeMs - writtenMs), name).toBeLessThan(1);
      expect(isSealed(mtimeMs, writtenMs), name).toBe(true);
    }
    expect(readFileSync(path.join(r, 'stream.ndjson'), 'utf8')).toBe('line\n');
  });

  it('isSealed allows the two seconds archives round to, not more', () => {
    expect(isSealed(writtenMs + 2000, writtenMs)).toBe(true);
    expect(isSealed(writtenMs - 1999.5, writtenMs)).toBe(true);
    expect(isSealed(writtenMs + 2001, writtenMs)).toBe(false);
    expect(isSealed(writtenMs - 60_000, writtenMs)).toBe(false);
    expect(isSealed(Number.NaN, writtenMs)).toBe(false);
  });
});

describe('resolveInsideRoot', () => {
  it('accepts relative and absolute paths inside, refuses escapes', () => {
    const r = root();
    mkdirSync(path.join(r, 'docs'));
    expect(resolveInsideRoot(r, 'docs/x.md').rel).toBe('docs/x.md');
    expect(resolveInsideRoot(r, path.join(r, 'docs')).rel).toBe('docs');
    expect(() => resolveInsideRoot(r, '../x')).toThrow(/outside/);
    symlinkSync('/etc', path.join(r, 'etc'));
    expect(() => resolveInsideRoot(r, 'etc/passwd')).toThrow(/outside/);
  });
});

describe('resolveOutputTarget', () => {
  it('allows new report files and plain existing ones', async () => {
    const r = root();
    expect((await resolveOutputTarget(r, 'out/report.json')).rel).toBe('out/report.json');
    writeFileSync(path.join(r, 'report.md'), '# old report\n');
    expect((await resolveOutputTarget(r, 'report.md')).rel).toBe('report.md');
  });

  it.each([
    '---\ntitle: x\n---\n',
    '\n\n---\ntitle: x\n---\n',
    '----\ntitle: x\n----\n',
    '---\rtitle: x\r---\r',
    '<!-- c -->\n---\ntitle: x\n---\n',
  ])('refuses to overwrite a document with frontmatter of any shape (%j)', async (text) => {
    const r = root();
    writeFileSync(path.join(r, 'doc.md'), text);
    await expect(resolveOutputTarget(r, 'doc.md')).rejects.toMatchObject({
      code: 'OUTPUT_PATH_REFUSED',
      details: { reason: 'it is an existing document with frontmatter' },
    });
  });

  it.each(['.ssh/id', 'sub/.git/x', 'id_rsa', 'server.pem', '.env.local', 'node_modules/x.json', '.'])('refuses %s', async (target) => {
    await expect(resolveOutputTarget(root(), target)).rejects.toMatchObject({ code: 'OUTPUT_PATH_REFUSED' });
  });
});
