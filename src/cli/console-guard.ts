import { Console } from 'node:console';
import { formatFromRaw } from './raw-argv.js';

/**
 * In a machine format stdout is a contract (one envelope line, NDJSON records, SARIF, a
 * protocol), and code docket does not own can still reach `console`: a module preloaded with
 * NODE_OPTIONS=--require (instrumentation, a timer) or a dependency. From the first line of
 * bin/run.js on, everything written through `console` then goes to stderr. docket itself never
 * uses `console` (src/cli/io.ts writes its output). `docket mcp` and `docket lsp` count: stdout carries JSON-RPC.
 */
export function guardConsole(argv: readonly string[], env: NodeJS.ProcessEnv): boolean {
  const machine = formatFromRaw(argv, env) !== 'text' && formatFromRaw(argv, env) !== 'md';
  // `mcp` (or `lsp`) anywhere, not only first: global flags may come before it (`docket --debug mcp`);
  // a flag value that happens to be one only sends a text run's console output to stderr.
  if (!machine && !argv.includes('mcp') && !argv.includes('lsp')) return false;
  const toStderr = new Console({ stdout: process.stderr, stderr: process.stderr });
  const target = console as unknown as Record<string, unknown>;
  const source = toStderr as unknown as Record<string, unknown>;
  // Methods are replaced on the global console object itself, so `console.log` looked up later
  // by any module (or captured object reference) writes to stderr.
  for (const key of Object.keys(source)) if (typeof source[key] === 'function') target[key] = source[key];
  return true;
}
