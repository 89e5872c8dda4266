// V8's deoptimisations in one docket run, each with the source expression behind it: a function
// thrown away costs a second compile job on a busy CPU and a stretch in slower tiers
// (DOCKET-SPEC-006 §3.12). Not part of `npm run bench`: a diagnostic for changes to the
// per-document code. Runs `node --trace-deopt-verbose` and maps each `;;; deoptimize at`
// position to the bundle's text.
//
// Usage: node bench/deopts.mjs <repo> [--runs N] [--docket DIR] [-- docket arguments]
//   (after `npm run build`; default arguments: check --format json --no-cache)
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const split = process.argv.indexOf('--');
const own = split === -1 ? process.argv.slice(2) : process.argv.slice(2, split);
const docketArgs = split === -1 ? ['check', '--format', 'json', '--no-cache'] : process.argv.slice(split + 1);
const { values, positionals } = parseArgs({
  args: own,
  allowPositionals: true,
  options: { runs: { type: 'string', default: '3' }, docket: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) } },
});
const runs = Number(values.runs);
if (positionals.length !== 1 || !Number.isInteger(runs) || runs < 1) {
  console.error('usage: node bench/deopts.mjs <repo> [--runs N] [--docket DIR] [-- docket arguments]');
  process.exit(64);
}
const bin = path.resolve(values.docket, 'bin/run.js');
const sources = new Map();
const lineOf = (file, line) => {
  if (!sources.has(file)) {
    try {
      sources.set(file, readFileSync(file, 'utf8').split('\n'));
    } catch {
      sources.set(file, []);
    }
  }
  return sources.get(file)[line - 1] ?? '';
};
const BAILOUT = /^\[bailout \(kind: ([^,]*), reason: (.*?)\): begin\. deoptimizing 0x\w+ <JSFunction ?([^ >]*)/;
const AT = /;;; deoptimize at <([^>]*):(\d+):(\d+)>/;

/** What one run deoptimised: "function | reason | expression" lines (an expression cut at its position, marked ⟦). */
function deopts() {
  const r = spawnSync(process.execPath, ['--trace-deopt-verbose', bin, ...docketArgs], {
    cwd: path.resolve(positionals[0]),
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const found = [];
  let current;
  for (const line of `${r.stdout}\n${r.stderr}`.split('\n')) {
    const b = BAILOUT.exec(line);
    if (b) {
      if (current) found.push(`${current} | (no position: ${b[1]})`);
      current = `${b[3] || '(anonymous)'} | ${b[2]}`;
      continue;
    }
    const at = AT.exec(line);
    if (at && current) {
      const text = lineOf(at[1], Number(at[2]));
      const col = Number(at[3]) - 1;
      found.push(`${current} | ${text.slice(Math.max(0, col - 50), col)}⟦${text.slice(col, col + 40)}`);
      current = undefined;
    }
  }
  if (current) found.push(`${current} | (no position)`);
  return found;
}

const counts = new Map();
for (let k = 0; k < runs; k++) {
  const found = deopts();
  console.log(`run ${k + 1}: ${found.length} deoptimisations`);
  for (const d of new Set(found)) counts.set(d, (counts.get(d) ?? 0) + 1);
}
console.log(`\nIn how many of ${runs} runs each one happened:`);
for (const [d, n] of [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) console.log(`${String(n).padStart(3)}  ${d}`);
