// Bundles what a docket process loads (each command, the command_not_found hook, bin/run.js's
// topic guard and early-error printer) into entry files, over tsc's output. Loading one command then reads a
// few files instead of about a hundred modules (and the yaml package's seventy): about 50 ms
// less at every start. tsc's per-module output stays for everything else (the client library
// src/lib, scripts, tests). Bundled code finds its files through src/core/package-root.ts,
// never relative to import.meta.url (a chunk lives in dist/chunks/). @oclif/core is bundled
// on its own as dist/vendor/oclif.cjs (one file: about 50 ms less than its ~110 modules), which
// bin/run.js, the commands and the test helpers all reach through the package import
// `#oclif`, so they share one copy of it. Then the commands, the hook and bin/run.js's helpers
// are bundled once more, as dist/vendor/app.body.cjs, which load.cjs compiles with V8's code
// cache (Node 20 has none for ES modules), and their entry files become shims into it.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
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
];

/**
 * A package as one CommonJS file, dist/vendor/<name>.body.cjs, and dist/vendor/<name>.cjs, which
 * loads it through dist/vendor/load.cjs (src/vendor/load.cjs) with V8's code cache when
 * scripts/code-cache.js has written one. Whitespace and syntax are minified (names stay): a
 * smaller file compiles faster at every start.
 *
 * A script compiled with a code cache has no dynamic import() of its own, so the bundle's
 * `import(x)` calls become `__docketImport(x)`, a function load.cjs passes in. They are found
 * in the minified text (not after an identifier, a dot or a quote, not `import()` as a
 * word in a message); `dynamicImports` is how many the package has, and the build fails when
 * that changes, so an upgrade is looked at again.
 */
