import { readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { lastLookup } from '../../src/core/index/lookup.js'; // shared through globalThis with the built copy the commands run
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * resolve, identify and link read the artifact when it is what `docket index` would write now
 * (src/core/index/current.ts), instead of building the index in memory from every document's
 * cached facts. Their answers must be those of the in-memory index, byte for byte, and an
 * artifact that is not the one the last build wrote must never answer.
 */
const ARTIFACT = 'docs/01-indices/docket.index.json';

/** Every file of the tree, two minutes old: not racily clean for the index cache. */
function age(root: string): void {
  const old = new Date(Date.now() - 120_000);
  for (const f of readdirSync(root, { recursive: true, encoding: 'utf8' })) utimesSync(path.join(root, f), old, old);
}

/** A generated repository with a document that is not a node, and one with a non-ASCII path and title; indexed. */
async function indexedRepository(): Promise<{ root: string; nodes: { document_id: string; path: string }[] }> {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs: 40, seed: 5, violations: 0 });
  writeTree(root, {
    'docs/45-adr/notes-without-id.md': '---\ntitle: Notes\n---\n# Notes\n',
    'docs/45-adr/adr-900-café-à-la-carte.md':
      '---\ndocument_id: BENCH-ADR-900\ntitle: "Café \\"à la\\" carte"\ntype: ADR\nstatus: Draft\nowner: Bench Team\nversion: "0.1"\nlast_updated: 2026-01-02\nrelated_ids: [BENCH-ADR-001]\n---\n# Café\n',
  });
  age(root);
  const built = await docket(['index', '--root', root, '--format', 'json']);
  expect(built.exitCode).toBe(0);
  const nodes = (JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as { nodes: { document_id: string; path: string }[] }).nodes;
  return { root, nodes };
}

async function lookup(
  root: string,
  args: string[],
): Promise<{ source: string; handedOver: boolean | undefined; exitCode: number; stdout: string }> {
  lastLookup.source = 'none';
  lastLookup.handedOver = undefined;
  const r = await docket([...args, '--root', root, '--format', 'json']);
  expectValidEnvelope(r.json);
  return { source: lastLookup.source, handedOver: lastLookup.handedOver, exitCode: r.exitCode, stdout: r.stdout };
}

/** With the cache moved away, each query is answered by the index built in memory: exactly as `answers` were. */
async function expectBuiltAnswers(root: string, queries: string[][], answers: { exitCode: number; stdout: string }[]): Promise<void> {
  renameSync(path.join(root, '.docket'), path.join(root, '.docket-off'));
  for (const [i, q] of queries.entries()) {
    const r = await lookup(root, q);
    expect(r.source, q.join(' ')).toBe('built');
    expect({ exitCode: r.exitCode, stdout: r.stdout }, q.join(' ')).toEqual({ exitCode: answers[i]!.exitCode, stdout: answers[i]!.stdout });
  }
}

