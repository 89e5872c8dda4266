import fc from 'fast-check';
import picomatch from 'picomatch';
import { describe, expect, it } from 'vitest';
import { compileGlob, isGlob, splitNegation, staticBase } from '../../src/core/fs/glob.js';

function matcher(pattern: string) {
  const compiled = compileGlob(pattern);
  if (!compiled.ok) throw new Error(compiled.reason);
  return compiled;
}

describe('PATHS globs', () => {
  it('mean what they mean to picomatch and fast-glob users', () => {
    const all = matcher('docs/**/*.md');
    expect(['docs/a.md', 'docs/x/y/b.md', 'docs/.drafts/c.md', 'docs/x/.d.md', 'other/a.md'].map((p) => all.test(p))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(matcher('docs/.drafts/*.md').test('docs/.drafts/c.md')).toBe(true);
    expect(matcher('docs/a\\*b.md').test('docs/a*b.md')).toBe(true);
    expect(matcher('docs/a\\*b.md').test('docs/axb.md')).toBe(false);
    expect(matcher('docs/@(adr|spec)-*.md').test('docs/spec-1.md')).toBe(true);
    expect(matcher('docs/+(a|b).md').test('docs/abba.md')).toBe(true);
    expect(matcher('docs/{45-adr,20-specs}/*.{md,markdown}').test('docs/20-specs/x.markdown')).toBe(true);
    expect(matcher('docs/[[:digit:]]*/*.md').test('docs/45-adr/x.md')).toBe(true);
  });

  it('run in linear time where picomatch backtracks', () => {
    // picomatch's own RegExp takes minutes on this name; every test returns at once here.
    const glob = matcher(`docs/${'*a'.repeat(12)}*b.md`);
    expect(glob.test(`docs/${'a'.repeat(200)}.md`)).toBe(false);
  });

  it('refuse what cannot run in linear time, saying why', () => {
    const negatedExtglob = compileGlob('docs/!(x).md');
    expect(negatedExtglob.ok).toBe(false);
    expect(!negatedExtglob.ok && negatedExtglob.reason).toMatch(/look-around.*!pattern/);
    const slashInBraces = compileGlob('docs/{a,b/c}/*.md');
    expect(!slashInBraces.ok && slashInBraces.reason).toMatch(/braces that contain "\/"/);
  });

  it('tell patterns, exclusions and plain paths apart', () => {
    expect(['docs/x.md', 'docs/*.md', 'docs/a\\*b.md', '!docs/x.md', 'docs/@(a).md'].map(isGlob)).toEqual([false, true, true, true, true]);
    expect(splitNegation('!docs/archive/**')).toEqual({ negated: true, pattern: 'docs/archive/**' });
    expect(splitNegation('!(x).md')).toEqual({ negated: false, pattern: '!(x).md' });
    expect(staticBase('docs/45-adr/*.md')).toBe('docs/45-adr');
    expect(staticBase('docs/a\\*b/*.md')).toBe('docs');
    expect(staticBase('**/*.md')).toBe('');
  });

  // picomatch's `isMatch` is the definition: on every generated pattern and path (dot segments,
  // escapes, braces, brackets, extglobs, `**`), the linear matcher answers as it does. Patterns
  // picomatch compiles to a look-around are refused, not answered differently. Left out: a
  // segment that can match nothing (`{a,*}`, `*(b)` alone), where picomatch lets `a/**/{a,*}`
  // select `a`; here a segment takes one name, and names are never empty.
  it('agree with picomatch on generated patterns and paths', () => {
    const token = fc.constantFrom(
      'a',
      'b',
      '.',
      '-',
      '*',
      '?',
      '[ab]',
      '[!a]',
      '{a,b}',
      '{a,*}',
      '@(a|b)',
      '+(a)',
      '*(b)',
      '?(a)',
      '\\*',
      'x',
    );
    const part = fc.oneof(
      { weight: 5, arbitrary: fc.array(token, { minLength: 1, maxLength: 4 }).map((t) => t.join('')) },
      { weight: 1, arbitrary: fc.constant('**') },
    );
    const pattern = fc.array(part, { minLength: 1, maxLength: 4 }).map((p) => p.join('/'));
    const name = fc
      .array(fc.constantFrom('a', 'b', '.', '-', '*', 'x', '[', ']', '!'), { minLength: 1, maxLength: 5 })
      .map((c) => c.join(''))
      .filter((n) => n !== '.' && n !== '..');
    const filePath = fc.array(name, { minLength: 1, maxLength: 4 }).map((n) => n.join('/'));
    fc.assert(
      fc.property(pattern, fc.array(filePath, { minLength: 1, maxLength: 8 }), (glob, paths) => {
        const compiled = compileGlob(glob);
        if (!compiled.ok) return;
        if (glob.split('/').some((part) => part !== '**' && new RegExp(picomatch.makeRe(part).source.replace('(?=.)', '')).test('')))
          return;
        for (const p of paths) expect([glob, p, compiled.test(p)]).toEqual([glob, p, picomatch.isMatch(p, glob)]);
      }),
      { numRuns: 1000 },
    );
  });
});
