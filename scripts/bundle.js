// Bundles what a docket process loads (each command, the command_not_found hook, bin/run.js's
// topic guard and early-error printer, and the check/index worker thread) into entry files
// plus shared chunks under dist/chunks/, over tsc's output. Loading one command then reads a
// few files instead of about a hundred modules (and the yaml package's seventy): about 50 ms
// less at every start. tsc's per-module output stays for everything else (the client library
// src/lib, scripts, tests). Bundled code finds its files through src/core/package-root.ts,
// never relative to import.meta.url (a chunk lives in dist/chunks/). @oclif/core stays
// external: bin/run.js, the test helpers and the commands must share one copy of it.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const commands = [];
const walk = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) walk(abs);
    else if (e.name.endsWith('.js')) commands.push(abs);
  }
};
walk(path.join(dist, 'commands'));
const entryPoints = [
  ...commands,
  path.join(dist, 'cli/hooks/command-not-found.js'),
  path.join(dist, 'cli/topic-guard.js'),
  path.join(dist, 'cli/early-error.js'),
  path.join(dist, 'core/check/load-worker.js'),
];

await build({
  entryPoints,
  outdir: dist,
  outbase: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  // Packages loaded lazily or large and shared stay outside; yaml and chalk are bundled.
  external: ['@oclif/core', '@oclif/core/*', 'ajv', 'ajv/*', 'ajv-formats', 'ajv-formats/*', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*'],
  // Bundled CommonJS (yaml) requires Node built-ins: give ESM chunks a require of their own.
  banner: { js: "import { createRequire as __docketCreateRequire } from 'node:module';\nconst require = __docketCreateRequire(import.meta.url);" },
  logLevel: 'warning',
  legalComments: 'none',
});
console.error(`bundle: ${entryPoints.length} entries`);
