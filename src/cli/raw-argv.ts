/**
 * The output format and flags read from raw argv, before oclif parses anything. No imports:
 * bin/run.js loads this first (console-guard.ts), before any other module.
 */

export type Format = 'text' | 'json' | 'md' | 'ndjson' | 'sarif' | 'github' | 'junit' | 'mermaid' | 'dot';
export const BASE_FORMATS: readonly Format[] = ['text', 'json', 'md'];
/** Formats whose output is machine-readable: no colour, no prose on stdout. */
export const MACHINE_FORMATS: ReadonlySet<Format> = new Set(['json', 'ndjson', 'sarif', 'github', 'junit']);
/** Formats for CI systems: even an error is printed in the format (src/cli/render/ci). */
export type CiFormat = 'sarif' | 'github' | 'junit';
export const CI_FORMATS: ReadonlySet<Format> = new Set<CiFormat>(['sarif', 'github', 'junit']);
/** Diagram languages (graph): the diagram alone on stdout, findings and errors as text on stderr. */
export const DIAGRAM_FORMATS: ReadonlySet<Format> = new Set(['mermaid', 'dot']);

/** The value of a `--name value` or `--name=value` flag in raw argv (last one wins), before `--`. */
export function rawFlag(argv: readonly string[], name: string): string | undefined {
  let found: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--') break;
    if (arg === `--${name}`) found = argv[i + 1];
    else if (arg.startsWith(`--${name}=`)) found = arg.slice(name.length + 3);
  }
  return found;
}

export function rawBool(argv: readonly string[], name: string): boolean {
  const end = argv.indexOf('--');
  return (end === -1 ? argv : argv.slice(0, end)).includes(`--${name}`);
}

/**
 * Best-effort format for output produced before (or instead of) flag parsing: the envelope
 * of a parse error or an unknown command must still honour `--format json` or DOCKET_FORMAT.
 */
export function formatFromRaw(argv: readonly string[], env: NodeJS.ProcessEnv): Format {
  if (rawBool(argv, 'json')) return 'json';
  const candidates = [rawFlag(argv, 'format'), env.DOCKET_FORMAT];
  for (const value of candidates) {
    const v = value?.trim().toLowerCase();
    if (v === 'sarif' || v === 'junit' || v === 'github') return v;
    if (v === 'json' || v === 'ndjson') return 'json';
    if (v === 'text' || v === 'md') return v;
  }
  return 'text';
}
