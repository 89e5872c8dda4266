import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { keepFreedMemory } from '../../src/cli/malloc-tuning.js';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT = pathToFileURL(path.join(REPO, 'dist/cli/malloc-tuning.js')).href;
const glibc = process.platform === 'linux' && Boolean((process.report.getReport() as { header?: { glibcVersionRuntime?: string } }).header?.glibcVersionRuntime);

/**
 * A child that frees and allocates zlib's buffers (about 260 KiB each, malloc'd and freed per
 * call, as V8's compiler threads do with their zones), after keepFreedMemory or not, and
 * prints the page faults and the bytes of its output.
 */
function churn(tuned: boolean): { faults: number; digest: string } {
  const script = `
    import { createHash } from 'node:crypto';
    import zlib from 'node:zlib';
    const { keepFreedMemory } = await import(${JSON.stringify(BUILT)});
    ${tuned ? 'keepFreedMemory({}, "linux");' : ''}
    globalThis.gc();
    const input = Buffer.alloc(4096, 7);
    const hash = createHash('sha256');
    const before = process.resourceUsage().minorPageFault;
    for (let i = 0; i < 300; i++) hash.update(zlib.deflateSync(input));
    process.stdout.write(JSON.stringify({ faults: process.resourceUsage().minorPageFault - before, digest: hash.digest('hex') }));
  `;
  // glibc raises its thresholds by itself the first time any mapped block is freed (a
  // compiler thread's zone, say): under load that sometimes happened before the loop (1,461
  // faults instead of about 7,300 in one run). The plain child pins the defaults (a tunable
  // also turns that rule off), so it measures what keepFreedMemory changes, every time.
  const env = tuned ? process.env : { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072' };
  const child = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', env });
  expect(child.stderr).toBe('');
  return JSON.parse(child.stdout) as { faults: number; digest: string };
}

describe('keepFreedMemory', () => {
  it('allocates its block on Linux only, and not with DOCKET_MALLOC_TUNING=0', () => {
    expect(keepFreedMemory({}, 'linux')).toBe(true);
    expect(keepFreedMemory({ DOCKET_MALLOC_TUNING: '1' }, 'linux')).toBe(true);
    expect(keepFreedMemory({ DOCKET_MALLOC_TUNING: '0' }, 'linux')).toBe(false);
    expect(keepFreedMemory({}, 'darwin')).toBe(false);
    expect(keepFreedMemory({}, 'win32')).toBe(false);
  });

  // glibc only: elsewhere the block changes nothing, which is the point of running there.
  it.runIf(glibc)('stops glibc from returning freed blocks to the kernel (page faults of the same work fall by half or more)', () => {
    // Even so, a busy machine sometimes keeps the plain child from churning at all (1 run in 30
    // with both CPUs loaded, 1,460 faults; one CI run failed so): up to three runs measure it.
    let plain = churn(false);
    for (let k = 0; k < 2 && plain.faults <= 3000; k++) plain = churn(false);
    const tuned = churn(true);
    expect(tuned.digest).toBe(plain.digest);
    // Measured: about 7,500 faults without, 1,500 with (300 calls of about 60 pages each).
    expect(plain.faults).toBeGreaterThan(3000);
    expect(tuned.faults).toBeLessThan(plain.faults / 2);
  });
});
