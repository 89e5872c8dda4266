import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCheck } from '../../src/core/usecases/check.js';
import { runFix } from '../../src/core/usecases/fix.js';
import { doc, repo } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';

const cmd = (c: string) => `docket ${c}`;

/** Every file's hash and mode, except docket's own cache (.docket/: check remembers documents there). */
function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${entry.name}` : entry.name;
      if (child === '.docket') continue;
      if (entry.isSymbolicLink()) out[child] = 'link';
      else if (entry.isDirectory()) walk(child);
      else
        out[child] =
          createHash('sha256')
            .update(readFileSync(path.join(dir, child)))
            .digest('hex') + statSync(path.join(dir, child)).mode;
    }
  };
  walk('');
  return out;
}

/**
 * Hostile files are generated here, never committed. Each must end in a clear code, within
 * the test's time limit, and survive `fix --apply` byte for byte.
 */
describe('hostile files', () => {
  const outside = tempDir();
  writeFileSync(path.join(outside, 'target.md'), doc({ document_id: 'EVIL-ADR-001' }));
  const marker = path.join(outside, 'pwned');
  const aliasBomb = [
    'a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]',
    ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`),
  ].join('\n');
  const files: Record<string, string | Buffer> = {
    'docs/45-adr/adr-001-ok.md': doc(),
    'docs/45-adr/js-frontmatter.md': `---js\nrequire('fs').writeFileSync(${JSON.stringify(marker)}, 'x'); module.exports = { title: 'x' }\n---\n# JS\n`,
    'docs/45-adr/javascript-frontmatter.md': `---javascript\n({ title: require('child_process').execSync('id').toString() })\n---\n`,
    'docs/45-adr/alias-bomb.md': `---\n${aliasBomb}\n---\n# Bomb\n`,
    'docs/45-adr/deep-nesting.md': `---\ntitle: ${'['.repeat(5000)}${']'.repeat(5000)}\n---\n`,
    'docs/45-adr/deep-block.md': `---\n${Array.from({ length: 200 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')} x\n---\n`,
    'docs/45-adr/huge-frontmatter.md': `---\n${'description: x\n'.repeat(1)}${'# padding\n'.repeat(8000)}---\n`,
    'docs/45-adr/ten-megabytes.md': Buffer.alloc(10 * 1024 * 1024, 'a'),
    'docs/45-adr/binary.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
    'docs/45-adr/latin1.md': Buffer.from('---\ntitle: caf\xe9\n---\n', 'latin1'),
    'docs/45-adr/utf16.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('---\ntitle: x\n---\n', 'utf16le')]),
    'docs/45-adr/unterminated.md': '---\ndocument_id: ACME-ADR-009\ntitle: never closed\n# body\n',
    'docs/45-adr/proto.md': doc({ document_id: 'ACME-ADR-010' }).replace('---\n', '---\n__proto__:\n  polluted: true\nconstructor: x\n'),
    'docs/45-adr/brackets.md': doc({ document_id: 'ACME-ADR-011' }, `${'[](]('.repeat(100_000)}\n${'`'.repeat(5000)}\n`),
    // Headings that made regular expressions backtrack quadratically (hours for these sizes).
    'docs/45-adr/hostile-headings.md': doc(
      { document_id: 'ACME-ADR-012' },
      `# a${' '.repeat(500_000)}b\n\n# ${'!['.repeat(150_000)}\n\n# a${'_'.repeat(300_000)}a\n\n${'[a\n'.repeat(20_000)}===\n`,
    ),
  };

  it('check ends with a clear code for each, and fix --apply changes none of their bytes', async () => {
    const root = repo(files);
    mkdirSync(path.join(root, 'docs/45-adr/loop'));
    symlinkSync('loop-b.md', path.join(root, 'docs/45-adr/loop-a.md'));
    symlinkSync('loop-a.md', path.join(root, 'docs/45-adr/loop-b.md'));
    symlinkSync('.', path.join(root, 'docs/45-adr/loop/self'));
    symlinkSync(path.join(outside, 'target.md'), path.join(root, 'docs/45-adr/outside.md'));
    symlinkSync(outside, path.join(root, 'docs/45-adr/outside-dir'));
    const before = hashTree(root);
    const outsideBefore = hashTree(outside);

    const r = await runCheck(root, { cmd });
    const byPath = new Map<string, string[]>();
    for (const f of [...r.violations, ...r.warnings]) byPath.set(f.path ?? '', [...(byPath.get(f.path ?? '') ?? []), f.code]);
    const codes = (rel: string) => byPath.get(`docs/45-adr/${rel}`) ?? [];
    expect(codes('adr-001-ok.md')).toEqual([]);
    expect(codes('js-frontmatter.md')).toContain('FRONTMATTER_INVALID');
    expect(codes('javascript-frontmatter.md')).toContain('FRONTMATTER_INVALID');
    expect(codes('alias-bomb.md')).toContain('FRONTMATTER_INVALID');
    expect(codes('deep-nesting.md')).toContain('FRONTMATTER_INVALID');
    expect(codes('deep-block.md')).toContain('FRONTMATTER_INVALID');
    expect(codes('huge-frontmatter.md')).toContain('FRONTMATTER_INVALID');
    expect(codes('ten-megabytes.md')).toEqual(['FILE_TOO_LARGE']);
    expect(codes('binary.md')).toEqual(['FILE_BINARY']);
    expect(codes('latin1.md')).toEqual(['FILE_ENCODING']);
    expect(codes('utf16.md')).toEqual(['FILE_ENCODING']);
    expect(codes('unterminated.md')).toContain('FRONTMATTER_INVALID');
    expect(codes('proto.md')).toEqual(['SCHEMA_VALIDATION', 'SCHEMA_VALIDATION']);
    expect(codes('brackets.md')).toEqual([]);
    expect(codes('hostile-headings.md')).toEqual([]);
    expect(codes('loop-a.md')).toEqual(['SYMLINK_SKIPPED']);
    expect(codes('loop-b.md')).toEqual(['SYMLINK_SKIPPED']);
    expect(codes('loop/self')).toEqual(['SYMLINK_SKIPPED']);
    expect(codes('outside.md')).toEqual(['SYMLINK_OUTSIDE_ROOT']);
    expect(codes('outside-dir')).toEqual(['SYMLINK_OUTSIDE_ROOT']);
    expect(r.data.checked_paths.every((p) => !p.includes('outside') && !p.includes('loop'))).toBe(true);
    expect(existsSync(marker)).toBe(false);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const messages = [...r.violations, ...r.warnings].map((f) => f.message).join('\n');
    expect(messages).toContain('aliases');
    expect(messages).toContain('"js" is not supported');
    expect(messages).not.toContain(outside);

    const fixed = await runFix(root, { apply: true, env: { DOCKET_TODAY: '2026-03-03' }, now: new Date(), cmd });
    expect(fixed.data.changes).toEqual([]);
    expect(hashTree(root)).toEqual(before);
    expect(hashTree(outside)).toEqual(outsideBefore);
    expect(existsSync(marker)).toBe(false);
  });

  it('a document whose links escape through a symbolic link is a broken link, and fix never writes through links', async () => {
    const root = repo({ 'docs/45-adr/adr-001-ok.md': doc({ status: 'draft' }, '[secret](../../shared/target.md)\n') });
    symlinkSync(outside, path.join(root, 'shared'));
    const outsideBefore = hashTree(outside);
    const r = await runCheck(root, { cmd });
    expect(r.violations.map((v) => [v.code, v.message])).toEqual([
      ['SCHEMA_VALIDATION', '`status` is "draft"; expected one of: Draft, In Review, Approved, Superseded.'],
      ['LINK_BROKEN', 'Link target "../../shared/target.md" leads outside the repository through a symbolic link.'],
    ]);
    await runFix(root, { apply: true, env: {}, now: new Date(), cmd });
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-001-ok.md'), 'utf8')).toContain('status: Draft\n');
    expect(hashTree(outside)['target.md']).toBeDefined();
    expect(hashTree(outside)).toEqual(outsideBefore);
  });
});
