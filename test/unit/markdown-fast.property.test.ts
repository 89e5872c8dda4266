import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRelative, resolveLink, resolveLinks } from '../../src/core/check/load.js';
import { atxHeading, headingText, htmlIds, Slugger, slugBase } from '../../src/core/markdown/anchors.js';
import { headingText as referenceHeadingText, Slugger as ReferenceSlugger, slugBase as referenceSlugBase } from '../reference/markdown/anchors.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { simpleOutline } from '../../src/core/markdown/simple-outline.js';
import { NextBlankLine, NextChar, NOT_FOUND } from '../../src/core/markdown/scan.js';
import { outlineMarkdown as referenceOutline } from '../reference/markdown/outline.js';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { tempDir } from '../helpers/fixtures.js';

/**
 * The Markdown scanner was rewritten for speed (issue 7); these properties hold it to the
 * previous implementation (test/reference/markdown, a verbatim copy) on inputs built from
 * the characters that matter to it.
 */
const piece = fc.oneof(
  fc.constantFrom(
    '`', '``', '```', '~~~', '    ', '\t', '\n', '\n\n', '\r\n', ' ', '  ', '[', ']', '(', ')', '![', '](', '<', '>', '<!--', '-->', '\\', '#', '## ', '# ',
    '=', '===', '---', '***', '___', '- ', '* ', '+ ', '1. ', '2) ', '> ', '|', '"', "'", ':', ']:', '[^1]', 'a', 'b c', 'x.md', '../y.md', '#frag', '<a name="n">',
    '<div id=\'x\'>', 'id="q"', ' name = "r" ', '<b', 'id', 'name', 'é', '\u00a0', '\u2028', '_', '__', '*', 'http://e.x', '<x.md>', '"t"', '(t)',
  ),
  fc.string({ maxLength: 6 }),
);
const markdown = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

/** The outline with its links as plain objects, as the reference makes them (docket's are class instances: SPEC-006 §3.12). */
const plain = (o: ReturnType<typeof outlineMarkdown>) => ({ ...o, links: o.links.map((l) => ({ ...l })) });

