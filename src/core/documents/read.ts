import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { NamespaceConfig } from '../config/types.js';
import type { Issue } from '../issues.js';
import { parseFrontmatterYaml, type ParsedFrontmatter } from '../frontmatter/parse.js';
import { FRONTMATTER_MAX_BYTES, splitFrontmatter, type Split } from '../frontmatter/split.js';

export const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

export interface DocumentRecord {
  rel: string;
  namespace: NamespaceConfig;
  size: number;
  mtimeMs: number;
  /** Text without BOM; absent when the file could not be read or decoded. */
  text?: string;
  bom: boolean;
  split?: Split;
  frontmatter?: ParsedFrontmatter;
  /** Findings about the file itself (encoding, size, frontmatter syntax). */
  problems: Issue[];
  /** The file could not be read at all: the run becomes `partial`. */
  unreadable: boolean;
}

// ignoreBOM keeps the BOM in the text so it can be detected (and preserved by writers).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function problem(rel: string, code: Issue['code'], message: string, suggestion: string, line?: number, column?: number): Issue {
  return { code, severity: 'error', message, path: rel, ...(line ? { line } : {}), ...(column ? { column } : {}), suggestion };
}

/** Decodes and splits a document's bytes; every failure becomes a finding, never a throw. */
export function decodeDocument(rel: string, namespace: NamespaceConfig, bytes: Uint8Array, size: number, mtimeMs: number): DocumentRecord {
  const rec: DocumentRecord = { rel, namespace, size, mtimeMs, bom: false, problems: [], unreadable: false };
  const sample = bytes.subarray(0, 8192);
  if (sample.includes(0)) {
    rec.problems.push(problem(rel, 'FILE_BINARY', 'The file contains binary data (NUL bytes).', 'Restore the file as Markdown text or move it out of the docs root.'));
    return rec;
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    rec.problems.push(problem(rel, 'FILE_ENCODING', 'The file is not valid UTF-8.', 'Re-save the file with UTF-8 encoding.'));
    return rec;
  }
  if (text.charCodeAt(0) === 0xfeff) {
    rec.bom = true;
    text = text.slice(1);
  }
  rec.text = text;
  rec.split = splitFrontmatter(text);
  const split = rec.split;
  switch (split.kind) {
    case 'none':
      rec.problems.push(problem(rel, 'FRONTMATTER_MISSING', 'The document has no frontmatter.', 'Start the file with a `---` line, the metadata fields, and a closing `---` line; `docket fix` can add it.', 1, 1));
      break;
    case 'foreign':
      rec.problems.push(problem(rel, 'FRONTMATTER_INVALID', `Front matter in "${split.language}" is not supported; docket reads YAML only and never evaluates code.`, 'Rewrite the block as YAML between `---` lines.', 1, 1));
      break;
    case 'unterminated':
      rec.problems.push(problem(rel, 'FRONTMATTER_INVALID', 'The frontmatter has no closing `---` line.', 'Add a line with exactly `---` after the last metadata field.', 1, 1));
      break;
    case 'too-large':
      rec.problems.push(problem(rel, 'FRONTMATTER_INVALID', `The frontmatter is larger than ${FRONTMATTER_MAX_BYTES / 1024} KiB.`, 'Keep metadata short; move long content into the body.', 1, 1));
      break;
    case 'ok': {
      const parsed = parseFrontmatterYaml(split.yaml, split.firstLine);
      if (parsed.ok) rec.frontmatter = parsed.value;
      else rec.problems.push(problem(rel, 'FRONTMATTER_INVALID', `Invalid frontmatter: ${parsed.problem.message}`, 'Fix the YAML at this line.', parsed.problem.line, parsed.problem.column));
      break;
    }
  }
  return rec;
}

/** Reads one governed document; I/O failures make it `unreadable` (a warning), not a crash. */
export async function readDocument(root: string, rel: string, namespace: NamespaceConfig): Promise<DocumentRecord> {
  const abs = path.join(root, rel);
  try {
    const stat = await fs.lstat(abs);
    if (stat.size > MAX_DOCUMENT_BYTES) {
      return {
        rel, namespace, size: stat.size, mtimeMs: stat.mtimeMs, bom: false, unreadable: false,
        problems: [problem(rel, 'FILE_TOO_LARGE', `The file is ${stat.size} bytes; documents are read up to ${MAX_DOCUMENT_BYTES} bytes.`, 'Move the file out of the docs root or add it to excluded_files.')],
      };
    }
    const bytes = await fs.readFile(abs);
    return decodeDocument(rel, namespace, bytes, stat.size, stat.mtimeMs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'EIO';
    return {
      rel, namespace, size: 0, mtimeMs: 0, bom: false, unreadable: true,
      problems: [{ code: 'FILE_UNREADABLE', severity: 'warning', message: `The file could not be read (${code}) and was skipped.`, path: rel, suggestion: 'Check the file\'s permissions, then run again.' }],
    };
  }
}

/** A string field of the frontmatter, trimmed; undefined when absent or not a string/number. */
export function field(rec: DocumentRecord, key: string): string | undefined {
  const value = rec.frontmatter?.data[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return rec.frontmatter?.source(key) ?? String(value);
  return undefined;
}

/** The first ATX level-1 heading of the body, if any. */
export function firstHeading(rec: DocumentRecord): string | undefined {
  if (!rec.text) return undefined;
  const body = rec.split?.kind === 'ok' ? rec.text.slice(rec.split.bodyOffset) : rec.text;
  return /^#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
}
