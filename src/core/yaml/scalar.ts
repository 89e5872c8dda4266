// The one quoting rule of every writer of frontmatter (`fix`, `scan`, `new`): a string is
// written plain only when no YAML reader (1.1 or 1.2) can take it for anything else.

// Words some YAML readers (1.1) take for booleans or null: always quote them.
const RESERVED = /^(?:y|n|yes|no|on|off|true|false|null|~)$/i;
// Starts with a letter or `_`, so never a number (`0o17`, `1e3`, `.inf`), a date or an indicator.
const PLAIN = /^[\p{L}_](?:[\p{L}\p{N} _./()-]*[\p{L}\p{N}_.)])?$/u;

/** Whether a string may be written as a plain YAML scalar and still read back as that string. */
export function plainIsSafe(value: string): boolean {
  return PLAIN.test(value) && !RESERVED.test(value) && !/ {2}|\s[#:]|[#:]\s/.test(value);
}

/**
 * A YAML scalar for a string value: plain when it cannot be misread (words, IDs), else
 * double-quoted (versions and dates always are, so no YAML reader turns them into numbers).
 */
export function yamlScalar(value: string): string {
  if (plainIsSafe(value)) return value;
  return JSON.stringify(value).replace(/[\u007f-\u009f\u2028\u2029\ufeff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
