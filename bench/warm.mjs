// V8's warm-up, measured in one process: `check` (no cache) run several times on one
// repository, each run right after a run of the floor (read and split every document, the
// same work as bench/floor-read.mjs) in the same process. The first check pays for compiling
// docket's code while it runs; the later ones show what a document costs once the code is
// optimised. Not part of `npm run bench`: it explains that table's check rows (DOCKET-SPEC-006).
//
// Usage: node bench/warm.mjs <repo> [--runs N] [--docket DIR]   (after `npm run build`; DIR: the
// checkout whose build is measured, by default the one this script is in)
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readAndSplit } from './floor-read.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { runs: { type: 'string', default: '5' }, docket: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) } },
});
if (positionals.length !== 1) {
  console.error('usage: node bench/warm.mjs <repo> [--runs N] [--docket DIR]');
  process.exit(64);
}
const root = path.resolve(positionals[0]);
const runs = Number(values.runs);
if (!Number.isInteger(runs) || runs < 2) {
  console.error('--runs must be an integer of at least 2');
  process.exit(64);
}
const { runCheck } = await import(pathToFileURL(path.resolve(values.docket, 'dist/core/usecases/check.js')).href);

const rows = [];
for (let k = 0; k < runs; k++) {
  let t = performance.now();
  const floor = readAndSplit(root);
  const floorMs = performance.now() - t;
  t = performance.now();
  const result = await runCheck(root, { cache: false, paths: [] });
  const checkMs = performance.now() - t;
  if (k === 0 && result.data.files_checked !== floor.files)
    console.error(
      `warning: check read ${result.data.files_checked} documents and the floor ${floor.files} (the floor reads every .md under docs/ and services/): the ratios compare different work`,
    );
  rows.push({ floorMs, checkMs });
}

const f = (ms) => ms.toFixed(0);
console.log(`| Run | Floor ms | Check ms | x floor |\n| ---: | ---: | ---: | ---: |`);
rows.forEach((r, k) => console.log(`| ${k + 1} | ${f(r.floorMs)} | ${f(r.checkMs)} | ${(r.checkMs / r.floorMs).toFixed(2)} |`));
const later = rows
  .slice(Math.min(2, runs - 1))
  .map((r) => r.checkMs)
  .sort((a, b) => a - b);
const warm = later[later.length >> 1];
console.log(
  `\n${positionals[0]}: ${rows.length} runs in one process; the first check took ${f(rows[0].checkMs)} ms, the later ones (from run ${Math.min(3, runs)}) ${f(warm)} ms (median): warm-up ${f(rows[0].checkMs - warm)} ms.`,
);
