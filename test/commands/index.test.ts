import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
  readdirSync,
} from 'node:fs';
import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { processStart } from '../../src/core/ids/holder.js';
import { docket, docketBin, REPO } from '../helpers/cli.js';
import { doc, repo as governedRepo } from '../helpers/docs.js';
import { ageFiles, copyFixture, writeSealedCache, writeTree } from '../helpers/fixtures.js';
import { decodeFacts } from '../../src/core/cache/index-facts-file.js';
import { itemsOf, parseStream } from '../helpers/ndjson.js';
import { expectValidAgainst, expectValidEnvelope } from '../helpers/schemas.js';

const ARTIFACT = 'docs/01-indices/docket.index.json';
const GOLDEN = readFileSync(path.join(REPO, 'test/fixtures/golden/index-graph.index.json'));

const age = (root: string) => ageFiles(root);

async function index(root: string, ...args: string[]) {
  const r = await docket(['index', '--root', root, '--json', ...args]);
  expectValidEnvelope(r.json, 'index');
  return r;
}

describe('index', () => {
  it('writes the golden artifact: sorted nodes and edges, relations, references, namespaces', async () => {
    const repo = copyFixture('index-graph');
    const r = await index(repo);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data).toMatchObject({
      index_path: ARTIFACT,
      node_count: 5,
      edge_count: 11,
      written: true,
      rebuild: { mode: 'full', reason: 'no-cache', added: 6, changed: 0, removed: 0, unchanged: 0 },
    });
    const bytes = readFileSync(path.join(repo, ARTIFACT));
    expect(bytes.equals(GOLDEN)).toBe(true);
    const artifact = JSON.parse(bytes.toString('utf8'));
    expectValidAgainst('index-artifact.schema.json', artifact);
    expect(artifact.nodes.map((n: any) => n.document_id)).toEqual([
      'GRAPH-ADR-001',
      'GRAPH-ADR-002',
      'GRAPH-PRD-001',
      'GRAPH-SPEC-001',
      'PAY-PRD-001',
    ]);
    expect(artifact.edges).toContainEqual({ source: 'GRAPH-ADR-002', target: 'GRAPH-ADR-001', type: 'supersedes', guaranteed: true });
    expect(artifact.edges).toContainEqual({ source: 'PAY-PRD-001', target: 'GRAPH-PRD-001', type: 'references', guaranteed: true });
    expect(artifact.edges).toContainEqual({ source: 'GRAPH-PRD-001', target: 'GRAPH-ADR-009', type: 'related', guaranteed: false });
    expect(r.json!.warnings.map((w: any) => [w.code, w.path])).toEqual([
      ['INDEX_DANGLING_RELATION', 'docs/10-prd/prd-001-checkout.md'],
      ['INDEX_DANGLING_RELATION', 'docs/20-specs/spec-001-api.md'],
      ['INDEX_STATUS_MISMATCH', 'docs/20-specs/spec-001-api.md'],
      ['INDEX_DOCUMENT_SKIPPED', 'docs/60-runbooks/notes.md'],
    ]);
    expect(r.json!.warnings[1].suggestion).not.toContain('GRAPH-SPEC-001'); // never suggests the document itself
    expect(r.json!.advice.map((a: any) => a.code)).toEqual(['INDEX_RELATION_ONE_SIDED', 'NEXT_RESOLVE']);
    expect(bytes.toString('utf8')).not.toMatch(/run_id|\d{4}-\d\d-\d\dT/);
  });

  it('produces the same bytes in another directory and in another run (no absolute paths, no timestamps)', async () => {
    const a = copyFixture('index-graph');
    const b = copyFixture('index-graph');
    await index(a);
    await index(b, '--no-cache');
    expect(readFileSync(path.join(b, ARTIFACT)).equals(readFileSync(path.join(a, ARTIFACT)))).toBe(true);
  });

  it('renders text and markdown', async () => {
    const repo = copyFixture('index-graph');
    const text = await docket(['index', '--root', repo]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain(`Wrote ${ARTIFACT}: 5 documents, 11 edges.`);
    expect(text.stdout).toContain('INDEX_DANGLING_RELATION');
    const again = await docket(['index', '--root', repo]);
    expect(again.stdout).toContain(`${ARTIFACT} is up to date`);
    const md = await docket(['index', '--root', repo, '--format', 'md']);
    expect(md.stdout).toContain('- **Documents:** 5');
    expect(md.stdout).toContain('- **Written:** no');
  });

  it('a run with no changes reads no document and does not rewrite the artifact', async () => {
    const repo = copyFixture('index-graph');
    age(repo);
    await index(repo);
    const before = statSync(path.join(repo, ARTIFACT)).mtimeMs;
    const cacheBefore = statSync(path.join(repo, '.docket/cache/index.json')).mtimeMs;
    // Same size and mtime, other bytes: only a run that opened the file could notice.
    const file = path.join(repo, 'docs/45-adr/adr-002-use-sqlite.md');
    const { atime, mtime } = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Use SQLite', 'title: Use SQLitE'));
    utimesSync(file, atime, mtime);
    const r = await index(repo);
    expect(r.json!.data).toMatchObject({
      written: false,
      rebuild: { mode: 'incremental', added: 0, changed: 0, removed: 0, unchanged: 6 },
    });
    expect(statSync(path.join(repo, ARTIFACT)).mtimeMs).toBe(before);
    expect(statSync(path.join(repo, '.docket/cache/index.json')).mtimeMs).toBe(cacheBefore);
    expect(readFileSync(path.join(repo, ARTIFACT), 'utf8')).toContain('"Use SQLite"');
    // --rebuild-cache reads everything again.
    const rebuilt = await index(repo, '--rebuild-cache');
    expect(rebuilt.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'rebuild-requested', changed: 1 });
    expect(readFileSync(path.join(repo, ARTIFACT), 'utf8')).toContain('"Use SQLitE"');
  });

  it('follows additions, changes, deletions and renames', async () => {
    const repo = copyFixture('index-graph');
    age(repo);
    await index(repo);
    appendFileSync(path.join(repo, 'docs/10-prd/prd-001-checkout.md'), '\nMore scope.\n');
    writeTree(repo, {
      'docs/45-adr/adr-003-cache.md': '---\ndocument_id: GRAPH-ADR-003\ntype: ADR\ntitle: Cache\nstatus: Draft\n---\n# Cache\n',
    });
    rmSync(path.join(repo, 'docs/20-specs/spec-001-api.md'));
    renameSync(path.join(repo, 'docs/60-runbooks/notes.md'), path.join(repo, 'docs/60-runbooks/notes-2.md'));
    const r = await index(repo);
    expect(r.json!.data).toMatchObject({
      written: true,
      node_count: 5,
      rebuild: { mode: 'incremental', added: 2, changed: 1, removed: 2, unchanged: 3 },
    });
    const artifact = JSON.parse(readFileSync(path.join(repo, ARTIFACT), 'utf8'));
    expect(artifact.nodes.map((n: any) => n.document_id)).toEqual([
      'GRAPH-ADR-001',
      'GRAPH-ADR-002',
      'GRAPH-ADR-003',
      'GRAPH-PRD-001',
      'PAY-PRD-001',
    ]);
    // The incremental artifact is exactly what a full build says.
    const fresh = copyFixture('index-graph');
    rmSync(path.join(fresh, 'docs'), { recursive: true });
    rmSync(path.join(fresh, 'services'), { recursive: true });
    for (const dir of ['docs', 'services'])
      writeTree(fresh, Object.fromEntries(listFiles(path.join(repo, dir)).map((f) => [path.relative(repo, f), readFileSync(f)])));
    rmSync(path.join(fresh, ARTIFACT), { force: true });
    await index(fresh, '--no-cache');
    expect(readFileSync(path.join(fresh, ARTIFACT)).equals(readFileSync(path.join(repo, ARTIFACT)))).toBe(true);
  });

  it('rebuilds in full when the config or the schema changes', async () => {
    const repo = copyFixture('index-graph');
    age(repo);
    await index(repo);
    appendFileSync(path.join(repo, 'docops.config.yaml'), 'default_owner: Someone\n');
    expect((await index(repo)).json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'config-changed', unchanged: 6 });
    expect((await index(repo)).json!.data.rebuild.mode).toBe('incremental');
    appendFileSync(path.join(repo, 'docs/00-governance/metadata.schema.json'), '\n');
    expect((await index(repo)).json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'config-changed' });
  });

  it('a corrupt cache degrades to a full build with a warning, then heals', async () => {
    const repo = copyFixture('index-graph');
    await index(repo);
    writeFileSync(path.join(repo, '.docket/cache/index.json'), '{"cache_version":1,"entries":{"x":');
    const r = await index(repo);
    expect(r.exitCode).toBe(0);
    expect(r.json!.warnings.map((w: any) => w.code)).toContain('INDEX_CACHE_CORRUPT');
    expect(r.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'cache-corrupt' });
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    writeFileSync(
      path.join(repo, '.docket/cache/index.json'),
      JSON.stringify({ cache_version: 1, fingerprint: 'x', written_ms: 1, entries: { a: { size: 'big' } } }),
    );
    expect((await index(repo)).json!.warnings.map((w: any) => w.code)).toContain('INDEX_CACHE_CORRUPT');
    const healed = await index(repo);
    expect(healed.json!.warnings.map((w: any) => w.code)).not.toContain('INDEX_CACHE_CORRUPT');
    expect(healed.json!.data.rebuild.mode).toBe('incremental');
  });

  it('a cache of the previous version (facts stored one object per document) is a miss: a full build, no warning, then incremental again', async () => {
    const repo = copyFixture('index-graph');
    await index(repo);
    const manifestPath = path.join(repo, '.docket/cache/index.json');
    const factsPath = path.join(repo, '.docket/cache/index-facts.json');
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const oldFacts = JSON.stringify(decodeFacts(readFileSync(factsPath, 'utf8'), 6));
    writeFileSync(factsPath, oldFacts);
    manifest.cache_version = 7;
    manifest.facts_sha256 = createHash('sha256').update(oldFacts).digest('hex');
    age(repo);
    writeSealedCache(manifestPath, JSON.stringify(manifest));
    const old = await index(repo);
    expect(old.exitCode).toBe(0);
    expect(old.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'config-changed' });
    expect(old.json!.warnings.map((w: any) => w.code)).not.toContain('INDEX_CACHE_CORRUPT');
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    expect(JSON.parse(readFileSync(factsPath, 'utf8')).link_counts).toHaveLength(6);
    expect((await index(repo)).json!.data.rebuild.mode).toBe('incremental');
  });

  it('a torn facts file is detected and rebuilt; one that cannot be written is a warning naming it, and the previous cache stays', async () => {
    const repo = copyFixture('index-graph');
    await index(repo);
    const facts = path.join(repo, '.docket/cache/index-facts.json');
    writeFileSync(facts, readFileSync(facts, 'utf8').slice(0, 40));
    age(repo);
    const rebuilt = await index(repo);
    expect(rebuilt.exitCode).toBe(0);
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    expect(JSON.parse(readFileSync(facts, 'utf8')).link_counts).toHaveLength(6);
    const manifest = readFileSync(path.join(repo, '.docket/cache/index.json'));
    rmSync(facts);
    mkdirSync(facts);
    rmSync(path.join(repo, ARTIFACT));
    const failed = await index(repo, '--rebuild-cache');
    // The cache is an optimisation: the index is written and the run succeeds, with a warning.
    expect(failed.exitCode).toBe(0);
    expect(failed.json!.success).toBe(true);
    expectValidEnvelope(failed.json, 'index');
    const [cacheWarning, ...others] = failed.json!.warnings;
    expect(cacheWarning).toMatchObject({ code: 'INDEX_CACHE_WRITE_FAILED', path: '.docket/cache/index-facts.json' });
    expect(others).toEqual(rebuilt.json!.warnings.filter((w: any) => w.code !== 'INDEX_CACHE_CORRUPT'));
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    expect(readFileSync(path.join(repo, '.docket/cache/index.json')).equals(manifest)).toBe(true);
    const text = await docket(['index', '--root', repo, '--rebuild-cache']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout + text.stderr).toContain('INDEX_CACHE_WRITE_FAILED');
    // The manifest itself: a directory in its place.
    rmSync(facts, { recursive: true });
    rmSync(path.join(repo, '.docket/cache/index.json'));
    mkdirSync(path.join(repo, '.docket/cache/index.json'));
    const noManifest = await index(repo);
    expect(noManifest.exitCode).toBe(0);
    expect(noManifest.json!.warnings[0]).toMatchObject({ code: 'INDEX_CACHE_WRITE_FAILED', path: '.docket/cache/index.json' });
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    expect(readdirSync(path.join(repo, '.docket/cache')).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it("a cache held by a live process is left alone (full build, warning); a dead holder's lock is taken over", async () => {
    const repo = copyFixture('index-graph');
    await index(repo);
    const lock = path.join(repo, '.docket/cache/index.lock');
    const live = JSON.stringify({ pid: process.pid, start: processStart(process.pid), host: os.hostname() });
    writeFileSync(lock, live);
    const busy = await index(repo);
    expect(busy.exitCode).toBe(0);
    expect(busy.json!.warnings.map((w: any) => w.code)).toContain('INDEX_CACHE_BUSY');
    expect(busy.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'cache-busy' });
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    expect(readFileSync(lock, 'utf8')).toBe(live);
    writeFileSync(lock, JSON.stringify({ pid: 2 ** 22 + 12345, start: null, host: os.hostname() }));
    const taken = await index(repo);
    expect(taken.json!.warnings.map((w: any) => w.code)).not.toContain('INDEX_CACHE_BUSY');
    expect(existsSync(lock)).toBe(false);
  });

  it('concurrent runs both succeed and agree', async () => {
    const repo = copyFixture('index-graph');
    const runs = await Promise.all([docketBin(['index', '--root', repo, '--json']), docketBin(['index', '--root', repo, '--json'])]);
    for (const r of runs) {
      expect(r.exitCode).toBe(0);
      expectValidEnvelope(r.json, 'index');
    }
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    expect(existsSync(path.join(repo, '.docket/cache/index.lock'))).toBe(false);
    expect((await index(repo)).json!.data.written).toBe(false);
  });

  it('duplicate IDs and supersession cycles fail, name every file, and leave the artifact untouched', async () => {
    const repo = copyFixture('index-graph');
    await index(repo);
    writeTree(repo, { 'docs/45-adr/adr-009-copy.md': readFileSync(path.join(repo, 'docs/45-adr/adr-001-use-postgres.md')) });
    const dup = await index(repo);
    expect(dup.exitCode).toBe(1);
    expect(dup.json!.success).toBe(false);
    expect(dup.json!.data.written).toBe(false);
    expect(dup.json!.violations.map((v: any) => [v.code, v.path])).toEqual([
      ['INDEX_DUPLICATE_ID', 'docs/45-adr/adr-001-use-postgres.md'],
      ['INDEX_DUPLICATE_ID', 'docs/45-adr/adr-009-copy.md'],
    ]);
    expect(dup.json!.violations[0].message).toContain('docs/45-adr/adr-009-copy.md');
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
    rmSync(path.join(repo, 'docs/45-adr/adr-009-copy.md'));
    const adr2 = path.join(repo, 'docs/45-adr/adr-002-use-sqlite.md');
    writeFileSync(adr2, readFileSync(adr2, 'utf8').replace('status: Approved', 'status: Superseded\nsuperseded_by: GRAPH-ADR-001'));
    const cycle = await index(repo);
    expect(cycle.exitCode).toBe(1);
    expect(cycle.json!.violations.map((v: any) => [v.code, v.document_id])).toEqual([
      ['INDEX_SUPERSESSION_CYCLE', 'GRAPH-ADR-001'],
      ['INDEX_SUPERSESSION_CYCLE', 'GRAPH-ADR-002'],
    ]);
    expect(cycle.json!.violations[0].message).toContain('GRAPH-ADR-001 → GRAPH-ADR-002 → GRAPH-ADR-001');
    expect(readFileSync(path.join(repo, ARTIFACT)).equals(GOLDEN)).toBe(true);
  });

  it("warns when status and superseded_by disagree, either way (as the Python tool's GRAPH_SUPERSESSION_STATUS_MISMATCH, reference §7.1)", async () => {
    const root = governedRepo({
      'docs/45-adr/adr-001-old.md': doc({ document_id: 'ACME-ADR-001', status: 'Superseded', superseded_by: 'ACME-ADR-002' }),
      'docs/45-adr/adr-002-new.md': doc({ document_id: 'ACME-ADR-002', status: 'Approved' }),
      'docs/45-adr/adr-003-orphan.md': doc({ document_id: 'ACME-ADR-003', status: 'superseded' }),
      'docs/45-adr/adr-004-current.md': doc({ document_id: 'ACME-ADR-004', status: 'Approved', superseded_by: 'ACME-ADR-002' }),
    });
    const r = await index(root);
    expect(r.exitCode).toBe(0);
    const mismatches = r.json!.warnings.filter((w: any) => w.code === 'INDEX_STATUS_MISMATCH');
    expect(mismatches.map((w: any) => [w.path, w.document_id, w.message])).toEqual([
      ['docs/45-adr/adr-003-orphan.md', 'ACME-ADR-003', 'ACME-ADR-003 has status superseded but no superseded_by.'],
      ['docs/45-adr/adr-004-current.md', 'ACME-ADR-004', 'ACME-ADR-004 is superseded by ACME-ADR-002 but its status is Approved.'],
    ]);
    expect(mismatches[0].suggestion).toContain('superseded_by');
    // The cached run after an edit agrees with a full build: the successor is named, the warning goes.
    ageFiles(root);
    const file = path.join(root, 'docs/45-adr/adr-003-orphan.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('status: superseded', 'status: superseded\nsuperseded_by: ACME-ADR-002'));
    const again = await index(root);
    expect(again.json!.warnings.filter((w: any) => w.code === 'INDEX_STATUS_MISMATCH').map((w: any) => w.path)).toEqual([
      'docs/45-adr/adr-004-current.md',
    ]);
    const full = await index(root, '--no-cache');
    expect(full.json!.warnings).toEqual(again.json!.warnings);
    expect(full.json!.data.written).toBe(false);
    // A status edit alone is built from the cached facts (the facts file stays): the warning comes with it.
    await index(root);
    ageFiles(root);
    const facts = () => JSON.parse(readFileSync(path.join(root, '.docket/cache/index.json'), 'utf8')).facts_sha256;
    const before = facts();
    expect(before).toEqual(expect.any(String));
    const successor = path.join(root, 'docs/45-adr/adr-002-new.md');
    writeFileSync(successor, readFileSync(successor, 'utf8').replace('status: Approved', 'status: Superseded'));
    const cached = await index(root);
    expect(facts()).toBe(before);
    expect(cached.json!.warnings.filter((w: any) => w.code === 'INDEX_STATUS_MISMATCH').map((w: any) => w.path)).toEqual([
      'docs/45-adr/adr-002-new.md',
      'docs/45-adr/adr-004-current.md',
    ]);
    const fullAgain = await index(root, '--no-cache');
    expect(fullAgain.json!.warnings).toEqual(cached.json!.warnings);
    expect(fullAgain.json!.data.written).toBe(false);
  });

  it('--no-cache neither reads nor writes the cache; it conflicts with --rebuild-cache', async () => {
    const repo = copyFixture('index-graph');
    const r = await index(repo, '--no-cache');
    expect(r.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'cache-disabled', added: 6 });
    expect(existsSync(path.join(repo, '.docket/cache'))).toBe(false);
    const both = await docket(['index', '--root', repo, '--json', '--no-cache', '--rebuild-cache']);
    expect(both.exitCode).toBe(64);
  });

  it('honours index_path from the config (existing repositories keep their file)', async () => {
    const repo = copyFixture('meminit-repo');
    appendFileSync(path.join(repo, 'docops.config.yaml'), 'index_path: docs/01-indices/meminit.index.json\n');
    const r = await index(repo);
    expect(r.json!.data.index_path).toBe('docs/01-indices/meminit.index.json');
    expect(existsSync(path.join(repo, 'docs/01-indices/meminit.index.json'))).toBe(true);
    expect(existsSync(path.join(repo, ARTIFACT))).toBe(false);
  });

  it('--format ndjson: header, nodes, edges, then the cross-document findings, then the summary', async () => {
    const repo = copyFixture('index-graph');
    const r = await docket(['index', '--root', repo, '--format', 'ndjson']);
    expect(r.exitCode).toBe(0);
    const records = parseStream(r.stdout, 'index');
    const artifact = JSON.parse(readFileSync(path.join(repo, ARTIFACT), 'utf8'));
    expect(itemsOf(records, 'node')).toEqual(artifact.nodes);
    expect(itemsOf(records, 'edge')).toEqual(artifact.edges);
    const kinds = records.filter((x) => x.record === 'item').map((x) => x.kind);
    expect(kinds.lastIndexOf('edge')).toBeLessThan(kinds.indexOf('finding'));
    const json = await index(copyFixture('index-graph'));
    expect(itemsOf(records, 'finding')).toEqual([...json.json!.violations, ...json.json!.warnings]);
    const summary = records[records.length - 1]!;
    expect(summary).toMatchObject({
      record: 'summary',
      success: true,
      status: 'ok',
      data: { node_count: 5, edge_count: 11, written: true },
    });
    expect(summary.advice.map((a: any) => a.code)).toEqual(json.json!.advice.map((a: any) => a.code));
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listFiles(path.join(dir, e.name)) : [path.join(dir, e.name)],
  );
}

describe('index: status partial', () => {
  it('a governed file that cannot be read (a name that is not UTF-8): status partial with FILE_UNREADABLE', async (ctx) => {
    const root = copyFixture('index-graph');
    try {
      writeFileSync(Buffer.concat([Buffer.from(path.join(root, 'docs/45-adr/bad')), Buffer.from([0xff]), Buffer.from('.md')]), '# Bad\n');
    } catch {
      return ctx.skip('this file system refuses names that are not UTF-8');
    }
    const r = await docket(['index', '--root', root, '--json']);
    expectValidEnvelope(r.json, 'index');
    expect(r.json!).toMatchObject({ success: true, status: 'partial' });
    expect(r.json!.warnings.map((w: any) => [w.code, w.path])).toContainEqual(['FILE_UNREADABLE', 'docs/45-adr/bad\uFFFD.md']);
    expect(r.exitCode).toBe(0);
  });
});
