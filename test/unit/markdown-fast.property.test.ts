import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeRelative, resolveLink, resolveLinks } from '../../src/core/engine/load.js';
import { htmlIds, Slugger, slugBase } from '../../src/core/markdown/anchors.js';
import { commonmarkOutline } from '../../src/core/markdown/commonmark.js';
import { splitFrontmatter } from '../../src/core/frontmatter/split.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { simpleOutline } from '../../src/core/markdown/simple-outline.js';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { tempDir } from '../helpers/fixtures.js';

/**
 * The CommonMark parser (commonmark.ts) defines the outline; the simple path (simple-outline.ts)
 * answers for the bodies of a simple shape and must say exactly what the parser says wherever
 * it answers. These properties hold it to the parser on inputs built from the characters that
 * matter to either (test/unit/markdown-spec.property.test.ts: on the spec's examples).
 */
const piece = fc.oneof(
  fc.constantFrom(
    '`',
    '``',
    '```',
    '~~~',
    '    ',
    '\t',
    '\n',
    '\n\n',
    '\r\n',
    ' ',
    '  ',
    '[',
    ']',
    '(',
    ')',
    '![',
    '](',
    '<',
    '>',
    '<!--',
    '-->',
    '\\',
    '#',
    '## ',
    '# ',
    '=',
    '===',
    '---',
    '***',
    '___',
    '- ',
    '* ',
    '+ ',
    '1. ',
    '2) ',
    '> ',
    '|',
    '"',
    "'",
    ':',
    ']:',
    '[^1]',
    'a',
    'b c',
    'x.md',
    '../y.md',
    '#frag',
    '<a name="n">',
    "<div id='x'>",
    'id="q"',
    ' name = "r" ',
    '<b',
    'id',
    'name',
    'é',
    '\u00a0',
    '\u2028',
    '_',
    '__',
    '*',
    'http://e.x',
    '<x.md>',
    '"t"',
    '(t)',
    '&amp;',
    '&#38;',
    '&',
    '&x',
  ),
  fc.string({ maxLength: 6 }),
);
const markdown = fc.array(piece, { maxLength: 60 }).map((parts) => parts.join(''));

/** An outline with its links as plain objects (docket's are class instances: SPEC-006 §3.12). */
const plain = (o: ReturnType<typeof outlineMarkdown>) => ({ ...o, links: o.links.map((l) => ({ ...l })) });

