import type { Document, LineCounter, Node } from 'yaml';
import { QUIET, yamlLib } from './lib.js';

export interface ParsedYaml {
  doc: Document.Parsed;
  lines: LineCounter;
}

/** Parses YAML 1.2 for editing; the first error is returned with its line. */
export function parseForEdit(text: string): { ok: true; value: ParsedYaml } | { ok: false; message: string; line?: number } {
  const { LineCounter, parseDocument } = yamlLib();
  const lines = new LineCounter();
  const doc = parseDocument(text, { ...QUIET, lineCounter: lines, uniqueKeys: true });
  const error = doc.errors[0];
  if (error)
    return { ok: false, message: error.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, ''), line: error.linePos?.[0]?.line };
  return { ok: true, value: { doc, lines } };
}

/** The value node of a top-level key (undefined when absent). */
export function topLevel(parsed: ParsedYaml, key: string): Node | null | undefined {
  const contents = parsed.doc.contents;
  return yamlLib().isMap(contents) ? contents.get(key, true) : undefined;
}

/**
 * Appends an item to the top-level block list `key` as text, so every other byte of the file
 * (comments, blank lines, quoting, key order) stays as it was. `item(indent)` renders the
 * item with its dash at column `indent`; an absent key is added at the end of the file, and
 * an empty or flow list (`key: []`) is replaced by a block list. Returns undefined when the
 * file cannot be edited this way (the caller decides what to do).
 */
export function appendTopLevelItem(text: string, parsed: ParsedYaml, key: string, item: (indent: number) => string): string | undefined {
  const { isMap, isScalar, isSeq } = yamlLib();
  const contents = parsed.doc.contents;
  if (contents !== null && !isMap(contents)) return undefined;
  if (isMap(contents) && contents.flow) return undefined;
  const node = topLevel(parsed, key);
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  const block = (indent: number) => item(indent).replace(/\n/g, eol);
  if (node === undefined) {
    return `${text}${text === '' || text.endsWith('\n') ? '' : eol}${key}:${eol}${block(2)}${eol}`;
  }
  if (isSeq(node) && !node.flow && node.items.length > 0) {
    const first = node.items[0] as Node;
    const lineText = text.split(/\r?\n/)[parsed.lines.linePos(first.range![0]).line - 1] ?? '';
    const indent = Math.max(0, lineText.indexOf('-'));
    const end = node.range![1];
    const lineEnd = text.indexOf('\n', Math.max(0, end - 1));
    const at = lineEnd === -1 ? text.length : lineEnd + 1;
    const before = text.slice(0, at);
    return `${before}${before.endsWith('\n') ? '' : eol}${block(indent)}${eol}${text.slice(at)}`;
  }
  const empty = (isSeq(node) && node.items.length === 0) || node === null || (isScalar(node) && node.value === null);
  if (!empty || !node?.range) return undefined;
  const keyStart = text.lastIndexOf('\n', node.range[0] - 1) + 1;
  if (!text.slice(keyStart).startsWith(`${key}:`)) return undefined;
  const rest = text.slice(node.range[1]).replace(/^[ \t]*/, '');
  return `${text.slice(0, keyStart)}${key}:${eol}${block(2)}${rest.startsWith('\n') || rest.startsWith('\r\n') ? '' : eol}${rest}`;
}
