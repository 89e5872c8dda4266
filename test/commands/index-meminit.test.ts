import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastLookup } from '../../src/core/index/lookup.js'; // shared through globalThis with the built copy the commands run
import { docket, REPO } from '../helpers/cli.js';
import { ageFiles, copyFixture, writeTree } from '../helpers/fixtures.js';
import { expectValidAgainst, expectValidEnvelope } from '../helpers/schemas.js';

/**
 * A repository of the Python DocOps CLI (meminit) with its committed index artifact
 * (reference §7.1, default index_path docs/01-indices/meminit.index.json, §4.1). The fixture's
 * artifact was written from the reference, by hand, and serialised by Python's json.dumps as
 * that tool does (indent 2, keys sorted, ASCII-escaped, final newline): docket keeps that file
 * in that format, so that tool's resolve (§7.5: reads data.nodes) keeps working.
 */
const MEMINIT = 'docs/01-indices/meminit.index.json';
const DOCKET = 'docs/01-indices/docket.index.json';
const GOLDEN = readFileSync(path.join(REPO, 'test/fixtures/meminit-index', MEMINIT));

async function index(root: string, ...args: string[]) {
  const r = await docket(['index', '--root', root, '--json', ...args]);
  expectValidEnvelope(r.json, 'index');
  return r;
}

const artifactOf = (root: string, rel = MEMINIT) => readFileSync(path.join(root, rel));

/** The golden artifact as an object, for tests that write a variant of it. */
const golden = () => JSON.parse(GOLDEN.toString('utf8'));

/** Text in the Python tool's serialisation: indent 2, keys sorted (the fixture's keys already are, recursively), non-ASCII escaped. */
const asMeminit = (value: unknown) =>
  `${JSON.stringify(value, null, 2).replace(/[\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)}\n`;

