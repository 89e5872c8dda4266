/**
 * The one JSON serializer of every machine output (envelope, NDJSON, SARIF, MCP messages).
 * JSON.stringify escapes C0 controls only; DEL, C1 controls (U+009B is an 8-bit CSI), bidi
 * controls and the JS line separators would still reach a terminal or a log verbatim. They
 * only occur inside strings, where `\uXXXX` means the same character to any JSON parser.
 */
const UNESCAPED = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
const UNESCAPED_ALL = new RegExp(UNESCAPED.source, 'g');

const escapeChar = (ch: string) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;

/** JSON text of `value`; one test over the text first, so clean output costs no replace. */
export function toJson(value: unknown, indent?: number): string {
  const text = JSON.stringify(value, null, indent);
  return UNESCAPED.test(text) ? text.replace(UNESCAPED_ALL, escapeChar) : text;
}

/** One line of JSON with its line feed (the envelope, an NDJSON record, an MCP message). */
export function jsonLine(value: unknown): string {
  return `${toJson(value)}\n`;
}