describe('the optimised Markdown outline agrees with the reference implementation', () => {
  it('slugs: every ASCII character, and ASCII mixed with other scripts', () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 40 });
    const mixed = fc.array(fc.oneof(ascii, fc.constantFrom('é', 'Ä', 'ß', '\u00a0', '\u0301', '日本', '\ud83d\ude00', '\u203f', 'Ⅳ', '٣')), { maxLength: 6 }).map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(ascii, mixed), (text) => {
        expect(slugBase(text)).toBe(referenceSlugBase(text));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 6000) },
    );
  });

  it('links, anchors and the first heading, on generated Markdown', () => {
    fc.assert(
      fc.property(markdown, fc.integer({ min: 1, max: 40 }), (body, firstLine) => {
        let want;
        try {
          want = referenceOutline(body, firstLine);
        } catch {
          // The reference crashed on an escaped backtick before a run (`\``); the new code must not.
          expect(() => outlineMarkdown(body, firstLine)).not.toThrow();
          return;
        }
        expect(plain(outlineMarkdown(body, firstLine))).toStrictEqual(want);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 6000) },
    );
  });

  it('without anchors (the index): the same links and first heading, no anchors', () => {
    fc.assert(
      fc.property(markdown, fc.integer({ min: 1, max: 40 }), (body, firstLine) => {
        const full = outlineMarkdown(body, firstLine);
        expect(outlineMarkdown(body, firstLine, false)).toStrictEqual({ ...full, anchors: [] });
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 6000) },
    );
  });

  it('on every document of a generated repository and of the examples', () => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 200, seed: 5, violations: 10 });
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const abs = path.join(dir, e.name);
        if (e.isDirectory()) walk(abs);
        else if (e.name.endsWith('.md')) files.push(abs);
      }
    };
    walk(root);
    walk(path.resolve('examples'));
    walk(path.resolve('docs'));
    walk(path.resolve('test/fixtures'));
    expect(files.length).toBeGreaterThan(200);
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      expect(plain(outlineMarkdown(text, 1)), f).toStrictEqual(referenceOutline(text, 1));
    }
  });

  it('the simple path (one pass, most documents) agrees with the reference wherever it answers', () => {
    // Pieces of the shape it accepts, and a few that make it decline (an unpaired backtick, a
    // setext underline, nested or multi-line link texts, destinations with blanks or parentheses).
    const simplePiece = fc.oneof(
      fc.constantFrom(
        '`', '[', ']', '(', ')', '![', '](', '\n', '\n\n', ' ', '   ', '#', '# ', '## ', '###### ', '####### ', '=', '==', '---', '-', '- ', '* ', '***', '_', '__a__', '^',
        '[^1]', '[a](b.md)', '![i](c.png)', '[x](../y.md#frag)', '[e]()', '[t](x.md "t")', '[p](a(b).md)', '[s]( x.md)', 'a', 'b c', 'x.md', '#frag', 'é', '!', '"', "'", ':',
        '`[no](link.md)`', '`# x`', '# a `b` c', '# `x`', '#`x`', '1. ', '> ', '|', 'http://e.x', '\u00a0', 'Ünï', '  # h', '   ## h ##', 'x\n===', 'y\n---',
      ),
      fc.stringMatching(/^[A-Za-z0-9 .#_-]{0,5}$/),
    );
    const simpleBody = fc.array(simplePiece, { maxLength: 40 }).map((parts) => parts.join(''));
    let answered = 0;
    fc.assert(
      fc.property(simpleBody, fc.integer({ min: 1, max: 40 }), (body, firstLine) => {
        const got = simpleOutline(body, firstLine, true);
        if (got === undefined) return;
        answered++;
        const want = referenceOutline(body, firstLine);
        expect(plain(got)).toStrictEqual(want);
        expect(plain(simpleOutline(body, firstLine, false)!)).toStrictEqual({ ...want, anchors: [] });
        expect(plain(outlineMarkdown(body, firstLine))).toStrictEqual(want);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 6000) },
    );
    // The generator must exercise the simple path, not only its declines.
    expect(answered).toBeGreaterThan(Number(process.env.FC_RUNS ?? 6000) / 5);
  });

  it('the simple path declines what it does not read, and reads long lines in linear time', () => {
    for (const body of ['a\\b', '<a name="x">', 'a\r\nb', '\tx', '```\nx\n```', '~~~', '[a]: b.md', 'x\u2028y', '    code', 'p\n    code', 'one ` tick', '`a\nb`', 'T\n===', '[a [b](c)](d)', '[a\nb](c)', '[a](b c)', '[a](b(c))', '[a](`b`)']) {
      expect(simpleOutline(body, 1, true), JSON.stringify(body)).toBeUndefined();
    }
    // One line of 100,000 links and code spans: a search per bracket to the end of the line would
    // take minutes (the test's timeout), not milliseconds.
    expect(simpleOutline('[a](b.md) `x` '.repeat(100_000), 1, true)!.links).toHaveLength(100_000);
    expect(simpleOutline('- '.repeat(100_000), 1, true)!.links).toHaveLength(0);
  });

  it('an escaped backtick before a run of backticks is not a crash (it was on main)', () => {
    expect(() => referenceOutline('\\`` x', 1)).toThrow();
    expect(outlineMarkdown('\\`` x [a](b.md)', 1).links).toEqual([{ target: 'b.md', kind: 'inline', line: 1, column: 11 }]);
  });

  it('on lines of blanks around the 79-character window of the blank-line tests', () => {
    for (const n of [77, 78, 79, 80, 81]) {
      for (const body of [`[a\n${' '.repeat(n)}x](b.md)`, `[a](b.md "t\n${' '.repeat(n)}\nx")`, `[a](b.md "t\n${' '.repeat(n)}x")`, `[a\n${'\t'.repeat(n)}\n](c.md)`]) {
        expect(plain(outlineMarkdown(body, 1))).toStrictEqual(referenceOutline(body, 1));
      }
    }
  });

  it('explicit HTML anchors are found in linear time, with the same results', () => {
    // The regular expression this replaces rescanned to the next `>` from every `<`.
    const hostile = '<a'.repeat(200_000);
    expect(htmlIds(hostile)).toEqual([]);
    expect(htmlIds(`${hostile} id="late"`)).toEqual(['late']);
    const body = '<a name="one"> <b id=\'two\'> <c data-id="no"> <d\nid="three"> <e>id="four" <f name="x>y">';
    expect(outlineMarkdown(body, 1).anchors).toEqual(referenceOutline(body, 1).anchors);
  });
});

