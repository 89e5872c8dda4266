import { createRequire } from 'node:module';
import type { Nodes, Root } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

/**
 * What a second CommonMark parser's syntax tree (mdast, built on micromark by its authors) says
 * of a body, independently of docket's own parser (markdown-it, src/core/markdown/commonmark.ts):
 * every link, image and reference definition destination (not footnote definitions,
 * `[^label]:`), every heading's text as rendered, and each destination's node span.
 */
export interface TreeOutline {
  /** Destinations, sorted (a tree lists a link before the image inside it; docket by position). */
  targets: string[];
  /** Offsets [start, end) of the node holding each destination, in the order of `targets`' nodes (unsorted). */
  spans: { target: string; start: number; end: number }[];
  /** Heading texts in document order: text, code, image descriptions, no HTML; lines trimmed and joined by a blank. */
  headings: string[];
}

/** A node's text as rendered: a line break is a new line, HTML is no text. */
function textOf(node: Nodes): string {
  if (node.type === 'break') return '\n';
  if (node.type === 'html') return '';
  if (node.type === 'image') return node.alt ?? '';
  if ('value' in node) return node.value;
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('');
  return '';
}

export function treeOutline(body: string): TreeOutline {
  const tree: Root = fromMarkdown(body);
  const spans: TreeOutline['spans'] = [];
  const headings: string[] = [];
  const visit = (node: Nodes) => {
    if (node.type === 'link' || node.type === 'image' || (node.type === 'definition' && !node.label?.startsWith('^'))) {
      spans.push({ target: node.url, start: node.position!.start.offset!, end: node.position!.end.offset! });
    }
    if (node.type === 'heading') {
      headings.push(
        textOf(node)
          .split('\n')
          .map((l) => l.trim())
          .join(' ')
          .trim(),
      );
    }
    if ('children' in node) for (const c of node.children as Nodes[]) visit(c);
  };
  visit(tree);
  return { targets: spans.map((s) => s.target).sort(), spans, headings };
}

/** The examples of the CommonMark spec (the `commonmark-spec` package), tabs restored (the spec shows them as →). */
export function specExamples(): { markdown: string; section: string; number: number }[] {
  const require = createRequire(import.meta.url);
  const spec = require('commonmark-spec') as { tests: { markdown: string; section: string; number: number }[] };
  return spec.tests.map((t) => ({ ...t, markdown: t.markdown.replaceAll('→', '\t') }));
}
