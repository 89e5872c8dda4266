import { isAscii } from 'node:buffer';
import path from 'node:path';
import type { NamespaceConfig } from '../../config/types.js';
import type { Issue } from '../../issues.js';
import { sha256 } from '../../text/sha256.js';
import { parseFrontmatterYaml, type ParsedFrontmatter } from '../../frontmatter/parse.js';
import { FRONTMATTER_MAX_BYTES, splitFrontmatter, type Split } from '../../frontmatter/split.js';
import { MAX_DOCUMENT_BYTES, readRaw, type RawRead } from './read-bytes.js';

export { MAX_DOCUMENT_BYTES, readBytes, readBytesSync, readRaw, type RawRead } from './read-bytes.js';

export interface DocumentRecord {
  rel: string;
  namespace: NamespaceConfig;
  size: number;
  mtimeMs: number;
  /** sha256 of the bytes read (hex), so writers can verify the file did not change since. */
  digest?: string;
  /** Text without BOM; absent when the file could not be read or decoded. */
  text?: string;
  bom: boolean;
  split?: Split;
  frontmatter?: ParsedFrontmatter;
  /** Findings about the file itself (encoding, size, frontmatter syntax). */
  problems: Issue[];
  /** The file could not be read at all: the run becomes `partial`. */
  unreadable: boolean;
  /** false when a cache already knew these bytes and decoding was skipped (see readDocument). */
  decoded?: boolean;
}

// ignoreBOM keeps the BOM in the text so it can be detected (and preserved by writers).
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

function problem(rel: string, code: Issue['code'], message: string, suggestion: string, line?: number, column?: number): Issue {
  return { code, severity: 'error', message, path: rel, ...(line ? { line } : {}), ...(column ? { column } : {}), suggestion };
}

/**
 * Decodes and splits a document's bytes; every failure becomes a finding, never a throw.
 * `digest: false` skips hashing (check never needs it; writers and caches do).
 */
export function decodeDocument(
  rel: string,
  namespace: NamespaceConfig,
  bytes: Uint8Array,
  size: number,
  mtimeMs: number,
  digest?: string | false,
): DocumentRecord {
  const rec: DocumentRecord = { rel, namespace, size, mtimeMs, bom: false, problems: [], unreadable: false };
  if (digest !== false) rec.digest = digest ?? sha256(bytes);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    rec.problems.push(
      problem(rel, 'FILE_ENCODING', 'The file is UTF-16; docket reads UTF-8 only.', 'Re-save the file with UTF-8 encoding.'),
    );
    return rec;
  }
  // The first 8 KiB (a smaller file whole, without making a view of it).
  if ((bytes.length <= 8192 ? bytes : bytes.subarray(0, 8192)).indexOf(0) !== -1) {
    rec.problems.push(
      problem(
        rel,
        'FILE_BINARY',
        'The file contains binary data (NUL bytes).',
        'Restore the file as Markdown text or move it out of the docs root.',
      ),
    );
    return rec;
  }
  let text: string;
  try {
    // ASCII (most documents) is its own UTF-8 and Latin-1: copied as is, much faster than validating.
    text = isAscii(bytes)
      ? (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)).toString('latin1')
      : utf8.decode(bytes);
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
      if (split.near)
        rec.problems.push(
          problem(
            rel,
            'FRONTMATTER_MISSING',
            `The document has no frontmatter at its top, but line ${split.near.line} has ${split.near.what}.`,
            'Move the metadata to the top of the file between `---` lines, or remove the look-alike; `docket fix` will not add a second block.',
            split.near.line,
            1,
          ),
        );
      else
        rec.problems.push(
          problem(
            rel,
            'FRONTMATTER_MISSING',
            'The document has no frontmatter.',
            'Start the file with a `---` line, the metadata fields, and a closing `---` line; `docket fix` can add it.',
            1,
            1,
          ),
        );
      break;
    case 'foreign':
      rec.problems.push(
        problem(
          rel,
          'FRONTMATTER_INVALID',
          `Front matter in "${split.language}" is not supported; docket reads YAML only and never evaluates code.`,
          'Rewrite the block as YAML between `---` lines.',
          split.line,
          1,
        ),
      );
      break;
    case 'malformed':
      if (split.reason === 'cr-line-endings')
        rec.problems.push(
          problem(
            rel,
            'FRONTMATTER_INVALID',
            'The frontmatter has CR-only line endings (classic Mac OS); docket reads LF or CRLF line endings.',
            'Convert the file to LF line endings (for example `mac2unix FILE`), then run again; `docket fix` will not change it.',
            split.line,
            1,
          ),
        );
      else
        rec.problems.push(
          problem(
            rel,
            'FRONTMATTER_INVALID',
            `The first line \`${split.opener}\` starts like a frontmatter fence but is not one.`,
            'Make the line exactly `---` (dashes only) to open the frontmatter, or change it if the file has none; `docket fix` will not change it.',
            split.line,
            1,
          ),
        );
      break;
    case 'unterminated':
      rec.problems.push(
        problem(
          rel,
          'FRONTMATTER_INVALID',
          'The frontmatter has no closing `---` line.',
          'Add a line with exactly `---` after the last metadata field.',
          split.line,
          1,
        ),
      );
      break;
    case 'too-large':
      rec.problems.push(
        problem(
          rel,
          'FRONTMATTER_INVALID',
          `The frontmatter is larger than ${FRONTMATTER_MAX_BYTES / 1024} KiB.`,
          'Keep metadata short; move long content into the body.',
          split.line,
          1,
        ),
      );
      break;
    case 'ok': {
      const parsed = parseFrontmatterYaml(split.yaml, split.firstLine);
      if (parsed.ok) {
        rec.frontmatter = parsed.value;
        if (!parsed.value.hasKeys()) {
          rec.problems.push(
            problem(
              rel,
              'FRONTMATTER_MISSING',
              'The frontmatter block is empty.',
              'Add the required metadata fields between the `---` lines; `docket fix` can add them.',
              split.firstLine - 1,
              1,
            ),
          );
        }
      } else
        rec.problems.push(
          problem(
            rel,
            'FRONTMATTER_INVALID',
            `Invalid frontmatter: ${parsed.problem.message}`,
            parsed.problem.suggestion ?? 'Fix the YAML at this line (quote values that contain `: ` or start with a special character).',
            parsed.problem.line,
            parsed.problem.column,
          ),
        );
      break;
    }
  }
  return rec;
}

