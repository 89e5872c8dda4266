import { safeBlock } from '../style.js';

// Characters XML 1.0 cannot carry at all, not even as references: lone surrogates, U+FFFE, U+FFFF.
// (C0 controls other than tab and newline are escaped by safeBlock first: bodies hold lines.)
const INVALID = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g;

function valid(s: string): string {
  return safeBlock(s).replace(INVALID, (ch) => `\\u{${ch.charCodeAt(0).toString(16).padStart(4, '0')}}`);
}

/** Text content: markup escaped, characters XML cannot hold written as \u{XXXX}. */
export function xmlText(s: string): string {
  return valid(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** An attribute value (double-quoted): also quotes, and line breaks and tabs as references so parsers keep them. */
export function xmlAttr(s: string): string {
  return xmlText(s).replace(/"/g, '&quot;').replace(/'/g, '&apos;').replace(/\n/g, '&#10;').replace(/\t/g, '&#9;');
}

export function attrs(values: Record<string, string | number | undefined>): string {
  return Object.entries(values)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => ` ${k}="${xmlAttr(String(v))}"`)
    .join('');
}