describe('lookups read the current artifact', () => {
  it('answer every ID and path, and every error, as the index built in memory does', async () => {
    const { root, nodes } = await indexedRepository();
    expect(nodes.some((n) => n.path.includes('café'))).toBe(true);
    const queries: string[][] = [
      ...nodes.map((n) => ['resolve', n.document_id]),
      ...nodes.map((n) => ['identify', n.path]),
      ...nodes.slice(0, 5).map((n) => ['link', n.document_id, '--from', 'docs/45-adr/x.md']),
      ['identify', path.join(root, nodes[3]!.path)],
      ['resolve', nodes[7]!.document_id.toLowerCase()],
      ['resolve', nodes[7]!.document_id.slice(0, -1)],
      ['resolve', 'ZZZ-QQQ-999'],
      ['resolve', ' '],
      ['link', 'BENCH-ADR-9'],
      ['identify', 'docs/45-adr/notes-without-id.md'],
      ['identify', 'docs/45-adr/missing.md'],
      ['identify', 'docs/45-adr'],
      ['identify', 'docops.config.yaml'],
    ];
    const fromArtifact = [];
    for (const q of queries) {
      const r = await lookup(root, q);
      expect(r.source, q.join(' ')).toBe('artifact');
      fromArtifact.push(r);
    }
    expect(fromArtifact.filter((r) => r.exitCode !== 0).length).toBe(9);
    // Without the cache the index is built in memory, and the artifact is compared with it (the same: no warning).
    await expectBuiltAnswers(root, queries, fromArtifact);
  });

  it("index records the artifact's IDs beside it: lookups of every ID (suggestions, state) read them; a list naming another artifact, or none, gives the same answers", async () => {
    const { root, nodes } = await indexedRepository();
    const file = path.join(root, '.docket/cache/index-ids.json');
    const recorded = JSON.parse(readFileSync(file, 'utf8')) as { artifact_sha256: string; ids: string[] };
    expect(recorded.ids).toEqual(nodes.map((n) => n.document_id));
    const entry = (id: string) => `  ${id}:\n    impl_state: Not Started\n    updated: '2026-01-01T00:00:00+00:00'\n    updated_by: a\n`;
    writeTree(root, {
      'docs/01-indices/project-state.yaml': `state_schema_version: '2.0'\ndocuments:\n${[nodes[3]!.document_id, 'BENCH-ADR-777'].sort().map(entry).join('')}`,
    });
    const queries = [
      ['resolve', `${nodes[5]!.document_id}9`],
      ['state', 'list'],
      ['state', 'get', nodes[3]!.document_id],
    ];
    const answers = [];
    for (const q of queries) {
      const r = await lookup(root, q);
      expect(r.source, q.join(' ')).toBe('artifact');
      answers.push(r.stdout);
    }
    expect(JSON.parse(answers[1]!).warnings.map((w: { code: string }) => w.code)).toEqual(['STATE_UNKNOWN_DOC_ID']);
    for (const other of [JSON.stringify({ ...recorded, artifact_sha256: '0'.repeat(64) }), undefined]) {
      if (other === undefined) rmSync(file);
      else writeFileSync(file, other);
      for (const [i, q] of queries.entries()) expect((await lookup(root, q)).stdout, q.join(' ')).toBe(answers[i]);
    }
    // The list is what answers when it names the artifact: an ID changed in it is suggested.
    writeFileSync(file, JSON.stringify({ ...recorded, ids: recorded.ids.map((id, i) => (i === 5 ? 'BENCH-ZZZ-001' : id)) }));
    expect(JSON.parse((await lookup(root, ['resolve', 'BENCH-ZZZ-00'])).stdout).error.details.did_you_mean).toContain('BENCH-ZZZ-001');
  });

  it('a body edit that changes no fact still reads it; after an edit of a fact the index is built from the cached facts, and the artifact is stale', async () => {
    const { root, nodes } = await indexedRepository();
    const [a, b] = [nodes[2]!, nodes[9]!];
    writeFileSync(path.join(root, a.path), `${readFileSync(path.join(root, a.path), 'utf8')}\nMore text, no link.\n`);
    const body = await lookup(root, ['resolve', a.document_id]);
    expect(body.source).toBe('artifact');
    expect(JSON.parse(body.stdout).warnings).toEqual([]);
    const file = path.join(root, b.path);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: A new title'));
    const edited = await lookup(root, ['resolve', b.document_id]);
    // The cache, the walk and what changed since the last build handed over to the build.
    expect([edited.source, edited.handedOver]).toEqual(['built', true]);
    expect(JSON.parse(edited.stdout).data.title).toBe('A new title');
    expect(JSON.parse(edited.stdout).warnings.map((w: { code: string }) => w.code)).toEqual(['INDEX_STALE']);
  });

  it('with a stale artifact, the index built from the cached facts gives every answer the index built from the documents gives, and nothing is written', async () => {
    const { root, nodes } = await indexedRepository();
    const artifactBefore = readFileSync(path.join(root, ARTIFACT));
    const [edited, removed, broken, moved] = [nodes[4]!, nodes[11]!, nodes[15]!, nodes[20]!];
    const text = (n: { path: string }) => readFileSync(path.join(root, n.path), 'utf8');
    writeFileSync(path.join(root, edited.path), text(edited).replace(/^title: .*$/m, 'title: Edited title'));
    rmSync(path.join(root, removed.path));
    writeFileSync(path.join(root, broken.path), text(broken).replace(/^title: .*$/m, 'title: [unclosed'));
    const movedTo = moved.path.replace(/\.md$/, '-moved.md');
    renameSync(path.join(root, moved.path), path.join(root, movedTo));
    writeFileSync(
      path.join(root, 'docs/45-adr/adr-950-new-decision.md'),
      '---\ndocument_id: BENCH-ADR-950\ntitle: New decision\ntype: ADR\nstatus: Draft\nowner: Bench Team\nversion: "0.1"\nlast_updated: 2026-01-02\nrelated_ids: [BENCH-ADR-001]\n---\n# New\n',
    );
    const queries: string[][] = [
      ...nodes.map((n) => ['resolve', n.document_id]),
      ...nodes.map((n) => ['identify', n.path]),
      ['resolve', 'BENCH-ADR-950'],
      ['identify', 'docs/45-adr/adr-950-new-decision.md'],
      ['identify', movedTo],
      ['link', edited.document_id, '--from', movedTo],
      ['resolve', removed.document_id.slice(0, -1)],
    ];
    const cacheBefore = readFileSync(path.join(root, '.docket/cache/index.json'));
    const fromFacts = [];
    for (const q of queries) fromFacts.push(await lookup(root, q));
    expect(fromFacts.map((r) => [r.source, r.handedOver])).toEqual(queries.map(() => ['built', true]));
    expect(JSON.parse(fromFacts[0]!.stdout).warnings.map((w: { code: string }) => w.code)).toEqual(['INDEX_STALE']);
    // Nothing written: not the artifact, nor the cache.
    expect(readFileSync(path.join(root, ARTIFACT)).equals(artifactBefore)).toBe(true);
    expect(readFileSync(path.join(root, '.docket/cache/index.json')).equals(cacheBefore)).toBe(true);
    await expectBuiltAnswers(root, queries, fromFacts);
  });

  it("a cache the artifact's check found corrupt is handed over as such: the build reads every document and answers as before", async () => {
    const { root, nodes } = await indexedRepository();
    const b = nodes[9]!;
    const file = path.join(root, b.path);
    writeFileSync(file, readFileSync(file, 'utf8').replace(/^title: .*$/m, 'title: Another title'));
    // The changed file needs the hashes file, which is gone: the check marks the cache corrupt.
    rmSync(path.join(root, '.docket/cache/index-hashes.json'));
    const edited = await lookup(root, ['resolve', b.document_id]);
    expect([edited.source, edited.handedOver, edited.exitCode]).toEqual(['built', true, 0]);
    const answer = JSON.parse(edited.stdout);
    expect(answer.data).toMatchObject({ document_id: b.document_id, path: b.path, title: 'Another title' });
    expect(answer.warnings.map((w: { code: string }) => w.code)).toEqual(['INDEX_STALE']);
    // The same answer as a lookup with no cache at all.
    rmSync(path.join(root, '.docket'), { recursive: true });
    const fresh = await lookup(root, ['resolve', b.document_id]);
    expect(fresh.source).toBe('built');
    expect(JSON.parse(fresh.stdout).data).toEqual(answer.data);
  });

  it('an artifact changed in place is not trusted: by its hash while its time is recent, by reading back each item after', async () => {
    const { root, nodes } = await indexedRepository();
    const target = nodes[4]!;
    const abs = path.join(root, ARTIFACT);
    /** The artifact with one node's status line changed, same size and modification time. */
    const tamper = (text: string) => {
      const { atime, mtime } = statSync(abs);
      const at = text.indexOf(`"document_id": ${JSON.stringify(target.document_id)}`);
      const status = text.indexOf('"status": ', at);
      writeFileSync(abs, `${text.slice(0, status)}"status" :${text.slice(status + '"status": '.length)}`);
      utimesSync(abs, atime, mtime);
    };
    const [original, written] = [readFileSync(abs, 'utf8'), statSync(abs)];
    tamper(original);
    // Written less than two seconds before the manifest: its stat is not trusted, its hash is compared.
    const recent = await lookup(root, ['resolve', target.document_id]);
    expect(recent.source).toBe('built');
    expect(JSON.parse(recent.stdout).warnings.map((w: { code: string }) => w.code)).toEqual(['INDEX_STALE']);
    // The original bytes, with a time of whole milliseconds (a Date's), which tamper keeps exactly.
    writeFileSync(abs, original);
    utimesSync(abs, written.atime, written.mtime);
    // After the racy margin, an index run records the artifact's stat, and from then on trusts it.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    await docket(['index', '--root', root]);
    expect((await lookup(root, ['resolve', target.document_id])).source).toBe('artifact');
    tamper(readFileSync(abs, 'utf8'));
    const trusted = await lookup(root, ['resolve', target.document_id]);
    expect(trusted.source).toBe('fallback');
    expect(JSON.parse(trusted.stdout).data.document_id).toBe(target.document_id);
    expect(JSON.parse(trusted.stdout).warnings.map((w: { code: string }) => w.code)).toEqual(['INDEX_STALE']);
    // A path is found in one hashed read of the whole artifact: any change is seen.
    const other = await lookup(root, ['identify', nodes[0]!.path]);
    expect(other.source).toBe('fallback');
    expect(JSON.parse(other.stdout).data.path).toBe(nodes[0]!.path);
  });
});
