// Benchmark harness: `npm run bench [-- --sizes 1000,10000 --runs 5 --warmup 1 --label name]`.
// Measures wall time (median and spread) and peak RSS of docket scenarios against the floor
// measured in the same run, and writes a Markdown table to bench/results/.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateRepo } from './generate.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
const BIN = path.join(REPO, 'bin/run.js');
const PROBE = path.join(REPO, 'bench/rss-probe.cjs');
const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i === -1 ? fallback : args[i + 1];
};
const sizes = arg('sizes', '1000,10000').split(',').map(Number);
const runs = Number(arg('runs', '5'));
const warmup = Number(arg('warmup', '1'));
const label = arg('label', 'latest');
const work = arg('workdir', path.join(os.tmpdir(), 'docket-bench'));
const manifest = JSON.parse(readFileSync(path.join(REPO, 'oclif.manifest.json'), 'utf8'));
const has = (id) => Boolean(manifest.commands[id]);
const env = { ...process.env, DOCKET_RUN_ID: '00000000-0000-4000-8000-000000000000', NO_COLOR: '1' };
for (const k of Object.keys(env)) if (k.startsWith('DOCKET_') && k !== 'DOCKET_RUN_ID') delete env[k];

function once(argv, cwd) {
  const rssFile = path.join(work, `rss-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', PROBE, ...argv], { cwd, env: { ...env, BENCH_RSS_FILE: rssFile }, encoding: 'utf8', maxBuffer: 1 << 30 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rss = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : NaN;
  if (r.status === null || r.status > 1) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return { ms, rss, stdout: r.stdout };
}

function measure(argv, cwd, setup) {
  for (let i = 0; i < warmup; i++) {
    setup?.();
    once(argv, cwd);
  }
  const samples = [];
  for (let i = 0; i < runs; i++) {
    setup?.();
    samples.push(once(argv, cwd));
  }
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  return {
    median: times.length % 2 ? times[mid] : (times[mid - 1] + times[mid]) / 2,
    min: times[0],
    max: times[times.length - 1],
    rss: Math.max(...samples.map((s) => s.rss)),
    stdout: samples[samples.length - 1].stdout,
  };
}

const rows = [];
function record(size, scenario, result, floor) {
  rows.push({ size, scenario, ...result, ratio: floor ? result.median / floor.median : undefined, floorMs: floor?.median });
  const f = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  console.error(`  ${scenario.padEnd(28)} ${f(result.median).padStart(7)} ms  (${f(result.min)}-${f(result.max)})  ${f(result.rss / 1048576)} MB${floor ? `  ${(result.median / floor.median).toFixed(2)}x floor` : ''}`);
}
function unavailable(size, scenario, why) {
  rows.push({ size, scenario, na: why });
  console.error(`  ${scenario.padEnd(28)} n/a (${why})`);
}

mkdirSync(work, { recursive: true });
const nodeFloor = measure(['-e', '0'], REPO);
record('-', 'startup floor: node -e 0', nodeFloor);
record('-', 'docket --version', measure([BIN, '--version'], REPO), nodeFloor);
for (const size of sizes) {
  console.error(`size ${size}:`);
  const clean = path.join(work, `clean-${size}`);
  const dirty = path.join(work, `dirty-${size}`);
  if (!existsSync(path.join(clean, 'docops.config.yaml'))) generateRepo(clean, { docs: size, seed: 1 });
  if (!existsSync(path.join(dirty, 'docops.config.yaml'))) generateRepo(dirty, { docs: size, seed: 1, violations: 5 });
  if (size === sizes[0]) record(size, 'docket context --format json', measure([BIN, 'context', '--format', 'json'], clean), nodeFloor);
  const floor = measure([path.join(REPO, 'bench/floor-read.mjs'), clean], REPO);
  record(size, 'floor: read + split', floor);
  for (const [name, cwd, extra] of [['check (clean)', clean, []], ['check (5% violations)', dirty, []], ['check --format ndjson', clean, ['--format', 'ndjson']]]) {
    if (!has('check')) unavailable(size, name, 'no check command');
    else if (extra.includes('ndjson') && !(manifest.commands.check.formats ?? []).includes('ndjson')) unavailable(size, name, 'no ndjson format');
    else record(size, name, measure([BIN, 'check', ...(extra.length ? extra : ['--format', 'json'])], cwd), floor);
  }
  if (!has('index')) {
    for (const s of ['index cold', 'index no change', 'index after one change']) unavailable(size, s, 'no index command');
    continue;
  }
  const cold = () => {
    rmSync(path.join(clean, '.docket'), { recursive: true, force: true });
    rmSync(path.join(clean, 'docs/01-indices'), { recursive: true, force: true });
  };
  record(size, 'index cold', measure([BIN, 'index', '--format', 'json'], clean, cold), floor);
  once([BIN, 'index', '--format', 'json'], clean);
  record(size, 'index no change', measure([BIN, 'index', '--format', 'json'], clean), floor);
  const victim = path.join(clean, 'docs/00-governance/metadata.schema.json');
  const touchOne = () => {
    const first = manifest && spawnSync('find', [path.join(clean, 'docs/45-adr'), '-name', '*.md', '-print', '-quit'], { encoding: 'utf8' }).stdout.trim();
    appendFileSync(first || victim, '\n');
  };
  record(size, 'index after one change', measure([BIN, 'index', '--format', 'json'], clean, touchOne), floor);
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const table = [
  `# docket benchmark (${label})`,
  '',
  `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${runs} runs after ${warmup} warm-up. Times are wall-clock milliseconds; "x floor" compares the median to the floor measured in the same run (\`node -e 0\` for start-up, reading and splitting every document for check/index).`,
  '',
  '| Size | Scenario | Median ms | Min–max ms | Peak RSS MB | x floor |',
  '| ---: | --- | ---: | --- | ---: | ---: |',
  ...rows.map((r) => (r.na ? `| ${r.size} | ${r.scenario} | n/a | ${r.na} | | |` : `| ${r.size} | ${r.scenario} | ${fmt(r.median)} | ${fmt(r.min)}–${fmt(r.max)} | ${fmt(r.rss / 1048576)} | ${r.ratio ? fmt(r.ratio, 2) : ''} |`)),
  '',
].join('\n');
mkdirSync(path.join(REPO, 'bench/results'), { recursive: true });
writeFileSync(path.join(REPO, 'bench/results', `${label}.md`), table);
process.stdout.write(table);
