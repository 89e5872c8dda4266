'use strict';
/**
 * Loads a vendored bundle (dist/vendor/<name>.body.cjs, written by scripts/bundle.js) with
 * V8's code cache (dist/vendor/<name>.v8cache, written by scripts/code-cache.js), so a start
 * does not compile oclif again: its bytecode is deserialised instead (about 20 ms less per
 * command on the benchmark machine). Plain CommonJS, copied as is to dist/vendor/load.cjs.
 *
 * The cache is only an optimisation and never decides what runs:
 * - it is used only when its first 32 bytes are the SHA-256 of the body being loaded (V8's
 *   own check compares the source's length, not its text, so an edited body of the same
 *   length would otherwise run the old code);
 * - V8 rejects it for another V8 version or other flags, and the body is compiled as usual;
 * - DOCKET_CODE_CACHE=0 turns it off.
 * Nothing here writes: the build's preload (scripts/code-cache-preload.cjs) reads `loaded` to
 * write the caches.
 *
 * A script compiled with cached data loses Node's dynamic import() hook, so the bundle's
 * `import(x)` calls are renamed `__docketImport(x)` by the build and get a function of this
 * module, which can import.
 */
const { createHash } = require('node:crypto');
const { readFileSync } = require('node:fs');
const { createRequire } = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const DIGEST_BYTES = 32;
const WRAPPER_HEAD = '(function (exports, require, module, __filename, __dirname, __docketImport) { ';
const WRAPPER_TAIL = '\n})';

/** What each load did, by body path: for the build (to write caches) and for tests. */
const loaded = new Map();

const importHere = (specifier) => import(specifier);

/**
 * The exports of `<dir>/<name>.body.cjs`, compiled with `<dir>/<name>.v8cache` when that
 * cache belongs to these exact bytes.
 */
function loadVendor(dir, name, env = process.env) {
  const file = path.join(dir, `${name}.body.cjs`);
  const bytes = readFileSync(file);
  const digest = createHash('sha256').update(bytes).digest();
  const source = bytes.toString('utf8');
  let cachedData;
  let status = 'off';
  if (env.DOCKET_CODE_CACHE !== '0') {
    status = 'missing';
    try {
      const cache = readFileSync(path.join(dir, `${name}.v8cache`));
      if (cache.length > DIGEST_BYTES && cache.subarray(0, DIGEST_BYTES).equals(digest)) cachedData = cache.subarray(DIGEST_BYTES);
      else status = 'stale';
    } catch {
      // no cache: compiled as usual
    }
  }
  const script = new vm.Script(WRAPPER_HEAD + source + WRAPPER_TAIL, { filename: file, ...(cachedData ? { cachedData } : {}) });
  if (cachedData) status = script.cachedDataRejected ? 'rejected' : 'used';
  const module = { exports: {}, filename: file, id: file, loaded: false };
  loaded.set(file, { name, dir, digest, script, status });
  script.runInThisContext().call(module.exports, module.exports, createRequire(file), module, file, dir, importHere);
  module.loaded = true;
  return module.exports;
}

module.exports = { loadVendor, loaded, DIGEST_BYTES };