describe('linear replacements of backtracking regular expressions', () => {
  const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;

  it('atxHeading is the ATX expression', () => {
    const line = fc.array(fc.constantFrom(' ', '\t', '#', '##', 'a', 'b c', '#a', '\r', '\u2028', '\u00a0'), { maxLength: 14 }).map((p) => p.join(''));
    fc.assert(
      fc.property(line, (l) => {
        const m = ATX.exec(l);
        const got = atxHeading(l);
        expect(got === null ? null : [got.level, got.text]).toStrictEqual(m === null ? null : [m[1]!.length, m[2]]);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 20000) },
    );
  });

  it('headingText is the chain of replacements it replaces', () => {
    const source = fc.array(fc.constantFrom('!', '[', ']', '(', ')', '<', '>', '`', '_', '__', '\\', 'a', ' ', 'é', '\u{1F600}', '\u{1D400}', '1', '-', '*', '#', '\ud835'), { maxLength: 24 }).map((p) => p.join(''));
    fc.assert(
      fc.property(source, (t) => {
        expect(headingText(t)).toBe(referenceHeadingText(t));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 20000) },
    );
  });

  it('headings and link targets that made the old expressions quadratic stay fast (same results)', () => {
    for (const line of [`# a${' '.repeat(200_000)}b`, `# ${'!['.repeat(100_000)}`, `# ${'[a'.repeat(100_000)}`, `# ${'<a'.repeat(100_000)}`, `# ${'[a]('.repeat(50_000)}`, `# a${'_'.repeat(200_000)}a`]) {
      expect(outlineMarkdown(line, 1).anchors).toHaveLength(1);
    }
    // A query followed by a line terminator stays (the old /\?.*$/ rescanned from every `?`).
    expect(resolveLink('a.md', { target: `x${'?'.repeat(100_000)}\u2028y`, kind: 'inline', line: 1, column: 1 }).path).toBe(`x${'?'.repeat(100_000)}\u2028y`);
    expect(resolveLink('a.md', { target: `x\u2028y?q?r`, kind: 'inline', line: 1, column: 1 }).path).toBe('x\u2028y');
  });
});

