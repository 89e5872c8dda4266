// Benchmark harness: `npm run bench [-- --sizes 1000,10000 --runs 5 --warmup 1 --label name]`.
// Measures wall time (median and spread) and peak RSS of docket scenarios against the floor
// measured in the same run, and writes a Markdown table to bench/results/.
// `--docket DIR` measures another checkout's bin/run.js (e.g. main, for a baseline) on the
// same generated repositories.
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { GENERATOR_VERSION, generateRepo } from './generate.mjs';
import { railsSection } from './rails.mjs';
import { removable, unnamed } from './removable.mjs';
import { stateRows } from './state.mjs';
import { lspRows } from './lsp.mjs';

const REPO = fileURLToPath(new URL('..', import.meta.url));
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
const work = path.resolve(arg('workdir', path.join(os.tmpdir(), 'docket-bench')));
const DOCKET = path.resolve(arg('docket', REPO));
const BIN = path.join(DOCKET, 'bin/run.js');
const startup = arg('startup', 'yes') !== 'no';
const SMALL = path.join(REPO, 'examples/handbook');
const manifest = JSON.parse(readFileSync(path.join(DOCKET, 'oclif.manifest.json'), 'utf8'));
const has = (id) => Boolean(manifest.commands[id]);
const hasFlag = (id, flag) => Boolean(manifest.commands[id]?.flags?.[flag]);
const env = { ...process.env, DOCKET_RUN_ID: '00000000-0000-4000-8000-000000000000', NO_COLOR: '1' };
for (const k of Object.keys(env)) if (k.startsWith('DOCKET_') && k !== 'DOCKET_RUN_ID') delete env[k];

/** CPU time counters from /proc/stat (Linux), for --idle. */
function cpuTimes() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    return { idle: f[3] + (f[4] ?? 0), total: f.reduce((a, b) => a + b, 0) };
  } catch {
    return undefined;
  }
}
const idleWait = args.includes('--idle');
/** --idle: before each sample, wait (up to a minute) until other processes leave the CPUs at least 90% idle for 300 ms. */
function waitForIdle() {
  if (!idleWait) return;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const a = cpuTimes();
    if (!a) return;
    spawnSync('sleep', ['0.3']);
    const b = cpuTimes();
    if ((b.idle - a.idle) / Math.max(1, b.total - a.total) >= 0.9) return;
  }
}

function once(argv, cwd) {
  waitForIdle();
  const rssFile = path.join(work, `rss-${process.pid}.txt`);
  rmSync(rssFile, { force: true });
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, ['--require', PROBE, ...argv], {
    cwd,
    env: { ...env, BENCH_RSS_FILE: rssFile },
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  const rss = existsSync(rssFile) ? Number(readFileSync(rssFile, 'utf8')) : NaN;
  if (r.status === null || r.status > 1) throw new Error(`${argv.join(' ')} exited ${r.status}: ${r.stderr.slice(0, 500)}`);
  return { ms, rss, stdout: r.stdout, status: r.status };
}

const median = (values) => {
  const v = [...values].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
};

/**
 * Runs a scenario `runs` times after `warmup` runs. With `floor` (a measured floor: its argv and
 * cwd), every measured run is preceded by a run of the floor, and `ratio` is the median of the
 * runs' own ratios: the speed of a shared or virtual machine drifts by tens of percent within
 * minutes, and a floor measured at the start of a size would carry that drift into every ratio.
 */
function measure(argv, cwd, setup, floor) {
  for (let i = 0; i < warmup; i++) {
    setup?.();
    once(argv, cwd);
  }
  const samples = [];
  const ratios = [];
  for (let i = 0; i < runs; i++) {
    const base = floor ? once(floor.argv, floor.cwd).ms : undefined;
    setup?.();
    const sample = once(argv, cwd);
    samples.push(sample);
    if (base) ratios.push(sample.ms / base);
  }
  const times = samples.map((s) => s.ms).sort((a, b) => a - b);
  return {
    median: median(times),
    ...(ratios.length ? { ratio: median(ratios) } : {}),
    min: times[0],
    max: times[times.length - 1],
    rss: Math.max(...samples.map((s) => s.rss)),
    stdout: samples[samples.length - 1].stdout,
    status: samples[samples.length - 1].status,
  };
}

/** A scenario that measures the wrong thing is worse than none: check what each run answered. */
function expect(scenario, ok, what) {
  if (!ok) throw new Error(`benchmark sanity check failed for "${scenario}": ${what}`);
}
const envelope = (r) => JSON.parse(r.stdout);
function ndjsonSummary(r) {
  const lines = r.stdout.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]);
}

