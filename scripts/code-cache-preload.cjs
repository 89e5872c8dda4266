'use strict';
// Preloaded (`node --require`) by scripts/code-cache.js into the runs that write V8's code
// caches of the vendored bundles: at exit, each bundle this process loaded gets a cache of
// everything compiled so far, behind the SHA-256 of its body (see src/vendor/load.cjs).
const { writeFileSync } = require('node:fs');
const path = require('node:path');
const { isMainThread } = require('node:worker_threads');

if (isMainThread) {
  const { loaded } = require(path.join(__dirname, '../dist/vendor/load.cjs'));
  process.on('exit', () => {
    for (const l of loaded.values()) writeFileSync(path.join(l.dir, `${l.name}.v8cache`), Buffer.concat([l.digest, l.script.createCachedData()]));
  });
}
