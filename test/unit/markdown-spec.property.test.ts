import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveLink, resolveLinks } from '../../src/core/engine/load.js';
import { Slugger } from '../../src/core/markdown/anchors.js';
import { commonmarkOutline } from '../../src/core/markdown/commonmark.js';
import { outlineMarkdown } from '../../src/core/markdown/outline.js';
import { simpleOutline } from '../../src/core/markdown/simple-outline.js';
import { specExamples, treeOutline } from '../helpers/commonmark.js';

/**
 * On every example of the CommonMark spec, the links docket checks are exactly the parser's
 * link, image and reference definition destinations (decoded: escapes and character
 * references), each at a position inside its link; resolved, they are those destinations
 * percent-decoded, less only URLs with a scheme, pure #anchors and empty ones (issue 39); the
 * anchors are the GitHub slugs of the parser's headings; and the simple path, wherever it
 * answers, says the same. The parser here is a second one (mdast), independent of docket's.
 */
const examples = specExamples();
const plain = (o: ReturnType<typeof outlineMarkdown>) => ({ ...o, links: o.links.map((l) => ({ ...l })) });

/** Percent-decoding as a browser reads a path (a malformed escape leaves the text as it is). */
function percentDecoded(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * What issue 39 specifies for a destination (already entity-decoded by the parser), written
 * plainly: a URL with a scheme (or `//host`) is external, `#fragment` alone is this document,
 * an empty one is nothing to check; anything else is a path, without its `?query`, decoded and
 * resolved against the document's directory (`/` from the repository root).
 */
function resolvedAsSpecified(dir: string, url: string): { scope: string; path?: string; fragment?: string } {
  const target = url.trim();
  if (target === '') return { scope: 'empty' };
  if (/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(target) || target.startsWith('//')) return { scope: 'external' };
  const hash = target.indexOf('#');
  const fragment = hash === -1 ? undefined : percentDecoded(target.slice(hash + 1));
  const pathPart = (hash === -1 ? target : target.slice(0, hash)).replace(/\?.*$/, '');
  if (pathPart === '') return fragment ? { scope: 'self', fragment } : { scope: 'empty' };
  const decoded = percentDecoded(pathPart);
  const joined = decoded.startsWith('/') ? decoded.slice(1) || '.' : `${dir}/${decoded}`;
  const normal = path.posix.normalize(joined).replace(/\/+$/, '') || '.';
  if (normal === '..' || normal.startsWith('../')) return { scope: 'outside', fragment };
  return { scope: 'file', path: normal, fragment };
}

/** Offsets of each line's start, to turn a link's line and column back into an offset. */
function offsetOf(body: string, line: number, column: number): number {
  let start = 0;
  for (let l = 1; l < line; l++) start = body.indexOf('\n', start) + 1;
  return start + column - 1;
}

describe('the CommonMark spec examples', () => {
  it('ships its examples', () => {
    expect(examples.length).toBeGreaterThan(600);
  });

  it("link targets are the parser tree's destinations, each inside its link, at its destination", () => {
    for (const { markdown, number } of examples) {
      const outline = outlineMarkdown(markdown, 1);
      const tree = treeOutline(markdown);
      expect(outline.links.map((l) => l.target).sort(), `example ${number}`).toEqual(tree.targets);
      const unused = [...tree.spans];
      for (const link of outline.links) {
        const at = offsetOf(markdown, link.line, link.column);
        const k = unused.findIndex((s) => s.target === link.target && s.start <= at && at <= s.end);
        expect(k, `example ${number}: ${JSON.stringify(link)}`).not.toBe(-1);
        unused.splice(k, 1);
        // Written as it reads (no escape, no reference): the destination starts there, or after its `<`.
        if (!/[\\&]/.test(markdown) && link.target !== '' && !link.target.startsWith('mailto:')) {
          const from = markdown[at] === '<' && link.kind !== 'definition' ? at + 1 : at;
          expect(markdown.startsWith(link.target, from), `example ${number}: ${JSON.stringify(link)}`).toBe(true);
        }
      }
    }
  });

  it('what docket checks: every parser destination, percent-decoded and resolved, less only URLs with a scheme, pure #anchors and empty ones', () => {
    const from = 'docs/sub/a.md';
    const scopes = new Map<string, number>();
    for (const { markdown, number } of examples) {
      const checked = resolveLinks(from, outlineMarkdown(markdown, 1).links).map((l) => ({
        scope: l.scope,
        path: l.path,
        fragment: l.fragment,
      }));
      const want = treeOutline(markdown).targets.map((url) => resolvedAsSpecified(path.posix.dirname(from), url));
      expect(checked.map((l) => JSON.stringify(l)).sort(), `example ${number}`).toEqual(want.map((l) => JSON.stringify(l)).sort());
      for (const l of checked) scopes.set(l.scope, (scopes.get(l.scope) ?? 0) + 1);
    }
    // Every kind but `outside` occurs among the examples (none climbs out of docs/sub), files most of all.
    expect([...scopes.keys()].sort()).toEqual(['empty', 'external', 'file', 'self']);
    expect(scopes.get('file')).toBeGreaterThan(100);
    // The same reading of targets the examples do not have: escapes, a query, the root, leaving it.
    for (const target of ['x%20y.md#A%20b', 'x.md?q=1#f', '/top.md', '../../../up.md#f', '%zz.md', './', 'C:/x.md']) {
      const { scope, path: p, fragment } = resolveLink(from, { target, kind: 'inline', line: 1, column: 1 });
      expect({ scope, path: p, fragment }, target).toEqual(resolvedAsSpecified('docs/sub', target));
    }
    expect(resolveLink(from, { target: 'x%20y.md#A%20b', kind: 'inline', line: 1, column: 1 })).toMatchObject({
      scope: 'file',
      path: 'docs/sub/x y.md',
      fragment: 'A b',
    });
  });

  it("anchors are the GitHub slugs of the parser tree's headings, then HTML anchors; the first heading is the first with a text", () => {
    for (const { markdown, number } of examples) {
      const outline = outlineMarkdown(markdown, 1);
      const { headings } = treeOutline(markdown);
      const slugger = new Slugger();
      expect(outline.anchors.slice(0, headings.length), `example ${number}`).toEqual(headings.map((h) => slugger.slug(h)));
      expect(outline.firstHeading, `example ${number}`).toBe(headings.find((h) => h !== ''));
    }
  });

  it('the simple path, wherever it answers, says what the parser says (with and without anchors)', () => {
    let answered = 0;
    for (const { markdown, number } of examples) {
      for (const firstLine of [1, 7]) {
        const got = simpleOutline(markdown, firstLine, true);
        if (got === undefined) continue;
        answered++;
        const want = plain(commonmarkOutline(markdown, firstLine, true));
        expect(plain(got), `example ${number}`).toStrictEqual(want);
        expect(plain(simpleOutline(markdown, firstLine, false)!), `example ${number}`).toStrictEqual({ ...want, anchors: [] });
      }
    }
    expect(answered).toBeGreaterThan(100);
  });
});