const vendor = async (name, dynamicImports, options) => {
  const body = path.join(dist, `vendor/${name}.body.cjs`);
  await build({ bundle: true, format: 'cjs', platform: 'node', target: 'node20', minifyWhitespace: true, minifySyntax: true, logLevel: 'warning', legalComments: 'none', ...options, outfile: body });
  const text = readFileSync(body, 'utf8');
  const found = text.match(DYNAMIC_IMPORT)?.length ?? 0;
  if (found !== dynamicImports) throw new Error(`bundle: ${name} has ${found} dynamic import() calls, expected ${dynamicImports}; review them and update the count`);
  if (text.includes('__docketImport')) throw new Error(`bundle: ${name} already uses the name __docketImport`);
  writeFileSync(body, text.replace(DYNAMIC_IMPORT, '__docketImport('));
  writeFileSync(path.join(dist, `vendor/${name}.cjs`), `'use strict';\n// Written by scripts/bundle.js: ${name} (${name}.body.cjs) compiled with V8's code cache where it fits (load.cjs).\nmodule.exports = require('./load.cjs').loadVendor(__dirname, ${JSON.stringify(name)});\n`);
};
const DYNAMIC_IMPORT = /(?<![\w$.'"`])import\((?!\))/g;
/** The dynamic import() calls left in the app bundle: imports of external packages (see vendor). */
const APP_DYNAMIC_IMPORTS = 4;
// Packages loaded lazily or large and shared stay outside the bundles; chalk is bundled. yaml is
// loaded on demand from dist/vendor/yaml.cjs (below) by src/core/yaml/lib.ts, never imported.
const EXTERNAL = ['#oclif', 'ajv', 'ajv/*', 'ajv-formats', 'ajv-formats/*', '@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk/*', 'yaml'];
mkdirSync(path.join(dist, 'vendor'), { recursive: true });
copyFileSync(path.join(root, 'src/vendor/load.cjs'), path.join(dist, 'vendor/load.cjs'));

// oclif sorts a plugin's commands with localeCompare at every start; the first call builds an
// ICU collator (about 12 ms). Command IDs are ASCII ([a-z0-9:-]), for which code-point order
// is the same; the build fails if oclif's line changes, so an upgrade is looked at again.
const ordinalCommandSort = {
  name: 'oclif-ordinal-command-sort',
  setup(b) {
    b.onLoad({ filter: /@oclif[\\/]core[\\/]lib[\\/]config[\\/]plugin\.js$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      const from = '.sort((a, b) => a.id.localeCompare(b.id))';
      if (!source.includes(from)) throw new Error(`bundle: ${args.path} no longer sorts commands with localeCompare; review ordinalCommandSort`);
      return { contents: source.replace(from, '.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))'), loader: 'js' };
    });
  },
};

// The parts of @oclif/core docket uses, as one CommonJS file. typescript and ts-node are only
// required by oclif for development setups (TypeScript sources): left out.
const OCLIF_PARTS = { run: 'run', flush: 'flush', command: 'command', flags: 'flags', args: 'args', help: 'help' };
await vendor('oclif', 5, {
  stdin: {
    contents: `module.exports = {${Object.entries(OCLIF_PARTS).map(([k, sub]) => `${k}: require('@oclif/core/${sub}')`).join(', ')}};`,
    resolveDir: root,
    loader: 'js',
  },
  plugins: [ordinalCommandSort],
  external: ['typescript', 'ts-node', 'tsx'],
});
// In the ESM bundle, `@oclif/core/<part>` is a small module that re-exports that part of the vendored copy.
const requireHere = createRequire(import.meta.url);
const oclifShim = {
  name: 'oclif-vendored',
  setup(b) {
    b.onResolve({ filter: /^@oclif\/core(\/.*)?$/ }, (args) => {
      const part = args.path === '@oclif/core' ? undefined : args.path.slice('@oclif/core/'.length);
      if (!part || !(part in OCLIF_PARTS)) throw new Error(`bundle: ${args.importer} imports ${args.path}; add it to OCLIF_PARTS`);
      return { path: part, namespace: 'oclif-vendored' };
    });
    b.onLoad({ filter: /.*/, namespace: 'oclif-vendored' }, (args) => {
      const names = Object.keys(requireHere(`@oclif/core/${args.path}`)).filter((n) => n !== 'default' && n !== '__esModule');
      return {
        contents: `import { createRequire } from 'node:module';\nconst part = createRequire(import.meta.url)('#oclif').${args.path};\nexport const { ${names.join(', ')} } = part;\n`,
        loader: 'js',
      };
    });
  },
};

const result = await build({
  entryPoints,
  plugins: [oclifShim],
  absWorkingDir: root,
  metafile: true,
  outdir: dist,
  outbase: dist,
  allowOverwrite: true,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunks/[name]-[hash]',
  external: EXTERNAL,
  logLevel: 'warning',
  legalComments: 'none',
});
// Only ESM is bundled: a CommonJS module in an ESM chunk gets esbuild's require shim, which
// throws at run time for Node built-ins. Fail the build instead.
for (const out of Object.keys(result.metafile.outputs)) {
  if (readFileSync(path.join(root, out), 'utf8').includes('Dynamic require of')) throw new Error(`bundle: ${out} bundles CommonJS code; make its package external`);
}

// The yaml package as one CommonJS file: required synchronously, and only when a fast path
// declines (src/core/yaml/lib.ts); one file loads in about 14 ms, its seventy modules in 40.
await vendor('yaml', 0, { entryPoints: [createRequire(import.meta.url).resolve('yaml')] });

// The commands, the command_not_found hook and bin/run.js's helpers, once more as one
// CommonJS file (dist/vendor/app.body.cjs) that load.cjs compiles with V8's code cache: Node 20
// has no code cache for ES modules, and resolving, reading and compiling a command's thirty-odd
// chunks took about 22 ms of every start (DOCKET-SPEC-006 §2.9). Each module runs only when its
// entry is first asked for (esbuild turns the entries' import() into lazy initialisers), and
// one copy of each serves every entry, so `instanceof` holds between them. The ESM entries
// written above become shims that take their exports from it. `import.meta.url` is the body's
// own URL.
const appEntries = entryPoints.map((abs) => path.relative(dist, abs).split(path.sep).join('/'));
await vendor('app', APP_DYNAMIC_IMPORTS, {
  stdin: { contents: `exports.load = {${appEntries.map((rel) => `${JSON.stringify(rel)}: () => import(${JSON.stringify(`./${rel}`)})`).join(', ')}};`, resolveDir: dist, loader: 'js' },
  external: EXTERNAL,
  define: { 'import.meta.url': '__docketMetaUrl' },
  banner: { js: 'var __docketMetaUrl = require("node:url").pathToFileURL(__filename).href;' },
});
for (const rel of appEntries) {
  const out = Object.entries(result.metafile.outputs).find(([file]) => path.resolve(root, file) === path.join(dist, rel));
  if (!out) throw new Error(`bundle: no output for ${rel}`);
  const names = out[1].exports;
  const app = path.posix.relative(path.posix.dirname(rel), 'vendor/app.cjs');
  writeFileSync(
    path.join(dist, rel),
    `// Written by scripts/bundle.js: this module is part of dist/vendor/app.body.cjs, loaded with V8's code cache.\n` +
      `import { createRequire } from 'node:module';\n` +
      `const m = await createRequire(import.meta.url)(${JSON.stringify(app.startsWith('.') ? app : `./${app}`)}).load[${JSON.stringify(rel)}]();\n` +
      (names.includes('default') ? 'export default m.default;\n' : '') +
      (names.some((n) => n !== 'default') ? `export const { ${names.filter((n) => n !== 'default').join(', ')} } = m;\n` : ''),
  );
}
// The chunks only the shims' old code imported are dead now.
const pruned = Object.keys(result.metafile.outputs).filter((out) => out.startsWith('dist/chunks/')).length;
rmSync(path.join(dist, 'chunks'), { recursive: true, force: true });
// What this build is, for the caches' fingerprints (src/core/fs/cache-dir.ts): the hash of
// every file in dist/, so code built from changed sources never trusts results an older build
// remembered, even under the same package version. The code caches (*.v8cache, written after
// this) are left out: they change no behaviour (load.cjs uses one only for the body it was
// made from), and V8 does not write them byte for byte the same twice.
const hash = createHash('sha256');
const files = [];
const list = (dir) => {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) list(abs);
    else if (e.name !== 'build-id' && !e.name.endsWith('.v8cache')) files.push(abs);
  }
};
list(dist);
for (const file of files.sort()) hash.update(path.relative(dist, file)).update('\0').update(readFileSync(file)).update('\0');
writeFileSync(path.join(dist, 'build-id'), `${hash.digest('hex')}\n`);
console.error(`bundle: ${entryPoints.length} entries, dist/vendor/{oclif,yaml,app}.body.cjs and their loaders, ${pruned} chunks removed, dist/build-id`);
