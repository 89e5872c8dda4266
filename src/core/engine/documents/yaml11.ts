/**
 * How a YAML 1.1 reader types a plain scalar that YAML 1.2 (docket's reader) keeps as text:
 * PyYAML's SafeLoader resolvers, which the Python DocOps CLI uses. `yes`, `on`, `2026-01-01`,
 * `1_000`, `0b101`, `1:30` are strings to docket and a boolean, a date or a number to that
 * tool, whose schema check then fails. (PyYAML, unlike the YAML 1.1 text, does not take
 * `y` or `n` for booleans.)
 */
const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const INT = /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const TIMESTAMP =
  /^(?:[0-9]{4}-[0-9]{2}-[0-9]{2}|[0-9]{4}-[0-9]{1,2}-[0-9]{1,2}(?:[Tt]|[ \t]+)[0-9]{1,2}:[0-9]{2}:[0-9]{2}(?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9]{1,2}(?::[0-9]{2})?))?)$/;
const DATE = /^[0-9]{4}-[0-9]{2}-[0-9]{2}$/;
const NULL = /^(?:~|null|Null|NULL)?$/;

/** The JSON Schema type a YAML 1.1 reader gives a plain scalar, 'date' for a timestamp; undefined for text. */
export type Yaml11Type = 'boolean' | 'integer' | 'number' | 'date' | 'null';

export function yaml11Type(plain: string): Yaml11Type | undefined {
  const c = plain.charCodeAt(0);
  // Every non-text scalar starts with a digit, a sign, a dot, `~` or one of the letters below.
  const digitLike = (c >= 0x30 && c <= 0x39) || c === 0x2b || c === 0x2d || c === 0x2e;
  if (digitLike) {
    // The common case first: a date (`last_updated: 2026-01-31`).
    if (plain.length === 10 && plain.charCodeAt(4) === 0x2d && DATE.test(plain)) return 'date';
    if (INT.test(plain)) return 'integer';
    if (FLOAT.test(plain)) return 'number';
    if (TIMESTAMP.test(plain)) return 'date';
    return undefined;
  }
  if (BOOL.test(plain)) return 'boolean';
  if (NULL.test(plain)) return 'null';
  return undefined;
}
