/**
 * Scalars of project-state.yaml as text that YAML 1.1 (the Python DocOps CLI's PyYAML) and
 * YAML 1.2 both read back as the same string. Plain when the text cannot be mistaken for
 * anything else, single-quoted when it has no line breaks or control characters, otherwise
 * double-quoted with JSON's escapes (a JSON string is a YAML double-quoted scalar).
 */

/** Plain text that YAML 1.1 or 1.2 could read as a boolean, null, infinity or merge key; and anything that starts like a number or date (quoted to be safe). */
const RESOLVES =
  /^(?:y|Y|yes|Yes|YES|n|N|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF|null|Null|NULL|~|<<)$|^[-+.]?\d|^[-+]?\.(?:inf|Inf|INF|nan|NaN|NAN)$/;
const PLAIN = /^[A-Za-z0-9_(][A-Za-z0-9 _.,/()+-]*$/;
// Characters single quotes cannot carry.
const UNQUOTABLE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

export function yamlString(value: string, quote = false): string {
  if (!quote && PLAIN.test(value) && !value.endsWith(' ') && !RESOLVES.test(value)) return value;
  if (!UNQUOTABLE.test(value)) return `'${value.replace(/'/g, "''")}'`;
  return JSON.stringify(value);
}
