// One esbuild bundle of what a docket process loads, written over tsc's output in dist/: each
// command, the command_not_found hook, bin/run.js's helpers (oclif's entry points, the topic
// guard, the early-error printer) become entry files that share chunks
// under dist/chunks/, @oclif/core included. Loading a command then reads a few files instead of
// several hundred modules (docket's and oclif's), which is most of a start-up. Because oclif is
// in the shared chunks, bin/run.js, the commands and the test helpers use one copy of it
// (dist/cli/oclif.js). tsc's per-module output stays for everything else (the client library
// src/lib, scripts, tests). Bundled code finds its files through src/core/package-root.ts, never
// relative to import.meta.url (a chunk lives in dist/chunks/).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = path.join(root, 'dist');
const files = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : [path.join(dir, e.name)]));
const entryPoints = [
  ...files(path.join(dist, 'commands')).filter((f) => f.endsWith('.js')),
  ...[
    'cli/oclif.js',
    'cli/hooks/command-not-found.js',
    'cli/topic-guard.js',
    'cli/early-error.js',
    'cli/render/site/markdown-worker.js',
  ].map((f) => path.join(dist, f)),
].filter((f) => existsSync(f));

await build({
  entryPoints,
  absWorkingDir: root,
  outdir: dist,
  outbase: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  // oclif is CommonJS: inside an ES module it needs `require` and `__dirname`.
  banner: {
    js: "import { createRequire as __docketRequire } from 'node:module'; import { dirname as __docketDirname } from 'node:path'; import { fileURLToPath as __docketPath } from 'node:url'; const require = __docketRequire(import.meta.url); const __filename = __docketPath(import.meta.url); const __dirname = __docketDirname(__filename);",
  },
  // Loaded on demand, only by some commands: they stay packages of their own. typescript,
  // ts-node and tsx are required by oclif only for development setups (TypeScript sources).
  // ajv is not among them: a repository's own schema is compiled with it at run time, and its
  // hundred-odd CommonJS files cost more to resolve and load one by one than as the lazy chunks
  // its dynamic imports become (no command's start-up loads them).
  // (The precompiled metadata validators and src/contract/ajv.ts still require it from node_modules.)
  external: ['yaml', 'markdown-it', 'typescript', 'ts-node', 'tsx'],
  logLevel: 'warning',
  legalComments: 'none',
});

// What this build is, for the caches' fingerprints (src/core/cache/cache-dir.ts): the hash of
// every file in dist/, so code built from changed sources never trusts results an older build
// remembered, even under the same package version.
const hash = createHash('sha256');
for (const file of files(dist)
  .filter((f) => path.basename(f) !== 'build-id')
  .sort()) {
  hash.update(path.relative(dist, file)).update('\0').update(readFileSync(file)).update('\0');
}
writeFileSync(path.join(dist, 'build-id'), `${hash.digest('hex')}\n`);
console.error(`bundle: ${entryPoints.length} entries sharing dist/chunks/, dist/build-id`);
