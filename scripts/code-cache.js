// Writes V8's code caches of the vendored bundles and of docket's own (dist/vendor/*.v8cache, see
// src/vendor/load.cjs) by running what a user runs: docket's commands on the bundled example
// repository, and the yaml package on a frontmatter the fast path declines. Each run starts
// from the cache the previous one wrote and adds what it compiled.
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vendorDir = path.join(root, 'dist/vendor');
const preload = path.join(root, 'scripts/code-cache-preload.cjs');
const example = path.join(root, 'examples/handbook');
const bin = path.join(root, 'bin/run.js');
const env = { ...process.env, DOCKET_RUN_ID: '00000000-0000-4000-8000-000000000000', NO_COLOR: '1' };
for (const k of Object.keys(env)) if (k.startsWith('DOCKET_') && k !== 'DOCKET_RUN_ID') delete env[k];
delete env.NODE_OPTIONS; // flags change V8's flag hash: the cache would only fit this build's own runs

const YAML_SAMPLE = `document_id: "ACME-ADR-001"\ntitle: 'Use: YAML'\nkeywords: [a, b]\nowner: |\n  someone\nrelated_ids:\n  - ACME-ADR-002 # a comment\n`;
const runs = [
  ['context', '--format', 'json'],
  ['check', '--no-cache', '--format', 'json'],
  ['check', '--no-cache'],
  ['explain', 'FRONTMATTER_MISSING'],
  ['check', '--help'],
  ['-e', `const Y = require(${JSON.stringify(path.join(vendorDir, 'yaml.cjs'))}); const d = Y.parseDocument(${JSON.stringify(YAML_SAMPLE)}, { uniqueKeys: true, maxAliasCount: 0, prettyErrors: false }); d.toJS(); String(d); Y.stringify(d.toJS());`],
];

const NAMES = ['oclif', 'yaml', 'app'];
for (const name of NAMES) rmSync(path.join(vendorDir, `${name}.v8cache`), { force: true });
for (const args of runs) {
  const argv = args[0] === '-e' ? ['--require', preload, ...args] : ['--require', preload, bin, ...args];
  const r = spawnSync(process.execPath, argv, { cwd: example, env, encoding: 'utf8' });
  if (r.status === null || r.status > 1) throw new Error(`code-cache: ${args.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
}
for (const name of NAMES) if (!existsSync(path.join(vendorDir, `${name}.v8cache`))) throw new Error(`code-cache: no run loaded ${name}, so it has no cache`);
console.error(`code-cache: ${NAMES.map((n) => `dist/vendor/${n}.v8cache`).join(', ')} (test/unit/vendor-load.test.ts checks that a fresh process uses them)`);