/** Pieces of the shape the simple path accepts, and of the ones that make it decline. */
const simplePiece = fc.oneof(
  fc.constantFrom(
    '`',
    '[',
    ']',
    '(',
    ')',
    '![',
    '](',
    '\n',
    '\n\n',
    ' ',
    '   ',
    '    ',
    '#',
    '# ',
    '## ',
    '###### ',
    '####### ',
    '=',
    '==',
    '---',
    '-',
    '- ',
    '* ',
    '***',
    '_',
    '__a__',
    '^',
    '[^1]',
    '[a](b.md)',
    '![i](c.png)',
    '[x](../y.md#frag)',
    '[e]()',
    '[t](x.md "t")',
    '[p](a(b).md)',
    '[s]( x.md)',
    'a',
    'b c',
    'x.md',
    '#frag',
    'é',
    '!',
    '"',
    "'",
    ':',
    '`[no](link.md)`',
    '`# x`',
    '# a `b` c',
    '# `x`',
    '#`x`',
    '# ` a `',
    '# ` `',
    '1. ',
    '2) ',
    '> ',
    '>',
    '- > ',
    '> - ',
    '1234567890. ',
    '|',
    'http://e.x',
    '\u00a0',
    'Ünï',
    '  # h',
    '   ## h ##',
    'x\n===',
    'y\n---',
    '- # h',
    '> # h',
    '-     c',
    '>     c',
    '- ~~~',
    '> ===',
    'R&D',
    '&',
    ';',
    'a_b',
    '*a*',
    // Top-level comments and fences (set aside by the simple path), and their near misses.
    '\n```\n',
    '\n```ts\n',
    '\n````\n',
    '\n~~~\n',
    '\n~~~~ a`b\n',
    '\n```a`b\n',
    '\n  ```\n',
    '\n   ~~~ \t\n',
    '\n    ```\n',
    '\n\n1. a\n\n   ```\n',
    '\n\n- a\n  ~~~~\n',
    '\n   ```\n',
    '\n  ```\n',
    '\n  ~~~~~\n',
    '\n    x [no](n.md)\n',
    '\n\n    code\n',
    '\n- a\nlazy\n',
    '\n```\t\n',
    '- ```',
    '> ~~~',
    '[a](b[c.md)',
    '[a](b]c.md)',
    "[t](x.md 't')",
    '[t](x.md "a [b] (c)")',
    '[t](x.md "a',
    '"',
    ' "t" ',
    '[t](x.md )',
    '[t](x.md "`")',
    '[u](x.md "t"y)',
    '<http://e.x/a>',
    '<mailto:a@b.c>',
    '<a@b.c>',
    '<http://e.x/[b]>',
    '<x:`y>',
    '<br>',
    '(<http://e.x>)',
    '[a](<http://e.x>)',
    '# <http://e.x>',
    '`<http://e.x>`',
    ' d](e.md)',
    '[t](x.md "q [r")',
    ' s](y.md)',
    '\n\n[a]: x.md\n',
    '\n\n[A]:  y.md "t"\n',
    '\n\n[b]: z.md\n"t"',
    '\n\n[c]: z.md\n(t)\n',
    '\n\n[^1]: n\n',
    '\n\n[ ]: x.md\n',
    '\n\n[d]: <x.md>\n',
    '\n\n[e]: x.md "t" y\n',
    "\n\n[f]: x.md 't'",
    '\n[g]: x.md\n',
    '[a][b]',
    '[a][<http://e.x>]',
    '[<http://e.x>]',
    '\n\n[<http://e.x>]: lt.md\n',
    '[a][]',
    '[a]',
    '[b][a](c.md)',
    '][',
    '[a] [b](c.md)',
    ']: ',
    '\n<!-- c -->\n',
    '\n<!-- DOCKET_METADATA_BLOCK -->\n',
    '\n<!--\n',
    '\n-->\n',
    '--> ',
    '\n<!-->',
    '\n<!--->',
    ' <!-- ',
    '<a id="x">',
    '\t',
    '\\',
    '&amp;',
    '<x.md>',
  ),
  fc.stringMatching(/^[A-Za-z0-9 .#_-]{0,5}$/),
);
const simpleBody = fc.array(simplePiece, { maxLength: 40 }).map((parts) => parts.join(''));

describe('the simple path says what the CommonMark parser says, wherever it answers', () => {
  it('on generated Markdown of every kind (it declines most of it)', () => {
    fc.assert(
      fc.property(markdown, fc.integer({ min: 1, max: 40 }), (body, firstLine) => {
        const want = plain(commonmarkOutline(body, firstLine, true));
        expect(plain(outlineMarkdown(body, firstLine))).toStrictEqual(want);
        expect(plain(outlineMarkdown(body, firstLine, false))).toStrictEqual({ ...want, anchors: [] });
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 3000) },
    );
  });

  it('on generated Markdown of the simple shape, most of which it answers', () => {
    let answered = 0;
    let withBlocks = 0;
    fc.assert(
      fc.property(simpleBody, fc.integer({ min: 1, max: 40 }), (body, firstLine) => {
        const got = simpleOutline(body, firstLine, true);
        const want = plain(commonmarkOutline(body, firstLine, true));
        expect(plain(commonmarkOutline(body, firstLine, false))).toStrictEqual({ ...want, anchors: [] });
        if (got === undefined) return;
        answered++;
        if (/^(?:```|~~~|<!--)/m.test(body)) withBlocks++;
        expect(plain(got)).toStrictEqual(want);
        expect(plain(simpleOutline(body, firstLine, false)!)).toStrictEqual({ ...want, anchors: [] });
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 6000) },
    );
    // The generator must exercise the simple path, not only its declines.
    expect(answered).toBeGreaterThan(Number(process.env.FC_RUNS ?? 6000) / 5);
    expect(withBlocks).toBeGreaterThan(Number(process.env.FC_RUNS ?? 6000) / 20);
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
    let answered = 0;
    for (const f of files) {
      // The body, as check outlines it: after the frontmatter.
      const file = readFileSync(f, 'utf8');
      const split = splitFrontmatter(file);
      const text = split.kind === 'ok' ? file.slice(split.bodyOffset) : file;
      const got = simpleOutline(text, 1, true);
      if (got === undefined) continue;
      answered++;
      expect(plain(got), f).toStrictEqual(plain(commonmarkOutline(text, 1, true)));
    }
    // The realistic documents (a metadata comment, code fences) must exercise the simple path.
    expect(answered).toBeGreaterThan(files.length / 3);
  });

  it('declines what it does not read, and reads long lines in linear time', () => {
    for (const body of [
      'a\\b',
      '<a name="x">',
      'a\r\nb',
      '\tx',
      ' ```\nx\n```',
      ' ~~~',
      '- ```\nx\n```',
      '```a`b\nx',
      '<!-- a --> b',
      '<!-- a\n--> <a id="x">',
      '[a]: b c.md',
      'p\n[a]: b.md',
      'x\u2028y',
      'p\n    code',
      'one ` tick',
      '`a\nb`',
      'T\n===',
      '[a [b](c)](d)',
      '[a\nb](c)',
      '[a](b c)',
      '[a](b "c)',
      '[a](b "c\nd")',
      '[a](b (c))',
      '[a](b "`c`")',
      '[a <http://e.x> b](c.md)',
      '[a](<b.md>)',
      '<a@b.c>',
      '<span>',
      '[a](b "<http://e.x>")',
      '[a][b](c.md)\n\n[b]: x.md',
      'p\n[b]: x.md',
      '[b]: x.md\n"t"',
      '[^1]: x.md',
      '[a]: <x.md>',
      '[a](b(c))',
      '[a][<http://x>]\n\n[<http://x>]: y.md\n',
      '[a][<http://x>]\n\n[b]: y.md\n',
      '[a <http://x>]\n\n[b]: y.md\n',
      '[a](`b`)',
      '[amp](a&amp;b.md)',
      '[num](a&#38;b.md)',
      '- item\n\n      code [c](x03.md)\n',
      '- item\n\n  ```\n  code\n[c](x.md)\n  ```',
      '- item\n\n  ```\n  unclosed',
      'p\n- item\n  ```\n  x\n  ```',
      '- a\nlazy\n\n    x [l](n.md)',
      '- ```a`\n  x',
      '- # h',
      '> # h',
      '-     code',
      '# *h*',
      '# [h](x.md)',
      '> x\n> ===',
    ]) {
      expect(simpleOutline(body, 1, true), JSON.stringify(body)).toBeUndefined();
    }
    // One line of 100,000 links and code spans: a search per bracket to the end of the line would
    // take minutes (the test's timeout), not milliseconds.
    expect(simpleOutline('[a](b.md) `x` '.repeat(100_000), 1, true)!.links).toHaveLength(100_000);
    expect(simpleOutline('- '.repeat(100_000), 1, true)!.links).toHaveLength(0);
  });

  it('answers as the parser for brackets inside destinations and titles, and for top-level blocks', () => {
    for (const body of [
      '[a](b[c.md) d](e.md)',
      '[a](b.md "t [x") y](z.md)',
      "[a](b.md 't') [c](d.md )",
      '![i](p.png "a (b)")',
      '<!-- m -->\n# T\n```\n[no](x.md)\n# no\n```\n[y](y.md)',
      '~~~~ a`b\n~~~\n[no](x.md)\n  ~~~~~ \n# T',
      '<!--\n# no\n--> \n[y](y.md)',
      '```\nunclosed [no](x.md)',
      '- item\n```\n[no](n.md)\n```\n  [y](y.md)',
      'a <http://e.x/q?r=1> [b](b.md) <ftp://f> `<no:x>`',
      '[x][a] [y](y.md)\n\n[a]: a.md\n[B]: b.md \'t\'\n\n[c]: c.md "u"  \n[a]: dup.md',
      '# T\n\n[a]: x.md\ntext [a] [b][]',
      '[a]: x.md\n\n<http://e.x> [a] [b](b.md) <http://e.y> [c][a] `[<no:x>]`',
      '    code [no](n.md)',
      'p\n\n    code [no](n.md)\n\n      more\n[y](y.md)\n\n- i\n\nq\n\n    code [no](m.md)',
      '1. a:\n\n   ```yaml\n   [no](n.md)\n     x: 1\n\n   ```\n\n   ~~~~\n    [no](o.md)\n   ~~~~~\n2. b [y](y.md)\n   ```\n   [no](p.md)\n   ```',
      '- a\n  ```\n  [no](n.md)\n  ```\n  [y](y.md)',
    ]) {
      const got = simpleOutline(body, 3, true);
      expect(got, JSON.stringify(body)).toBeDefined();
      expect(plain(got!), JSON.stringify(body)).toStrictEqual(plain(commonmarkOutline(body, 3, true)));
    }
  });

  it('answers as the parser, or declines, where a list item meets a fence at column 0 or a closing fence has a tab', () => {
    for (const body of [
      // A fence at column 0 ends the item: the next fence, indented 2, is a top-level one, which
      // a line indented 4 does not close (an earlier simple path read it as the item's, closed).
      '- a\n```\n```\n  ```\n    ```\n[x](y.md)\n',
      '- a\n\n```\n```\n  ```\n    ```\n[x](y.md)\n',
      // A closing fence may be followed by tabs (an earlier simple path read on to a later fence).
      '- a\n  ```\n  x\n  ```\t\n  [l](y.md)\n  ```\n',
      '- a\n  ```\n  x\n  ```\t\n  [l](y.md)\n',
      '```\nx\n```\t\n[l](y.md)\n```\n',
    ]) {
      const got = simpleOutline(body, 2, true);
      if (got !== undefined) expect(plain(got), JSON.stringify(body)).toStrictEqual(plain(commonmarkOutline(body, 2, true)));
      expect(plain(outlineMarkdown(body, 2)), JSON.stringify(body)).toStrictEqual(plain(commonmarkOutline(body, 2, true)));
    }
  });

  it('explicit HTML anchors are found in linear time', () => {
    // The regular expression this replaces rescanned to the next `>` from every `<`.
    const hostile = '<a'.repeat(200_000);
    expect(htmlIds(hostile)).toEqual([]);
    expect(htmlIds(`${hostile} id="late"`)).toEqual(['late']);
    const body =
      '<a name="one"> <b id=\'two\'> <c data-id="no"> <d\nid="three"> <e>id="four" <f name="x>y"> <!-- <g id="comment"> --> `<h id="code">`';
    // `data-id` counts (as it always did); a quoted `>` ends the attribute value as htmlIds reads it.
    expect(outlineMarkdown(body, 1).anchors).toEqual(['one', 'two', 'no', 'three']);
  });
});

/** GitHub's slugs (github-slugger): the definition docket's faster slugBase and Slugger are held to. */
const githubSlugBase = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
class GithubSlugger {
  private readonly seen = new Map<string, number>();
  slug(text: string): string {
    const base = githubSlugBase(text);
    let slug = base;
    while (this.seen.has(slug)) {
      const n = this.seen.get(base)! + 1;
      this.seen.set(base, n);
      slug = `${base}-${n}`;
    }
    this.seen.set(slug, 0);
    return slug;
  }
}

describe('slugs', () => {
  it("slugBase is GitHub's: every ASCII character, and ASCII mixed with other scripts", () => {
    const ascii = fc.string({ unit: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)), maxLength: 40 });
    const mixed = fc
      .array(fc.oneof(ascii, fc.constantFrom('é', 'Ä', 'ß', '\u00a0', '\u0301', '日本', '\ud83d\ude00', '\u203f', 'Ⅳ', '٣')), {
        maxLength: 6,
      })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(fc.oneof(ascii, mixed), (text) => {
        expect(slugBase(text)).toBe(githubSlugBase(text));
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 6000) },
    );
  });
});

describe('linear replacements of backtracking regular expressions', () => {
  it('headings and link targets that made the old expressions quadratic stay fast (same results)', () => {
    for (const line of [
      `# a${' '.repeat(200_000)}b`,
      `# ${'!['.repeat(100_000)}`,
      `# ${'[a'.repeat(100_000)}`,
      `# ${'<a'.repeat(100_000)}`,
      `# ${'[a]('.repeat(50_000)}`,
      `# a${'_'.repeat(200_000)}a`,
    ]) {
      expect(outlineMarkdown(line, 1).anchors).toHaveLength(1);
    }
    // A query followed by a line terminator stays (the old /\?.*$/ rescanned from every `?`).
    expect(resolveLink('a.md', { target: `x${'?'.repeat(100_000)}\u2028y`, kind: 'inline', line: 1, column: 1 }).path).toBe(
      `x${'?'.repeat(100_000)}\u2028y`,
    );
    expect(resolveLink('a.md', { target: `x\u2028y?q?r`, kind: 'inline', line: 1, column: 1 }).path).toBe('x\u2028y');
  });
});

describe('duplicate slugs', () => {
  it('Slugger numbers duplicates as GitHub does, below and beyond the in-place search', () => {
    // Few distinct texts, some of them a suffixed slug of another ("a 1" slugs to "a-1").
    const text = fc.constantFrom('A', 'a', 'a 1', 'a-1', 'A 2', 'b', 'b-1-1', 'b 1', '', '-', 'é');
    fc.assert(
      fc.property(fc.array(text, { maxLength: 90, size: 'max' }), (texts) => {
        const s = new Slugger();
        const r = new GithubSlugger();
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
      fc.property(
        relPath.filter((p) => !p.startsWith('/')),
        (p) => {
          expect(normalizeRelative(p)).toBe(path.posix.normalize(p).replace(/\/+$/, '') || '.');
        },
      ),
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
      fc.property(
        fc.constantFrom('a.md', 'docs/a.md', 'docs/x/y/a.md'),
        fc
          .tuple(fc.constantFrom('', '/', '//', './'), relPath, fc.constantFrom('', '#x', '?q', '?q\u2028r', '#a%zz'))
          .map((p) => p.join('')),
        (from, target) => {
          const got = resolveLink(from, { target, kind: 'inline', line: 1, column: 1 });
          const want = reference(from, target);
          if (want === undefined) expect(got.path).toBeUndefined();
          else
            expect(got.path ?? (got.scope === 'outside' ? 'OUTSIDE' : undefined)).toBe(
              want === '..' || want.startsWith('../') ? 'OUTSIDE' : want,
            );
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('resolveLinks resolves each link as resolveLink does (repeated targets, long lists, any directory)', () => {
    const target = fc
      .tuple(fc.constantFrom('', './', '../', '../../', '../../../../'), relPath, fc.constantFrom('', '#x', '?q'))
      .map((p) => p.join(''));
    const plain = (l: object) => ({ ...l });
    fc.assert(
      fc.property(
        fc.constantFrom('a.md', 'docs/a.md', 'docs/x/y/a.md', './a.md', 'docs//a.md', 'docs/../a.md'),
        fc.array(target, { maxLength: 40, size: 'max' }),
        (from, targets) => {
          const links = targets.map((t, i) => ({ target: t, kind: 'inline' as const, line: i + 1, column: 1 }));
          expect(resolveLinks(from, links).map(plain)).toEqual(
            links.map((l) => plain(resolveLink(from, l, path.posix.dirname(from), false))),
          );
        },
      ),
      { numRuns: 1000 },
    );
  });
});