/** Every Markdown file of a generated repository (outside .docket). */
function markdownFiles(root) {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.name === '.docket') continue;
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.md')) out.push(p);
    }
  };
  walk(root);
  return out;
}

const rows = [];
/** A row of the table; its ratio is the one measure paired with a floor (none for the floors). */
function record(size, scenario, result) {
  const ratio = result.ratio;
  rows.push({ size, scenario, ...result });
  const f = (n) => (Number.isFinite(n) ? n.toFixed(0) : '-');
  console.error(
    `  ${scenario.padEnd(30)} ${f(result.median).padStart(7)} ms  (${f(result.min)}-${f(result.max)})  ${f(result.rss / 1048576)} MB${ratio ? `  ${ratio.toFixed(2)}x floor` : ''}`,
  );
}
function unavailable(size, scenario, why) {
  rows.push({ size, scenario, na: why });
  console.error(`  ${scenario.padEnd(30)} n/a (${why})`);
}

/** Generated repositories are cached; a stamp says which generator version and options made them. */
function ensureRepo(dir, options) {
  const stamp = path.join(dir, '.bench-stamp');
  const want = JSON.stringify({ generator: GENERATOR_VERSION, ...options });
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === want) return;
  console.error(`  generating ${path.basename(dir)} ...`);
  generateRepo(dir, options);
  writeFileSync(stamp, want);
}

