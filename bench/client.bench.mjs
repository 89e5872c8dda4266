// Benchmark of the client library (npm run bench:client): parse, validate, batch of 100.
// Medians over repetitions after a warm-up; the cold first call is measured in a fresh process.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/run.js');
const env = { ...process.env, DOCKET_RUN_ID: '00000000-0000-4000-8000-000000000000' };
delete env.DOCKET_FORMAT;
const cli = (args) => {
  try {
    return execFileSync(process.execPath, [BIN, ...args, '--format', 'json'], { env, encoding: 'utf8' });
  } catch (error) {
    return error.stdout; // non-zero exits still print their envelope
  }
};

if (process.argv[2] === '--cold') {
  // A fresh process: import, then the first validating parse (loads ajv, compiles the schemas).
  const line = process.argv[3];
  let t = performance.now();
  const lib = await import('../dist/lib/index.js');
  const importMs = performance.now() - t;
  t = performance.now();
  const r = lib.parseEnvelope(line);
  const firstMs = performance.now() - t;
  if (!r.ok) throw r.error;
  console.log(JSON.stringify({ importMs, firstMs }));
  process.exit(0);
}

const { parseEnvelope, parseEnvelopes } = await import('../dist/lib/index.js');

const repo = mkdtempSync(path.join(os.tmpdir(), 'docket-bench-'));
cli(['init', '--root', repo, '--prefix', 'ACME']);
const samples = {
  doctor: cli(['doctor', '--root', repo]),
  'context --deep': cli(['context', '--deep', '--root', path.join(REPO, 'examples/handbook')]),
  'explain CODE': cli(['explain', 'CONFIG_NOT_FOUND']),
  'explain --list': cli(['explain', '--list']),
  capabilities: cli(['capabilities']),
};
for (const [name, line] of Object.entries(samples)) {
  const r = parseEnvelope(line);
  if (!r.ok) throw new Error(`${name}: ${r.error.code} ${r.error.message}`);
}

function median(fn, { warmup = 50, reps = 300 } = {}) {
  for (let i = 0; i < warmup; i++) fn();
  const times = [];
  for (let i = 0; i < reps; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

const fmt = (ms) => `${ms < 1 ? ms.toFixed(3) : ms.toFixed(2)} ms`;
const rows = [];
for (const [name, line] of Object.entries(samples)) {
  const parse = median(() => parseEnvelope(line, { validate: false }));
  const validate = median(() => parseEnvelope(line));
  rows.push([name, `${(Buffer.byteLength(line) / 1024).toFixed(1)} KiB`, fmt(parse.median), fmt(validate.median), fmt(validate.p95)]);
}
const lines = Object.values(samples);
const batch = Array.from({ length: 100 }, (_, i) => lines[i % lines.length]);
const batchTime = median(() => parseEnvelopes(batch), { warmup: 5, reps: 30 });
const colds = Array.from({ length: 5 }, () =>
  JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--cold', samples.doctor], { encoding: 'utf8' })),
);
const coldMedian = (key) => colds.map((c) => c[key]).sort((a, b) => a - b)[2];

console.log(`docket client benchmark (node ${process.versions.node}, ${os.cpus().length} cores)`);
console.log('');
console.log('| envelope | size | parse (median) | parse + validate (median) | parse + validate (p95) |');
console.log('| --- | --- | --- | --- | --- |');
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log('');
console.log(
  `batch of 100 outputs (mixed, ${(batch.reduce((n, l) => n + Buffer.byteLength(l), 0) / 1024).toFixed(0)} KiB), parse + validate: median ${fmt(batchTime.median)}, p95 ${fmt(batchTime.p95)} (target < 100 ms)`,
);
console.log(
  `cold, fresh process (median of 5): import ${fmt(coldMedian('importMs'))}, first parse + validate ${fmt(coldMedian('firstMs'))} (loads the validators precompiled by npm run build)`,
);
console.log('targets: parse one < 10 ms, validate one < 50 ms, 100 outputs < 100 ms');