describe("index in a repository that keeps the Python DocOps CLI's artifact (reference §7.1)", () => {
  it('reproduces the committed artifact byte for byte: nothing written, no second artifact (§4.1 default index_path)', async () => {
    const repo = copyFixture('meminit-index');
    const r = await index(repo);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data).toMatchObject({ index_path: MEMINIT, node_count: 4, edge_count: 8, written: false });
    expect(artifactOf(repo).equals(GOLDEN)).toBe(true);
    expect(existsSync(path.join(repo, DOCKET))).toBe(false);
    const artifact = JSON.parse(artifactOf(repo).toString('utf8'));
    expectValidAgainst('meminit-index-artifact.schema.json', artifact);
    // What that tool's resolve does with it (§7.5): the first node with the ID gives the path.
    expect(artifact.data.nodes.find((n: { document_id: string }) => n.document_id === 'ACME-ADR-002').path).toBe(
      'docs/45-adr/adr-002-use-sqlite.md',
    );
    // The work queue that tool merged from project-state.yaml (§7.1, §9.3) is the file's own: kept.
    expect(artifact.data.nodes.find((n: { document_id: string }) => n.document_id === 'ACME-SPEC-001')).toMatchObject({
      impl_state: 'Not Started',
      depends_on: ['ACME-ADR-002'],
      open_blockers: ['ACME-ADR-002'],
      ready: false,
    });
    // docket's envelope keeps docket's codes; the artifact has that tool's (§7.1).
    expect(r.json!.warnings.map((w: any) => [w.code, w.path])).toEqual([
      ['INDEX_DANGLING_RELATION', 'docs/10-prd/prd-001-checkout.md'],
      ['INDEX_STATUS_MISMATCH', 'docs/10-prd/prd-001-checkout.md'],
      ['INDEX_DANGLING_RELATION', 'docs/20-specs/spec-001-api.md'],
      ['INDEX_STATUS_MISMATCH', 'docs/20-specs/spec-001-api.md'],
    ]);
    expect(artifact.warnings.map((w: any) => w.code)).toEqual([
      'GRAPH_DANGLING_RELATED_ID',
      'GRAPH_SUPERSESSION_STATUS_MISMATCH',
      'GRAPH_DANGLING_SUPERSEDED_BY',
      'GRAPH_SUPERSESSION_STATUS_MISMATCH',
    ]);
  });

  it('rewrites a stale artifact to the bytes the reference gives, and a second run changes nothing', async () => {
    const repo = copyFixture('meminit-index');
    const stale = golden();
    stale.data.nodes[0].title = 'An old title';
    stale.advice = [];
    writeFileSync(path.join(repo, MEMINIT), asMeminit(stale));
    const first = await index(repo);
    expect(first.json!.data).toMatchObject({ index_path: MEMINIT, written: true });
    expect(artifactOf(repo).equals(GOLDEN)).toBe(true);
    const second = await index(repo);
    expect(second.json!.data.written).toBe(false);
    const uncached = await index(repo, '--no-cache');
    expect(uncached.json!.data.written).toBe(false);
    expect(artifactOf(repo).equals(GOLDEN)).toBe(true);
    expect(existsSync(path.join(repo, DOCKET))).toBe(false);
  });

  it('after an edit, the cached run writes what a full build writes (the artifact is made again from the cached facts)', async () => {
    const repo = copyFixture('meminit-index');
    ageFiles(repo);
    await index(repo);
    const file = path.join(repo, 'docs/10-prd/prd-001-checkout.md');
    writeFileSync(
      file,
      readFileSync(file, 'utf8')
        .replace('title: Checkout', 'title: "Checkout <v2> für \'alle\' 🚀"')
        .replace('status: Superseded', 'status: Approved'),
    );
    const cached = await index(repo);
    expect(cached.json!.data).toMatchObject({ written: true, rebuild: { mode: 'incremental', changed: 1, unchanged: 3 } });
    const afterCached = artifactOf(repo);
    const full = await index(repo, '--no-cache');
    expect(full.json!.data.written).toBe(false);
    expect(artifactOf(repo).equals(afterCached)).toBe(true);
    const text = afterCached.toString('utf8');
    // HTML-escaped, then ASCII-escaped, a character beyond the BMP as its surrogate pair (§7.1, B22).
    expect(text).toContain('"title": "Checkout &lt;v2&gt; f\\u00fcr &#x27;alle&#x27; \\ud83d\\ude80"');
    expect(/[^\x00-\x7e]/.test(text)).toBe(false);
    // The work-queue fields of the other nodes stay as that tool wrote them; a new document has those of one without a state entry.
    const nodes = JSON.parse(text).data.nodes;
    expect(nodes.find((n: any) => n.document_id === 'ACME-ADR-002')).toMatchObject({
      impl_state: 'In Progress',
      priority: 'P1',
      unblocks: ['ACME-SPEC-001'],
    });
    expect(nodes.find((n: any) => n.document_id === 'ACME-PRD-001')).toMatchObject({ ready: false, open_blockers: [], unblocks: [] });
    expect(nodes.find((n: any) => n.document_id === 'ACME-PRD-001')).not.toHaveProperty('impl_state');
    // The status no longer says Superseded: its mismatch warning is gone, in both.
    expect(full.json!.warnings.filter((w: any) => w.code === 'INDEX_STATUS_MISMATCH').map((w: any) => w.path)).toEqual([
      'docs/20-specs/spec-001-api.md',
    ]);
    expect(
      JSON.parse(text)
        .warnings.filter((w: any) => w.code === 'GRAPH_SUPERSESSION_STATUS_MISMATCH')
        .map((w: any) => w.path),
    ).toEqual(['docs/20-specs/spec-001-api.md']);
  });

  it('resolve, identify and link read it: no INDEX_MISSING; INDEX_STALE once documents change', async () => {
    const repo = copyFixture('meminit-index');
    const resolved = await docket(['resolve', 'ACME-ADR-002', '--root', repo, '--json']);
    expect(resolved.exitCode).toBe(0);
    expectValidEnvelope(resolved.json, 'resolve');
    expect(resolved.json!.data).toMatchObject({ document_id: 'ACME-ADR-002', path: 'docs/45-adr/adr-002-use-sqlite.md' });
    expect(resolved.json!.warnings).toEqual([]);
    const identified = await docket(['identify', 'docs/45-adr/adr-001-use-postgres.md', '--root', repo, '--json']);
    expectValidEnvelope(identified.json, 'identify');
    expect(identified.json!.data).toMatchObject({ document_id: 'ACME-ADR-001', title: "Don't <break> the café" });
    expect(identified.json!.warnings).toEqual([]);
    const linked = await docket(['link', 'ACME-SPEC-001', '--root', repo, '--json']);
    expectValidEnvelope(linked.json, 'link');
    expect(linked.exitCode).toBe(0);
    expect(linked.json!.warnings).toEqual([]);
    // Once index has run, the cache knows the file is current: lookups read it (titles HTML-unescaped).
    await index(repo);
    lastLookup.source = 'none';
    const read = await docket(['identify', 'docs/45-adr/adr-001-use-postgres.md', '--root', repo, '--json']);
    expect(lastLookup.source).toBe('artifact');
    expect(read.json!.data).toEqual(identified.json!.data);
    expect(read.json!.warnings).toEqual([]);
    const missing = await docket(['resolve', 'ACME-ADR-003', '--root', repo, '--json']);
    expect(missing.json!.error.details.did_you_mean).toContain('ACME-ADR-002');
    const file = path.join(repo, 'docs/20-specs/spec-001-api.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: API', 'title: Public API'));
    const stale = await docket(['resolve', 'ACME-SPEC-001', '--root', repo, '--json']);
    expect(stale.json!.warnings.map((w: any) => [w.code, w.path])).toEqual([['INDEX_STALE', MEMINIT]]);
    expect(stale.json!.data.title).toBe('Public API');
    expect(existsSync(path.join(repo, DOCKET))).toBe(false);
  });

  it("an index_path whose file has that shape is kept in that format; one that does not, in docket's", async () => {
    const repo = copyFixture('meminit-index');
    const config = readFileSync(path.join(repo, 'docops.config.yaml'), 'utf8');
    writeTree(repo, {
      'docops.config.yaml': `${config}index_path: build/graph.json\n`,
      'build/graph.json': asMeminit({ ...golden(), advice: [] }),
    });
    const kept = await index(repo);
    expect(kept.json!.data).toMatchObject({ index_path: 'build/graph.json', written: true });
    expect(artifactOf(repo, 'build/graph.json').equals(GOLDEN)).toBe(true);
    // docket's own format (or no file yet) at index_path: docket's artifact.
    writeTree(repo, { 'docops.config.yaml': `${config}index_path: build/docket.json\n` });
    const own = await index(repo);
    expect(own.json!.data).toMatchObject({ index_path: 'build/docket.json', written: true });
    const ownArtifact = JSON.parse(artifactOf(repo, 'build/docket.json').toString('utf8'));
    expectValidAgainst('index-artifact.schema.json', ownArtifact);
    expect(ownArtifact.index_version).toBe('1.0');
  });

  it("index_path naming that tool's default path is its artifact before the file exists; without the key and the file, docket's default", async () => {
    const repo = copyFixture('meminit-index');
    const config = readFileSync(path.join(repo, 'docops.config.yaml'), 'utf8');
    rmSync(path.join(repo, MEMINIT));
    const unnamed = await index(repo);
    expect(unnamed.json!.data.index_path).toBe(DOCKET);
    expect(existsSync(path.join(repo, MEMINIT))).toBe(false);
    writeTree(repo, { 'docops.config.yaml': `${config}index_path: ${MEMINIT}\n` });
    const named = await index(repo);
    expect(named.json!.data).toMatchObject({ index_path: MEMINIT, written: true });
    const artifact = JSON.parse(artifactOf(repo).toString('utf8'));
    expectValidAgainst('meminit-index-artifact.schema.json', artifact);
    // No earlier file, but project-state.yaml: the work queue comes from it, as that tool merges it.
    expect(artifact.data.nodes.map((n: any) => [n.document_id, n.impl_state ?? null, n.open_blockers, n.unblocks])).toEqual([
      ['ACME-ADR-001', null, [], []],
      ['ACME-ADR-002', 'In Progress', [], ['ACME-SPEC-001']],
      ['ACME-PRD-001', null, [], []],
      ['ACME-SPEC-001', 'Not Started', ['ACME-ADR-002'], []],
    ]);
  });
});
