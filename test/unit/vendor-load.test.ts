import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

/**
 * src/vendor/load.cjs: vendored bundles compiled with V8's code cache, used only for the exact
 * bytes it was made from; anything else compiles the body as usual.
 */
interface Loaded {
  name: string;
  status: 'used' | 'rejected' | 'stale' | 'missing' | 'off';
  digest: Buffer;
  script: { createCachedData(): Buffer };
}
const { loadVendor, loaded, DIGEST_BYTES } = createRequire(import.meta.url)('../../src/vendor/load.cjs') as {
  loadVendor(dir: string, name: string, env?: NodeJS.ProcessEnv): Record<string, unknown>;
  loaded: Map<string, Loaded>;
  DIGEST_BYTES: number;
};

// A body as the build leaves it: dynamic import() renamed to the function load.cjs passes in.
const BODY = `'use strict';
const path = require('node:path');
exports.answer = 6 * 7;
exports.where = [path.basename(__filename), __dirname === path.dirname(module.filename)];
exports.platform = () => __docketImport('node:os').then((os) => os.platform());
`;

function vendorDir(body = BODY): string {
  const dir = tempDir('docket-vendor-');
  writeFileSync(path.join(dir, 'demo.body.cjs'), body);
  return dir;
}
const statusOf = (dir: string) => loaded.get(path.join(dir, 'demo.body.cjs'))!.status;
const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest();

/** Loads the body once without a cache and writes the cache a build would write. */
function writeCache(dir: string): void {
  loadVendor(dir, 'demo');
  const l = loaded.get(path.join(dir, 'demo.body.cjs'))!;
  writeFileSync(path.join(dir, 'demo.v8cache'), Buffer.concat([l.digest, l.script.createCachedData()]));
}

async function works(exports: Record<string, unknown>): Promise<void> {
  expect(exports.answer).toBe(42);
  expect(exports.where).toEqual(['demo.body.cjs', true]);
  // import() still works from code compiled with cached data (which loses Node's own hook).
  await expect((exports.platform as () => Promise<string>)()).resolves.toBe(process.platform);
}

describe('vendored bundles with a code cache', () => {
  it('uses a cache made from the same bytes', async () => {
    const dir = vendorDir();
    writeCache(dir);
    expect(statusOf(dir)).toBe('missing');
    const exports = loadVendor(dir, 'demo');
    expect(statusOf(dir)).toBe('used');
    await works(exports);
  });

  it('ignores a cache made from other bytes, even of the same length (V8 checks only the length)', async () => {
    const dir = vendorDir();
    writeCache(dir);
    const edited = BODY.replace('6 * 7', '7 * 6');
    expect(edited.length).toBe(BODY.length);
    writeFileSync(path.join(dir, 'demo.body.cjs'), edited);
    const exports = loadVendor(dir, 'demo');
    expect(statusOf(dir)).toBe('stale');
    await works(exports);
    expect(loaded.get(path.join(dir, 'demo.body.cjs'))!.digest.equals(sha256(edited))).toBe(true);
  });

  it('compiles as usual when V8 rejects the cache, when there is none, or when it is turned off', async () => {
    const dir = vendorDir();
    writeFileSync(path.join(dir, 'demo.v8cache'), Buffer.concat([sha256(BODY), Buffer.from('not a code cache at all, but long enough to be read')]));
    await works(loadVendor(dir, 'demo'));
    expect(statusOf(dir)).toBe('rejected');

    writeFileSync(path.join(dir, 'demo.v8cache'), sha256(BODY).subarray(0, DIGEST_BYTES - 1));
    await works(loadVendor(dir, 'demo'));
    expect(statusOf(dir)).toBe('stale');

    const bare = vendorDir();
    await works(loadVendor(bare, 'demo'));
    expect(statusOf(bare)).toBe('missing');

    writeCache(bare);
    await works(loadVendor(bare, 'demo', { DOCKET_CODE_CACHE: '0' }));
    expect(statusOf(bare)).toBe('off');
  });

  it('the build leaves caches this Node uses for oclif, yaml and docket\'s own bundle, and no dynamic import() in their bodies', () => {
    const script = `
      const { loaded } = require(${JSON.stringify(path.join(REPO, 'dist/vendor/load.cjs'))});
      for (const name of ['oclif', 'yaml', 'app']) require(${JSON.stringify(path.join(REPO, 'dist/vendor'))} + '/' + name + '.cjs');
      console.log(JSON.stringify([...loaded.values()].map((l) => [l.name, l.status])));`;
    const r = spawnSync(process.execPath, ['-e', script], { env: plainEnv(), encoding: 'utf8' });
    expect(r.stderr).toBe('');
    expect(JSON.parse(r.stdout)).toEqual([
      ['oclif', 'used'],
      ['yaml', 'used'],
      ['app', 'used'],
    ]);
    for (const name of ['oclif', 'yaml', 'app']) {
      const body = readFileSync(path.join(REPO, `dist/vendor/${name}.body.cjs`), 'utf8');
      expect(body.match(/(?<![\w$.'"`])import\((?!\))/g), name).toBeNull();
    }
  });

  it('a command runs from docket\'s own bundle with its cache, and the command files only point there', () => {
    // Reports, at exit, what each bundle this docket process loaded used.
    const preload = path.join(tempDir(), 'report.cjs');
    writeFileSync(preload, `const { loaded } = require(${JSON.stringify(path.join(REPO, 'dist/vendor/load.cjs'))});\nprocess.on('exit', () => process.stderr.write(JSON.stringify([...loaded.values()].map((l) => [l.name, l.status]))));\n`);
    const r = spawnSync(process.execPath, ['--require', preload, path.join(REPO, 'bin/run.js'), 'explain', 'FRONTMATTER_MISSING', '--format', 'json'], { env: plainEnv(), encoding: 'utf8' });
    expect(JSON.parse(r.stdout).success).toBe(true);
    // bin/run.js's topic guard is the first part of the bundle it asks for, before oclif.
    expect(JSON.parse(r.stderr)).toEqual([
      ['app', 'used'],
      ['oclif', 'used'],
    ]);
    const shim = readFileSync(path.join(REPO, 'dist/commands/explain.js'), 'utf8');
    expect(shim).toContain('("../vendor/app.cjs").load["commands/explain.js"]()');
    expect(shim).not.toMatch(/\bfrom\s*["']\./);
  });
});

/** The environment of a user's process: no Node options (they change V8's flag hash) and the caches on. */
function plainEnv(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  delete env.NODE_OPTIONS;
  delete env.DOCKET_CODE_CACHE;
  return env;
}