describe('scanners queried by position', () => {
  const text = fc.array(fc.constantFrom('\n', ' ', '\t', '\r', 'a', '`', '\n\n', ' \n'), { maxLength: 60, size: 'max' }).map((p) => p.join(''));
  const queries = fc.array(fc.nat({ max: 70 }), { maxLength: 12 }).map((q) => q.sort((a, b) => a - b));
  const reference = (re: RegExp, t: string, i: number) => {
    const r = new RegExp(re.source, 'g');
    r.lastIndex = i;
    const m = r.exec(t);
    return m === null ? NOT_FOUND : m.index;
  };

  it('NextBlankLine and NextChar answer what a search from the position finds, for non-decreasing positions', () => {
    fc.assert(
      fc.property(text, queries, (t, qs) => {
        const blank = new NextBlankLine(t);
        const tick = new NextChar(t, '`');
        for (const i of qs) {
          expect(blank.after(i)).toBe(reference(/\n[ \t\r]*(?=\n)/, t, i));
          expect(tick.after(i)).toBe(reference(/`/, t, i));
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe('duplicate slugs', () => {
  it('Slugger numbers duplicates as the reference does, below and beyond the in-place search', () => {
    // Few distinct texts, some of them a suffixed slug of another ("a 1" slugs to "a-1").
    const text = fc.constantFrom('A', 'a', 'a 1', 'a-1', 'A 2', 'b', 'b-1-1', 'b 1', '', '-', 'é');
    fc.assert(
      fc.property(fc.array(text, { maxLength: 90, size: 'max' }), (texts) => {
        const s = new Slugger();
        const r = new ReferenceSlugger();
        expect(texts.map((t) => s.slug(t))).toEqual(texts.map((t) => r.slug(t)));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('link resolution', () => {
  const segment = fc.constantFrom('a', 'b', '.', '..', '', '...', 'c.md', 'x.', '.x', '..y', 'y..', '%20', '%', 'x?y', '#f', '\u2028', 'é');
  const relPath = fc.array(segment, { maxLength: 7 }).map((s) => s.join('/'));

  it('normalizeRelative is path.posix.normalize without trailing slashes', () => {
    fc.assert(
      fc.property(relPath.filter((p) => !p.startsWith('/')), (p) => {
        expect(normalizeRelative(p)).toBe(path.posix.normalize(p).replace(/\/+$/, '') || '.');
      }),
      { numRuns: 3000 },
    );
  });

  it('resolveLink agrees with the join-and-normalize definition', () => {
    const reference = (fromRel: string, target: string) => {
      const t = target.trim();
      const decode = (s: string) => {
        try {
          return decodeURIComponent(s);
        } catch {
          return s;
        }
      };
      if (t === '' || /^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(t) || t.startsWith('//')) return undefined;
      const hash = t.indexOf('#');
      const pathPart = (hash === -1 ? t : t.slice(0, hash)).replace(/\?.*$/, '');
      if (pathPart === '') return undefined;
      const decoded = decode(pathPart);
      const joined = decoded.startsWith('/') ? decoded.slice(1) || '.' : path.posix.join(path.posix.dirname(fromRel), decoded);
      return path.posix.normalize(joined).replace(/\/+$/, '') || '.';
    };
    fc.assert(
      fc.property(fc.constantFrom('a.md', 'docs/a.md', 'docs/x/y/a.md'), fc.tuple(fc.constantFrom('', '/', '//', './'), relPath, fc.constantFrom('', '#x', '?q', '?q\u2028r', '#a%zz')).map((p) => p.join('')), (from, target) => {
        const got = resolveLink(from, { target, kind: 'inline', line: 1, column: 1 });
        const want = reference(from, target);
        if (want === undefined) expect(got.path).toBeUndefined();
        else expect(got.path ?? (got.scope === 'outside' ? 'OUTSIDE' : undefined)).toBe(want === '..' || want.startsWith('../') ? 'OUTSIDE' : want);
      }),
      { numRuns: 3000 },
    );
  });

  it('resolveLinks resolves each link as resolveLink does (repeated targets, long lists, any directory)', () => {
    const target = fc.tuple(fc.constantFrom('', './', '../', '../../', '../../../../'), relPath, fc.constantFrom('', '#x', '?q')).map((p) => p.join(''));
    const plain = (l: object) => ({ ...l });
    fc.assert(
      fc.property(fc.constantFrom('a.md', 'docs/a.md', 'docs/x/y/a.md', './a.md', 'docs//a.md', 'docs/../a.md'), fc.array(target, { maxLength: 40, size: 'max' }), (from, targets) => {
        const links = targets.map((t, i) => ({ target: t, kind: 'inline' as const, line: i + 1, column: 1 }));
        expect(resolveLinks(from, links).map(plain)).toEqual(links.map((l) => plain(resolveLink(from, l, path.posix.dirname(from), false))));
      }),
      { numRuns: 1000 },
    );
  });
});