mkdirSync(work, { recursive: true });
console.error(`docket: ${BIN}`);
if (startup) {
  console.error('start-up:');
  const nodeFloor = measure(['-e', '0'], REPO);
  const startFloor = { argv: ['-e', '0'], cwd: REPO };
  record('-', 'startup floor: node -e 0', nodeFloor);
  record('-', 'docket --version', measure([BIN, '--version'], REPO, undefined, startFloor));
  const context = measure([BIN, 'context', '--format', 'json'], SMALL, undefined, startFloor);
  expect('context', envelope(context).success === true, 'context did not succeed');
  record('-', 'docket context --format json', context);
  const small = measure([BIN, 'check', '--format', 'json'], SMALL, undefined, startFloor);
  expect('check (handbook)', envelope(small).data.files_checked > 0, 'the example repository checked no file');
  record('-', `check, ${envelope(small).data.files_checked} documents (handbook)`, small);
}
for (const size of sizes) {
  console.error(`size ${size}:`);
  const clean = path.join(work, `clean-${size}`);
  const dirty = path.join(work, `dirty-${size}`);
  ensureRepo(clean, { docs: size, seed: 1 });
  ensureRepo(dirty, { docs: size, seed: 1, violations: 5 });
  const floorRun = { argv: [path.join(REPO, 'bench/floor-read.mjs'), clean], cwd: REPO };
  const floor = measure(floorRun.argv, floorRun.cwd);
  expect('floor', JSON.parse(floor.stdout).files === size, `the floor read ${floor.stdout.trim()}, not ${size} files`);
  record(size, 'floor: read + split', floor);
  if (!has('check')) {
    for (const s of ['check (clean)', 'check (5% violations)', 'check --format ndjson']) unavailable(size, s, 'no check command');
  } else {
    // With a check cache (--no-cache exists), cold rows read every document and cached rows
    // run after a warm-up that filled the cache; older builds have only the cold kind.
    const cached = 'no-cache' in (manifest.commands.check.flags ?? {});
    const kinds = cached
      ? [
          [', cold', ['--no-cache']],
          [', cached', []],
        ]
      : [['', []]];
    for (const [suffix, extra] of kinds) {
      const c = measure([BIN, 'check', '--format', 'json', ...extra], clean, undefined, floorRun);
      const ce = envelope(c);
      expect(
        'check (clean)',
        ce.success && ce.data.files_checked === size && ce.violations.length === 0 && ce.warnings.length === 0,
        `expected ${size} clean files, got ${ce.data?.files_checked} files, ${ce.violations?.length} violations, ${ce.warnings?.length} warnings`,
      );
      record(size, `check (clean${suffix})`, c);
      const d = measure([BIN, 'check', '--format', 'json', ...extra], dirty, undefined, floorRun);
      const de = envelope(d);
      expect('check (5% violations)', d.status === 1 && de.violations.length > 0, 'the dirty repository had no violations');
      record(size, `check (5% violations${suffix})`, d);
      if (!(manifest.commands.check.formats ?? []).includes('ndjson')) unavailable(size, 'check --format ndjson', 'no ndjson format');
      else {
        const n = measure([BIN, 'check', '--format', 'ndjson', ...extra], clean, undefined, floorRun);
        const s = ndjsonSummary(n);
        expect(
          'check --format ndjson',
          s.record === 'summary' && s.success === true,
          `the stream ended with ${JSON.stringify(s).slice(0, 200)}`,
        );
        record(size, `check --format ndjson${suffix ? ` (${suffix.slice(2)})` : ''}`, n);
      }
    }
    // A fresh checkout with a restored cache: every mtime new, every byte the same.
    if ('cache-strategy' in (manifest.commands.check.flags ?? {})) {
      const argv = [BIN, 'check', '--format', 'json', '--cache-strategy', 'content'];
      const docs = markdownFiles(clean);
      let stamp = Date.now() / 1000 - 3600;
      const touch = () => {
        stamp += 1;
        for (const f of docs) utimesSync(f, stamp, stamp);
        // Write the dirtied inodes back now, not during the measured run (single 100k runs took 3x as long).
        spawnSync('sync');
      };
      touch();
      once(argv, clean); // the cached rows' lines have no digest (metadata strategy): this run adds them
      const t = measure(argv, clean, touch, floorRun);
      const te = envelope(t);
      expect(
        'check (clean, touched, content cache)',
        te.success && te.data.files_checked === size && te.violations.length === 0,
        `expected ${size} clean files, got ${JSON.stringify(te.data?.files_checked)}`,
      );
      const lines = readFileSync(path.join(clean, '.docket/cache/check.ndjson'), 'utf8').trim().split('\n').slice(1);
      expect(
        'check (clean, touched, content cache)',
        lines.length === size && lines.every((l) => /^[^\t]*\t\d+\t[\d.]+\t[0-9a-f]{64}\t/.test(l)),
        'the cache does not hold a digest for every document',
      );
      record(size, 'check (clean, touched, content cache)', t);
    }
  }
  if (!has('index')) {
    for (const s of [
      'index cold',
      'index no change',
      'index after one change',
      'index after one metadata edit',
      'index after one new link',
      'index after a removal and the edits naming it',
    ])
      unavailable(size, s, 'no index command');
    continue;
  }
  const cold = () => {
    rmSync(path.join(clean, '.docket'), { recursive: true, force: true });
    rmSync(path.join(clean, 'docs/01-indices'), { recursive: true, force: true });
  };
  const ic = measure([BIN, 'index', '--format', 'json'], clean, cold, floorRun);
  expect(
    'index cold',
    envelope(ic).data.written === true && envelope(ic).data.node_count === size,
    `cold index: ${JSON.stringify(envelope(ic).data)}`,
  );
  record(size, 'index cold', ic);
  // With 5% violations: duplicate IDs (exit 1), skipped documents, and dangling relations, each of
  // which asks for the nearest known ID (10k: about 200 questions over 10,000 IDs).
  const dirtyCold = () => {
    rmSync(path.join(dirty, '.docket'), { recursive: true, force: true });
    rmSync(path.join(dirty, 'docs/01-indices'), { recursive: true, force: true });
  };
  const id = measure([BIN, 'index', '--format', 'json'], dirty, dirtyCold, floorRun);
  const ide = envelope(id);
  expect(
    'index cold (5% violations)',
    id.status === 1 && ide.warnings.some((w) => w.code === 'INDEX_DANGLING_RELATION'),
    `dirty index: exit ${id.status}, ${ide.warnings?.length} warnings`,
  );
  record(size, 'index cold (5% violations)', id);
  once([BIN, 'index', '--format', 'json'], clean);
  const nc = measure([BIN, 'index', '--format', 'json'], clean, undefined, floorRun);
  const ncd = envelope(nc).data;
  expect(
    'index no change',
    ncd.written === false && ncd.rebuild.mode === 'incremental' && ncd.rebuild.unchanged === size,
    `no-change index: ${JSON.stringify(ncd)}`,
  );
  record(size, 'index no change', nc);
  const adrs = path.join(clean, 'docs/45-adr');
  const victim = path.join(
    adrs,
    readdirSync(adrs)
      .filter((n) => n.endsWith('.md'))
      .sort()[0],
  );
  const oc = measure([BIN, 'index', '--format', 'json'], clean, () => appendFileSync(victim, '\n'), floorRun);
  const ocd = envelope(oc).data;
  expect(
    'index after one change',
    ocd.rebuild.mode === 'incremental' && ocd.rebuild.changed === 1 && ocd.rebuild.unchanged === size - 1,
    `one-change index: ${JSON.stringify(ocd)}`,
  );
  record(size, 'index after one change', oc);
  // A metadata edit (a new title each run): the document's facts change (the appended line above
  // changes bytes only), and only its node: the graph is built again from the cached facts, and
  // the artifact written again from its first changed byte.
  const original = readFileSync(victim, 'utf8');
  let edits = 0;
  const retitle = () =>
    writeFileSync(
      victim,
      original.replace(/^title: "(.*)"$/m, (_, t) => `title: "${t} (edit ${++edits})"`),
    );
  const me = measure([BIN, 'index', '--format', 'json'], clean, retitle, floorRun);
  writeFileSync(victim, original);
  const med = envelope(me).data;
  expect(
    'index after one metadata edit',
    edits > 0 &&
      med.written === true &&
      med.rebuild.mode === 'incremental' &&
      med.rebuild.changed === 1 &&
      med.rebuild.unchanged === size - 1,
    `metadata-edit index: ${JSON.stringify(med)}`,
  );
  record(size, 'index after one metadata edit', me);
  // A new link (to another document each run): the document's references change, nothing else.
  const others = readdirSync(adrs)
    .filter((n) => n.endsWith('.md') && n !== path.basename(victim))
    .sort();
  let links = 0;
  const relink = () => writeFileSync(victim, `${original}\nSee [another](${others[links++ % others.length]}).\n`);
  const nl = measure([BIN, 'index', '--format', 'json'], clean, relink, floorRun);
  writeFileSync(victim, original);
  const nld = envelope(nl).data;
  expect(
    'index after one new link',
    links > 0 &&
      nld.written === true &&
      nld.rebuild.mode === 'incremental' &&
      nld.rebuild.changed === 1 &&
      nld.rebuild.unchanged === size - 1,
    `new-link index: ${JSON.stringify(nld)}`,
  );
  record(size, 'index after one new link', nl);
  // `docket new` then `docket index`: one new document each run (the last one removed and indexed first, untimed).
  if (has('new')) {
    // The ADR edited above is back to its original text: indexed first, so only the new document differs.
    once([BIN, 'index', '--format', 'json'], clean);
    let made;
    try {
      const create = () => {
        if (made) {
          rmSync(path.join(clean, made));
          once([BIN, 'index', '--format', 'json'], clean);
        }
        made = envelope(once([BIN, 'new', 'ADR', 'Bench added decision', '--format', 'json'], clean)).data.path;
      };
      const nd = measure([BIN, 'index', '--format', 'json'], clean, create, floorRun);
      const ndd = envelope(nd).data;
      expect(
        'index after a new document',
        ndd.written === true &&
          ndd.node_count === size + 1 &&
          ndd.rebuild.mode === 'incremental' &&
          ndd.rebuild.added === 1 &&
          ndd.rebuild.unchanged === size,
        `new-document index: ${JSON.stringify(ndd)}`,
      );
      record(size, 'index after a new document', nd);
      // That document removed again (no document links to it or names it), after a full build that made it one of the cache's files.
      const text = readFileSync(path.join(clean, made), 'utf8');
      const remove = () => {
        writeFileSync(path.join(clean, made), text);
        once([BIN, 'index', '--rebuild-cache', '--format', 'json'], clean);
        rmSync(path.join(clean, made));
      };
      const rd = measure([BIN, 'index', '--format', 'json'], clean, remove, floorRun);
      const rdd = envelope(rd).data;
      expect(
        'index after a removal',
        rdd.written === true &&
          rdd.node_count === size &&
          rdd.rebuild.mode === 'incremental' &&
          rdd.rebuild.removed === 1 &&
          rdd.rebuild.unchanged === size,
        `removed-document index: ${JSON.stringify(rdd)}`,
      );
      record(size, 'index after a removal', rd);
    } finally {
      // The repository is reused by the next run: never leave the document behind.
      if (made && existsSync(path.join(clean, made))) {
        rmSync(path.join(clean, made));
        once([BIN, 'index', '--format', 'json'], clean);
      }
    }
  } else for (const s of ['index after a new document', 'index after a removal']) unavailable(size, s, 'no new command');
  // A linked document removed in the same run as the edits that drop every link, relation and
  // successor that named it (patched in passes since session 21), after a full build.
  // The first one the patch can take (see removable.mjs).
  const advice = envelope(once([BIN, 'index', '--format', 'json'], clean)).advice;
  const graph = JSON.parse(readFileSync(path.join(clean, 'docs/01-indices/docket.index.json'), 'utf8'));
  const pathOf = new Map(graph.nodes.map((n) => [n.document_id, n.path]));
  const { candidates, namersOf } = removable(graph, advice);
  const gone = candidates[0];
  const naming = gone ? namersOf(gone.document_id).map((id) => pathOf.get(id)) : [];
  const kept = new Map((gone ? [gone.path, ...naming] : []).map((rel) => [rel, readFileSync(path.join(clean, rel), 'utf8')]));
  const restoreNamed = () => {
    for (const [rel, text] of kept) writeFileSync(path.join(clean, rel), text);
  };
  if (!gone) unavailable(size, 'index after a removal and the edits naming it', 'no document fits');
  else
    try {
      const cleanRemoval = () => {
        restoreNamed();
        once([BIN, 'index', '--rebuild-cache', '--format', 'json'], clean);
        for (const rel of naming) writeFileSync(path.join(clean, rel), unnamed(rel, kept.get(rel), gone));
        rmSync(path.join(clean, gone.path));
      };
      const cr = measure([BIN, 'index', '--format', 'json'], clean, cleanRemoval, floorRun);
      const crd = envelope(cr).data;
      expect(
        'index after a removal and the edits naming it',
        naming.length > 0 &&
          crd.written === true &&
          crd.node_count === size - 1 &&
          crd.rebuild.mode === 'incremental' &&
          crd.rebuild.removed === 1 &&
          crd.rebuild.changed === naming.length,
        `clean-removal index: ${JSON.stringify(crd)} (${naming.length} naming)`,
      );
      record(size, 'index after a removal and the edits naming it', cr);
    } finally {
      restoreNamed();
      once([BIN, 'index', '--format', 'json'], clean);
    }
  // Lookups with the artifact current: an agent's `resolve` after `index`.
  once([BIN, 'index', '--format', 'json'], clean);
  const someId = /^document_id: (.*)$/m.exec(original)[1];
  if (!has('resolve')) unavailable(size, 'resolve, index current', 'no resolve command');
  else {
    const rs = measure([BIN, 'resolve', someId, '--format', 'json'], clean, undefined, floorRun);
    const rse = envelope(rs);
    expect(
      'resolve, index current',
      rse.success && rse.data.document_id === someId && rse.warnings.length === 0,
      `resolve: ${rs.stdout.slice(0, 300)}`,
    );
    record(size, 'resolve, index current', rs);
    // The same lookup after a metadata edit no `index` followed: the index is built in memory from the cache.
    const rt = measure([BIN, 'resolve', someId, '--format', 'json'], clean, retitle, floorRun);
    writeFileSync(victim, original);
    once([BIN, 'index', '--format', 'json'], clean);
    const rte = envelope(rt);
    expect(
      'resolve, index stale',
      rte.success && rte.data.document_id === someId && rte.warnings.some((w) => w.code === 'INDEX_STALE'),
      `stale resolve: ${rt.stdout.slice(0, 300)}`,
    );
    record(size, 'resolve, index stale', rt);
  }
  // The whole graph drawn from the current artifact: refreshing a committed diagram.
  if (!has('graph')) unavailable(size, 'graph --format mermaid, index current', 'no graph command');
  else {
    const gr = measure([BIN, 'graph', '--format', 'mermaid'], clean, undefined, floorRun);
    const gre = envelope(once([BIN, 'graph', '--format', 'json'], clean));
    const drawn = (gr.stdout.match(/^ {2}[nu]_\S+\["/gm) ?? []).length;
    expect(
      'graph --format mermaid, index current',
      gr.status === 0 &&
        gr.stdout.startsWith('flowchart LR\n') &&
        gre.success &&
        gre.warnings.length === 0 &&
        drawn === gre.data.nodes.length &&
        drawn > 0,
      `graph: ${drawn} nodes drawn, ${JSON.stringify(gre.warnings).slice(0, 300)}`,
    );
    record(size, 'graph --format mermaid, index current', gr);
  }
  // The static site (issue 44: 10k documents under 10 s), built outside the repository with
  // the index current and check's cache warm: into a new directory, then again unchanged.
  if (!has('site')) unavailable(size, 'site, new directory', 'no site command');
  else {
    const out = path.join(work, `site-${size}`);
    const siteArgs = [BIN, 'site', '--out', out, '--format', 'json'];
    const st = measure(siteArgs, clean, () => rmSync(out, { recursive: true, force: true }), floorRun);
    const std = envelope(st).data;
    expect(
      'site, new directory',
      st.status === 0 && std.documents === size && std.pages === size + 3 && std.written === std.files,
      `site: ${JSON.stringify(std).slice(0, 300)}`,
    );
    record(size, 'site, new directory', st);
    const su = measure(siteArgs, clean, undefined, floorRun);
    const sud = envelope(su).data;
    expect(
      'site, nothing changed',
      su.status === 0 && sud.written === 0 && sud.unchanged === sud.files,
      `site again: ${JSON.stringify(sud).slice(0, 300)}`,
    );
    record(size, 'site, nothing changed', su);
    rmSync(out, { recursive: true, force: true });
  }
  // The work queue: state reads and set with a 1,000-entry project-state.yaml (removed after).
  if (size >= 1000) {
    const ids = markdownFiles(clean)
      .map((f) => /^document_id: (.*)$/m.exec(readFileSync(f, 'utf8'))?.[1])
      .filter(Boolean)
      .sort();
    stateRows({ size, clean, ids, BIN, measure, once, record, expect, envelope, floorRun, unavailable, has, hasFlag });
  }
  // The language server: ready after `initialize`, and one document's diagnostics after a change.
  await lspRows({ size, clean, files: markdownFiles(clean), BIN, env, runs, warmup, record, expect, unavailable, has });
  // `new` reads every document's ID to allocate the next number; a dry run writes nothing.
  if (!has('new')) unavailable(size, 'new --dry-run', 'no new command');
  else {
    const nw = measure([BIN, 'new', 'ADR', 'Bench decision', '--dry-run', '--format', 'json'], clean, undefined, floorRun);
    const nwe = envelope(nw);
    expect('new --dry-run', nwe.success && nwe.data.would_create === true, `new: ${nw.stdout.slice(0, 300)}`);
    record(size, 'new --dry-run', nw);
  }
  // An agent's bootstrap: every document's ID, type, title and status.
  const deep = measure([BIN, 'context', '--deep', '--format', 'json'], clean, undefined, floorRun);
  const deepData = envelope(deep).data;
  expect(
    'context --deep',
    deepData?.deep?.complete === true && deepData.deep.documents_listed === size,
    `context --deep: ${JSON.stringify(deepData?.deep)}`,
  );
  record(size, 'context --deep', deep);
  // fix plans the mechanical repairs of the repository with 5% violations (a dry run writes nothing).
  if (!has('fix')) unavailable(size, 'fix, dry run (5% violations)', 'no fix command');
  else {
    const fx = measure([BIN, 'fix', '--format', 'json'], dirty, undefined, floorRun);
    const fxe = envelope(fx);
    expect(
      'fix, dry run (5% violations)',
      fx.status === 1 && fxe.data.dry_run === true && fxe.data.changes.length > 0,
      `fix: exit ${fx.status}, ${fx.stdout.slice(0, 300)}`,
    );
    record(size, 'fix, dry run (5% violations)', fx);
  }
}

const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-');
const table = [
  `# docket benchmark (${label})`,
  '',
  `Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), ${runs} runs after ${warmup} warm-up${idleWait ? ', each started when the CPUs were at least 90% idle' : ''}. Times are wall-clock milliseconds of whole processes; "x floor" is the median of each run's time divided by the floor run just before it (\`node -e 0\` for start-up, reading and splitting every document for check/index), so the machine's drift during the benchmark does not enter the ratios; the floor rows are the floors' own runs. Start-up rows run in examples/handbook. The generated documents are shaped like real governed ones (bench/corpus.mjs, generator version ${GENERATOR_VERSION}).`,
  '',
  '| Size | Scenario | Median ms | Min–max ms | Peak RSS MB | x floor |',
  '| ---: | --- | ---: | --- | ---: | ---: |',
  ...rows.map((r) =>
    r.na
      ? `| ${r.size} | ${r.scenario} | n/a | ${r.na} | | |`
      : `| ${r.size} | ${r.scenario} | ${fmt(r.median)} | ${fmt(r.min)}–${fmt(r.max)} | ${fmt(r.rss / 1048576)} | ${r.ratio ? fmt(r.ratio, 2) : ''} |`,
  ),
  '',
  ...railsSection(rows),
].join('\n');
mkdirSync(path.join(REPO, 'bench/results'), { recursive: true });
writeFileSync(path.join(REPO, 'bench/results', `${label}.md`), table);
process.stdout.write(table);