function unreadable(rel: string, namespace: NamespaceConfig, reason: string): DocumentRecord {
  return {
    rel,
    namespace,
    size: 0,
    mtimeMs: 0,
    bom: false,
    unreadable: true,
    problems: [
      {
        code: 'FILE_UNREADABLE',
        severity: 'warning',
        message: `The file could not be read (${reason}) and was skipped.`,
        path: rel,
        suggestion: 'Check that the file exists and is readable, then run again.',
      },
    ],
  };
}

export interface ReadOptions {
  /** Cache hook: when it knows the content digest, decoding is skipped (`decoded: false`). */
  known?: (digest: string) => boolean;
  /** Compute the sha256 of the bytes (default true). */
  digest?: boolean;
}

/** The record of a read document: too large, unreadable, known to a cache, or decoded. */
export function recordOf(rel: string, namespace: NamespaceConfig, raw: RawRead, opts: ReadOptions = {}): DocumentRecord {
  if (raw.kind === 'error')
    return unreadable(
      rel,
      namespace,
      raw.code === 'ELOOP' ? 'it became a symbolic link' : raw.code === 'ENOTFILE' ? 'not a regular file' : raw.code,
    );
  const { size, mtimeMs } = raw;
  if (raw.kind === 'too-large') {
    return {
      rel,
      namespace,
      size,
      mtimeMs,
      bom: false,
      unreadable: false,
      problems: [
        problem(
          rel,
          'FILE_TOO_LARGE',
          `The file is ${size} bytes; documents are read up to ${MAX_DOCUMENT_BYTES} bytes.`,
          'Move the file out of the docs root or add it to excluded_files.',
        ),
      ],
    };
  }
  let digest: string | undefined;
  if (opts.known) {
    digest = sha256(raw.bytes);
    if (opts.known(digest)) return { rel, namespace, size, mtimeMs, digest, bom: false, problems: [], unreadable: false, decoded: false };
  }
  return decodeDocument(rel, namespace, raw.bytes, size, mtimeMs, opts.digest === false ? false : digest);
}

/** The absolute path of a repository-relative POSIX path (no normalisation needed: the walk produced it). */
export function absolutePath(root: string, rel: string): string {
  return path.sep === '/' ? `${root}/${rel}` : path.join(root, rel);
}

/**
 * Reads one governed document; I/O failures make it `unreadable` (a warning), not a crash.
 * `known(digest)` lets a cache skip decoding content it has already described: when it
 * returns true, the record carries only size, mtime and digest (`decoded: false`).
 */
export function readDocumentSync(root: string, rel: string, namespace: NamespaceConfig, opts: ReadOptions = {}): DocumentRecord {
  return recordOf(rel, namespace, readRaw(path.join(root, rel)), opts);
}

/** readDocumentSync for callers that expect a promise. */
export async function readDocument(
  root: string,
  rel: string,
  namespace: NamespaceConfig,
  known?: (digest: string) => boolean,
): Promise<DocumentRecord> {
  return readDocumentSync(root, rel, namespace, known ? { known } : {});
}

/** A string field of the frontmatter, trimmed; undefined when absent or not a string/number. */
export function field(rec: DocumentRecord, key: string): string | undefined {
  const value = rec.frontmatter?.data[key];
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number') return rec.frontmatter?.source(key) ?? String(value);
  return undefined;
}

/**
 * The line ending the file uses ("\r\n" when its first non-blank line, the frontmatter's
 * opening fence if it has one, ends so), for inserted lines.
 */
export function eolOf(text: string): string {
  const nl = text.indexOf('\n', text.search(/\S/));
  return nl > 0 && text[nl - 1] === '\r' ? '\r\n' : '\n';
}

/** The first ATX level-1 heading of the body, if any. */
export function firstHeading(rec: DocumentRecord): string | undefined {
  if (!rec.text) return undefined;
  const body = rec.split?.kind === 'ok' ? rec.text.slice(rec.split.bodyOffset) : rec.text;
  return /^#[ \t]+(.+?)[ \t#]*$/m.exec(body)?.[1];
}
