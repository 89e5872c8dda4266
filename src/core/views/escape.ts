/**
 * Escaping of repository text (titles, owners, notes, IDs, states: all written by users or
 * agents) for the generated views. Every value is made one line first: a line break would end
 * a table row or list item, and a blank line would end an HTML block and let Markdown run.
 */

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' };

/** Control characters, line and paragraph separators, and runs of white space become one space. */
function oneLine(value: string): string {
  return value.replace(/[\s\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/** Text for HTML content and quoted attribute values. */
export function htmlText(value: string): string {
  return oneLine(value).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** Text that escaping leaves as it is: no special character, no white space to collapse or trim. */
const PLAIN = /^(?:[A-Za-z0-9.,:;/()?@+=#%-]+(?: [A-Za-z0-9.,:;/()?@+=#%-]+)*)?$/;

/**
 * Text shown as written in Markdown, a table cell included: the punctuation that could start
 * emphasis, code, links, strike-through, math or a cell boundary is backslash-escaped (which
 * GFM also honours for `|` inside a table row), and HTML is turned into entities. Block
 * syntax (`#`, `-`, `>` ...) needs nothing: the views never start a line with repository text.
 */
export function markdownText(value: string): string {
  // Most titles are plain words: nothing to change.
  if (PLAIN.test(value)) return value;
  return oneLine(value)
    .replace(/[\\`*_[\]|~$]/g, (c) => `\\${c}`)
    .replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** A CSS class name part: lower-case letters, digits, `_` and `-` only (`fallback` when nothing is left). */
export function cssSlug(value: string, fallback: string): string {
  const slug = value
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? fallback : slug;
}

/**
 * `to` relative to the directory `from`, both normalised repository-relative paths (no `.` or
 * `..` segments): what path.posix.relative gives, without resolving both against the working
 * directory for every row.
 */
function relativePath(from: string, to: string): string {
  const dir = from === '.' || from === '' ? [] : from.split('/');
  const target = to.split('/');
  let common = 0;
  while (common < dir.length && common < target.length - 1 && dir[common] === target[common]) common++;
  return [...Array<string>(dir.length - common).fill('..'), ...target.slice(common)].join('/');
}

const SAFE_HREF = /^[A-Za-z0-9\-._~/]*$/;

/**
 * The link from a view in directory `from` to the document at `to` (both repository-relative):
 * relative, every byte outside `A-Za-z0-9-._~/` percent-encoded, so a file name can neither
 * end the link (`)`, `>`, `"`, a space), split a table row (`|`) nor read as a scheme (`:`).
 */
export function relativeHref(from: string, to: string): string {
  const rel = relativePath(from, to);
  if (SAFE_HREF.test(rel)) return rel;
  return rel
    .split('/')
    .map((segment) => encodeURIComponent(segment).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');
}
