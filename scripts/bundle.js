// One esbuild bundle of what a docket process loads, written over tsc's output in dist/: each
// command, the command_not_found hook, bin/run.js's helpers (its first-line helpers in boot.js,
// oclif's entry points, the topic guard, the early-error printer) become entry files that share
// chunks under dist/chunks/, @oclif/core included. Loading a command then reads a few files instead of
// several hundred modules (docket's and oclif's), which is most of a start-up. Because oclif is
// in the shared chunks, bin/run.js, the commands and the test helpers use one copy of it
// (dist/cli/oclif.js). tsc's per-module output stays for everything else (the client library
// src/lib, scripts, tests). Bundled code finds its files through src/core/package-root.ts, never
// relative to import.meta.url (a chunk lives in dist/chunks/).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
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
    'cli/boot.js',
    'cli/oclif.js',
    'cli/hooks/command-not-found.js',
    'cli/topic-guard.js',
    'cli/early-error.js',
    'cli/render/site/markdown-worker.js',
  ].map((f) => path.join(dist, f)),
].filter((f) => existsSync(f));

const options = {
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
};

// esbuild puts each module in the chunk of the set of entries (and of lazily imported modules)
// that reach it, so the modules every command loads were cut into dozens of small chunks, each
// a file a run resolves, reads, compiles and links. So every entry that runs in a command's
// process, and every module loaded lazily there, also imports the start-up core (oclif's
// entry points and the base command): the core then is one chunk. Not boot.js, which
// bin/run.js loads before it knows whether oclif is needed (`--version`), nor the site's
// Markdown worker, a thread of its own that needs none of it. A first pass, written nowhere,
// finds the lazily imported modules and the core's own modules (a module of the core must not
// import the core: that would be a cycle).
const coreRoots = ['cli/oclif.js', 'cli/base-command.js'].map((f) => path.join(dist, f));
const light = new Set(['cli/boot.js', 'cli/render/site/markdown-worker.js'].map((f) => path.join(dist, f)));
const { metafile } = await build({ ...options, write: false, metafile: true });
const inputs = metafile.inputs;
const abs = (p) => path.resolve(root, p);
/** What a module reaches by static imports and requires, itself included. */
const closure = (start) => {
  const seen = new Set();
  const stack = [path.relative(root, start)];
  while (stack.length > 0) {
    const file = stack.pop();
    if (seen.has(file) || !inputs[file]) continue;
    seen.add(file);
    for (const i of inputs[file].imports) if (!i.external && i.kind !== 'dynamic-import') stack.push(i.path);
  }
  return new Set([...seen].map(abs));
};
// Modules that at least half of the commands import join the core too: loading them with it
// costs the other commands less than the files they would be read from otherwise.
const commandEntries = entryPoints.filter((f) => f.startsWith(path.join(dist, 'commands') + path.sep));
const importedBy = new Map();
for (const entry of commandEntries) for (const m of closure(entry)) importedBy.set(m, (importedBy.get(m) ?? 0) + 1);
const reachedFromRoots = coreRoots.map((r) => closure(r));
const widelyShared = [...importedBy]
  .filter(([m, n]) => n * 2 >= commandEntries.length && m.startsWith(dist + path.sep) && !commandEntries.includes(m))
  .map(([m]) => m)
  .filter((m) => !reachedFromRoots.some((reached) => reached.has(m)));
const coreClosures = [...coreRoots, ...widelyShared].map((r) => ({ root: r, reached: closure(r) }));
const lazy = Object.values(inputs).flatMap((input) =>
  input.imports.filter((i) => i.kind === 'dynamic-import' && !i.external).map((i) => abs(i.path)),
);
const withCore = new Set([...entryPoints.filter((f) => !light.has(f)), ...lazy.filter((f) => f.startsWith(dist + path.sep))]);
const inCore = new Set(coreClosures.flatMap((c) => [...c.reached]));
for (const c of coreClosures) {
  const entry = entryPoints.find((e) => e !== c.root && c.reached.has(e));
  // The imports added below could then make a cycle.
  if (entry) throw new Error(`bundle: ${path.relative(root, c.root)} imports the entry ${path.relative(root, entry)}`);
}
/**
 * The roots a module imports: those that do not reach it. A module of the core imports none
 * unless it is an entry (no root reaches an entry, checked above): each would be a cycle or
 * redundant.
 */
const coreImports = (file) =>
  inCore.has(file) && !entryPoints.includes(file)
    ? ''
    : coreClosures
        .filter((c) => !c.reached.has(file))
        .map((c) => `import ${JSON.stringify(c.root)};`)
        .join(' ');
const shareStartUpCore = {
  name: 'share-start-up-core',
  setup(b) {
    b.onLoad({ filter: /\.js$/ }, async (args) =>
      withCore.has(args.path)
        ? { contents: `${coreImports(args.path)}\n${await readFile(args.path, 'utf8')}`, loader: 'js', resolveDir: path.dirname(args.path) }
        : undefined,
    );
  },
};
await build({ ...options, plugins: [shareStartUpCore] });

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
