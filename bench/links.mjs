// Edits of the links of a generated document: the benchmark's removal row (removable.mjs) and the
// tests that unlink, move or remove generated documents. Generated bodies link to other documents
// with inline links (some with a title) and with reference definitions; both are rewritten here.

const INLINE = /\]\(([^()\s#]*)(#[^()\s]*)?((?:\s+"[^"]*")?)\)/g;
const DEFINITION = /^ {0,3}\[([^\]]+)\]:[ \t]+([^\s#]*)(#\S*)?([ \t]+"[^"]*")?[ \t]*$/gm;

/**
 * `text` with each link destination passed through `f(target, anchor)` (target without its
 * #anchor, anchor with it or ''): a string becomes the new target (the anchor and title are kept),
 * null drops the link (an inline link keeps its text, a definition goes, so its uses become text).
 * Code blocks are not told apart: generated code holds no link to a document that exists.
 */
export function mapLinks(text, f) {
  const inline = text.replace(INLINE, (link, target, anchor = '', title) => {
    const to = f(target, anchor);
    return to === null ? ']' : to === target ? link : `](${to}${anchor}${title})`;
  });
  return inline.replace(DEFINITION, (line, label, target, anchor = '', title = '') => {
    const to = f(target, anchor);
    return to === null ? '' : to === target ? line : `[${label}]: ${to}${anchor}${title}`;
  });
}

/** `text` without any link to another file or anchor. */
export const withoutLinks = (text) => mapLinks(text, () => null);
