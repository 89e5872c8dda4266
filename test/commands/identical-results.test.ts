import { createHash } from 'node:crypto';
import { appendFileSync, readdirSync, readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { docket } from '../helpers/cli.js';
import { ageFiles, tempDir, writeSealedCache } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * docket's contract does not depend on how it gets there: the check cache and the index cache
 * change the speed, never one byte of the output. Repositories come from the benchmark
 * generator, with injected violations of every kind.
 */
const ARTIFACT = 'docs/01-indices/docket.index.json';

function repository(docs: number, violations: number, seed: number): string {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs, seed, violations });
  return root;
}

const age = (root: string) => ageFiles(root, ['docs']);

describe('check on a generated repository with every kind of violation', () => {
  // Over 1000 documents, so NDJSON streams carry progress records too.
  const root = repository(1100, 10, 11);

  for (const format of ['json', 'ndjson', 'sarif', 'text']) {
    it(`check --format ${format}: the findings every kind of injected violation gives`, async () => {
      // --no-cache: every document is read and described.
      const off = await docket(['check', '--root', root, '--format', format, '--no-cache']);
      expect(off.exitCode).toBe(1);
      if (format === 'json') {
        expectValidEnvelope(off.json, 'check');
        expect(new Set(off.json!.violations.map((v: { code: string }) => v.code))).toEqual(
          new Set(['FRONTMATTER_INVALID', 'FRONTMATTER_MISSING', 'ID_PREFIX', 'ID_REGEX', 'ID_UNIQUE', 'LINK_BROKEN', 'SCHEMA_VALIDATION']),
        );
      }
      if (format === 'ndjson') expect(off.stdout).toContain('"record":"progress"');
    });
  }

  it('check --format ndjson: its summary counts what the JSON envelope counts', async () => {
    const json = await docket(['check', '--root', root, '--format', 'json', '--no-cache']);
    const counts = (data: Record<string, unknown>) =>
      Object.fromEntries(Object.entries(data).filter(([k]) => k.startsWith('files_') || k.endsWith('_count')));
    const stream = await docket(['check', '--root', root, '--format', 'ndjson', '--no-cache']);
    const summary = JSON.parse(stream.stdout.trim().split('\n').pop()!) as { record: string; data: Record<string, unknown> };
    expect(summary.record).toBe('summary');
    expect(counts(summary.data)).toEqual(counts(json.json!.data));
    expect(Number(summary.data.files_failed)).toBeGreaterThan(0);
  });
});

describe('results do not depend on the index cache', () => {
  const strip = (json: Record<string, any>) => ({ ...json, data: { ...json.data, rebuild: undefined, written: undefined } });

  it('cold, cached, unchanged (last result reused) and incremental runs all say what a build without cache says', async () => {
    const root = repository(400, 0, 12);
    age(root);
    const reference = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
    expectValidEnvelope(reference.json, 'index');
    const bytes = readFileSync(path.join(root, ARTIFACT));
    rmSync(path.join(root, ARTIFACT));

    const cold = await docket(['index', '--root', root, '--format', 'json']);
    expect(cold.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'no-cache' });
    expect(strip(cold.json!)).toEqual(strip(reference.json!));
    expect(readFileSync(path.join(root, ARTIFACT)).equals(bytes)).toBe(true);

    const unchanged = await docket(['index', '--root', root, '--format', 'json']);
    expect(unchanged.json!.data).toMatchObject({
      written: false,
      rebuild: { mode: 'incremental', added: 0, changed: 0, removed: 0, unchanged: 400 },
    });
    expect(strip(unchanged.json!)).toEqual(strip(reference.json!));

    const victim = path.join(root, 'docs/45-adr', readdirSync(path.join(root, 'docs/45-adr')).sort()[0]!);
    appendFileSync(victim, '\nOne more line.\n');
    const changed = await docket(['index', '--root', root, '--format', 'json']);
    expect(changed.json!.data.rebuild).toMatchObject({ mode: 'incremental', changed: 1, unchanged: 399 });
    const fresh = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
    expect(strip(changed.json!)).toEqual(strip(fresh.json!));

    // Every other document changed: described and cached documents alternate.
    const all = readdirSync(path.join(root, 'docs'), { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.md'))
      .sort();
    const edited = all.filter((_, k) => k % 2 === 0).map((rel) => `docs/${rel}`);
    for (const rel of edited) appendFileSync(path.join(root, rel), '\nAnother line.\n');
    ageFiles(root, edited);
    const halfReference = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
    const halfBytes = readFileSync(path.join(root, ARTIFACT));
    const half = await docket(['index', '--root', root, '--format', 'json']);
    expect(half.json!.data.rebuild).toMatchObject({ mode: 'incremental', added: 0, removed: 0 });
    expect(strip(half.json!)).toEqual(strip(halfReference.json!));
    expect(readFileSync(path.join(root, ARTIFACT)).equals(halfBytes)).toBe(true);
  });

  // A .docket/cache/ committed to a branch: every clone gives it a new mtime. Forged facts behind the right digests must not reach the artifact.
  it('a manifest docket did not leave there is not used (INDEX_CACHE_UNTRUSTED), then rewritten and trusted again', async () => {
    const root = repository(80, 0, 17); // more changed stats than the last result's reuse settles one by one: the facts are used
    age(root);
    const reference = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
    const bytes = readFileSync(path.join(root, ARTIFACT));
    await docket(['index', '--root', root, '--format', 'json', '--rebuild-cache']);
    // Forge: every document's title in the facts, with a matching facts_sha256; then a new mtime for every document, as a checkout gives.
    const manifestPath = path.join(root, '.docket/cache/index.json');
    const factsPath = path.join(root, '.docket/cache/index-facts.json');
    const facts = JSON.parse(readFileSync(factsPath, 'utf8')) as { document_id: (string | null)[]; title: (string | null)[] };
    facts.title = facts.title.map((t, i) => (facts.document_id[i] === null ? t : 'Forged'));
    const forgedFacts = JSON.stringify(facts);
    writeFileSync(factsPath, forgedFacts);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest.facts_sha256 = createHash('sha256').update(forgedFacts).digest('hex');
    const forged = JSON.stringify(manifest);
    const touch = (seconds: number) => ageFiles(root, ['docs'], seconds);
    // Sealed (as docket leaves it), the forgery would be used: the digests match. That is what the seal guards.
    touch(40);
    writeSealedCache(manifestPath, forged);
    const trusted = await docket(['index', '--root', root, '--format', 'json']);
    expect(trusted.json!.data.rebuild).toMatchObject({ mode: 'incremental', unchanged: 80 });
    expect(readFileSync(path.join(root, ARTIFACT)).equals(bytes)).toBe(false);
    // As a checkout leaves it: the same text with a modification time of its own.
    touch(30);
    writeFileSync(manifestPath, forged);
    utimesSync(manifestPath, (manifest.written_ms + 10_000) / 1000, (manifest.written_ms + 10_000) / 1000);
    const untrusted = await docket(['index', '--root', root, '--format', 'json']);
    expectValidEnvelope(untrusted.json, 'index');
    expect(untrusted.exitCode).toBe(0);
    expect(untrusted.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'cache-untrusted', added: 80 });
    expect(untrusted.json!.warnings.map((w: { code: string }) => w.code)).toContain('INDEX_CACHE_UNTRUSTED');
    expect(readFileSync(path.join(root, ARTIFACT)).equals(bytes)).toBe(true);
    const json = untrusted.json!;
    const withoutCacheWarning = {
      ...json,
      warnings: json.warnings.filter((w: { code: string }) => w.code !== 'INDEX_CACHE_UNTRUSTED'),
      data: { ...json.data, totals: { ...json.data.totals, warnings: json.data.totals.warnings - 1 } },
    };
    expect(strip(withoutCacheWarning)).toEqual(strip(reference.json!));
    // Rewritten and sealed: the next clone-like run (new mtimes, same bytes) reuses it by digest.
    const rewritten = JSON.parse(readFileSync(manifestPath, 'utf8'));
    expect(Math.abs(statSync(manifestPath).mtimeMs - rewritten.written_ms)).toBeLessThan(1);
    touch(20);
    const again = await docket(['index', '--root', root, '--format', 'json']);
    expect(again.json!.data.rebuild).toMatchObject({ mode: 'incremental', unchanged: 80 });
    expect(again.json!.warnings).toEqual(reference.json!.warnings);
    expect(readFileSync(path.join(root, ARTIFACT)).equals(bytes)).toBe(true);
  });

  it('integrity failures are reported the same when the last result is reused, and the artifact is never written', async () => {
    const root = repository(300, 10, 13); // duplicate IDs among the injected problems
    age(root);
    const first = await docket(['index', '--root', root, '--format', 'json']);
    expect(first.exitCode).toBe(1);
    expect(first.json!.violations.map((v: { code: string }) => v.code)).toContain('INDEX_DUPLICATE_ID');
    const again = await docket(['index', '--root', root, '--format', 'json']);
    expect(again.exitCode).toBe(1);
    expect(again.json!.data.rebuild).toMatchObject({ mode: 'incremental', unchanged: 300 });
    expect(strip(again.json!)).toEqual(strip(first.json!));
    const reference = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
    expect(strip(again.json!)).toEqual(strip(reference.json!));
    expect(() => statSync(path.join(root, ARTIFACT))).toThrow();
  });

  it('an edited artifact is rebuilt from the cache, not trusted', async () => {
    const root = repository(120, 0, 14);
    age(root);
    await docket(['index', '--root', root, '--format', 'json']);
    const original = readFileSync(path.join(root, ARTIFACT));
    writeFileSync(path.join(root, ARTIFACT), original.toString('utf8').replace('"node_count": 120', '"node_count": 121'));
    const r = await docket(['index', '--root', root, '--format', 'json']);
    expect(r.json!.data).toMatchObject({ written: true, rebuild: { mode: 'incremental', unchanged: 120 } });
    expect(readFileSync(path.join(root, ARTIFACT)).equals(original)).toBe(true);
  });

  it('an artifact verified by its hash once it is old enough: the manifest is settled once, then left alone', async () => {
    const root = repository(120, 0, 16);
    age(root);
    const reference = await docket(['index', '--root', root, '--format', 'json']);
    // The artifact 30 s old, and the manifest written one second after it: its stat is too recent to trust.
    const manifestPath = path.join(root, '.docket/cache/index.json');
    const past = new Date(Date.now() - 30_000);
    utimesSync(path.join(root, ARTIFACT), past, past);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    manifest.result.artifact_mtime_ms = statSync(path.join(root, ARTIFACT)).mtimeMs;
    manifest.written_ms = manifest.result.artifact_mtime_ms + 1000;
    writeSealedCache(manifestPath, JSON.stringify(manifest));
    const started = Date.now();
    const settling = await docket(['index', '--root', root, '--format', 'json']);
    expect(strip(settling.json!)).toEqual(strip(reference.json!));
    expect(settling.json!.data).toMatchObject({ written: false, rebuild: { mode: 'incremental', unchanged: 120 } });
    const settled = JSON.parse(readFileSync(manifestPath, 'utf8'));
    expect(settled.written_ms).toBeGreaterThanOrEqual(started);
    expect({ ...settled, written_ms: 0 }).toEqual({ ...manifest, written_ms: 0 });
    const before = statSync(manifestPath);
    const again = await docket(['index', '--root', root, '--format', 'json']);
    expect(strip(again.json!)).toEqual(strip(reference.json!));
    expect([statSync(manifestPath).ino, statSync(manifestPath).mtimeMs]).toEqual([before.ino, before.mtimeMs]);
  });

  it('a missing or corrupt facts file degrades to a full build with a warning; a cache of the previous format is a config change', async () => {
    const root = repository(120, 0, 15);
    age(root);
    const reference = await docket(['index', '--root', root, '--format', 'json']);
    // A body edit leaves the facts equal: the last result is reused, the facts file is not even read.
    const victim = path.join(root, 'docs/45-adr', readdirSync(path.join(root, 'docs/45-adr')).sort()[0]!);
    appendFileSync(victim, '\nMore text.\n');
    writeFileSync(path.join(root, '.docket/cache/index-facts.json'), '[{"links":[]}]');
    const bodyEdit = await docket(['index', '--root', root, '--format', 'json']);
    expect(bodyEdit.json!.data).toMatchObject({ written: false, rebuild: { mode: 'incremental', changed: 1, unchanged: 119 } });
    expect(strip(bodyEdit.json!)).toEqual(strip(reference.json!));
    // A title edit needs every document's cached facts: they are found corrupt, and the index built in full.
    writeFileSync(victim, readFileSync(victim, 'utf8').replace('title: "', 'title: "Renamed '));
    const corrupt = await docket(['index', '--root', root, '--format', 'json']);
    expect(corrupt.json!.warnings.map((w: { code: string }) => w.code)).toContain('INDEX_CACHE_CORRUPT');
    expect(corrupt.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'cache-corrupt' });
    expect(corrupt.json!.data.node_count).toBe(reference.json!.data.node_count);
    expect(corrupt.json!.data.written).toBe(true);
    const fresh = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
    // The same index; only the count of warnings differs, by the cache warning itself.
    expect({ ...strip(corrupt.json!).data, totals: undefined }).toEqual({ ...strip(fresh.json!).data, totals: undefined });
    expect(corrupt.json!.data.totals.warnings).toBe(fresh.json!.data.totals.warnings + 1);
    const healed = await docket(['index', '--root', root, '--format', 'json']);
    expect(healed.json!.warnings.map((w: { code: string }) => w.code)).not.toContain('INDEX_CACHE_CORRUPT');
    // A valid manifest of version 1 (before facts moved to their own file).
    const v1 = {
      cache_version: 1,
      fingerprint: 'old',
      written_ms: 1,
      entries: { 'docs/x.md': { size: 1, mtime_ms: 1, sha256: 'a', facts: { links: [] } } },
    };
    writeFileSync(path.join(root, '.docket/cache/index.json'), JSON.stringify(v1));
    const upgraded = await docket(['index', '--root', root, '--format', 'json']);
    expect(upgraded.json!.warnings.map((w: { code: string }) => w.code)).not.toContain('INDEX_CACHE_CORRUPT');
    expect(upgraded.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'config-changed', removed: 1 });
  });

  it('the hashes file: not read when nothing changed; missing or not the one the manifest names, a full build with a warning; a manifest of version 2 is a config change', async () => {
    const root = repository(60, 0, 18);
    age(root);
    const reference = await docket(['index', '--root', root, '--format', 'json']);
    const hashesPath = path.join(root, '.docket/cache/index-hashes.json');
    const manifestPath = path.join(root, '.docket/cache/index.json');
    const hashes = JSON.parse(readFileSync(hashesPath, 'utf8')) as { paths: string[]; sha256: string[]; facts_hashes: string[] };
    expect(hashes.paths.length).toBe(60);
    expect(hashes.paths).toEqual([...hashes.paths].sort());
    expect(hashes.sha256.length).toBe(60);
    expect(hashes.facts_hashes.length).toBe(60);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const listDigest = createHash('sha256')
      .update(hashes.paths.map((p) => `${p}\0`).join(''))
      .digest('hex');
    expect(manifest).toMatchObject({
      cache_version: 8,
      hashes_sha256: createHash('sha256').update(readFileSync(hashesPath)).digest('hex'),
      paths_sha256: listDigest,
    });
    expect(manifest.sizes.length).toBe(60);
    expect(manifest.paths).toBeUndefined();
    expect(manifest.sha256).toBeUndefined();
    // Nothing changed: the last result is reused from the manifest alone.
    rmSync(hashesPath);
    const unchanged = await docket(['index', '--root', root, '--format', 'json']);
    expect(unchanged.json!.warnings).toEqual(reference.json!.warnings);
    expect(unchanged.json!.data).toMatchObject({ written: false, rebuild: { mode: 'incremental', unchanged: 60 } });
    // A body edit must compare the file's old digest and facts hash: the file is needed, and missing.
    const victim = path.join(root, 'docs/45-adr', readdirSync(path.join(root, 'docs/45-adr')).sort()[0]!);
    appendFileSync(victim, '\nMore text.\n');
    const missing = await docket(['index', '--root', root, '--format', 'json']);
    expect(missing.json!.warnings.map((w: { code: string }) => w.code)).toContain('INDEX_CACHE_CORRUPT');
    expect(missing.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'cache-corrupt' });
    expect(strip(missing.json!).data.node_count).toBe(reference.json!.data.node_count);
    // Rewritten: the next body edit is settled from the cache, and the file takes the new digest.
    appendFileSync(victim, 'Again.\n');
    const settled = await docket(['index', '--root', root, '--format', 'json']);
    expect(settled.json!.warnings.map((w: { code: string }) => w.code)).not.toContain('INDEX_CACHE_CORRUPT');
    expect(settled.json!.data).toMatchObject({ written: false, rebuild: { mode: 'incremental', changed: 1, unchanged: 59 } });
    // Its new digest rides in the manifest (the hashes file is not rewritten for it).
    const rehashed = JSON.parse(readFileSync(hashesPath, 'utf8')) as { paths: string[]; sha256: string[] };
    const at = rehashed.paths.indexOf(path.relative(root, victim));
    expect(at).toBeGreaterThanOrEqual(0);
    const settledManifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
    expect(settledManifest.hashes_overlay).toEqual({ [at]: createHash('sha256').update(readFileSync(victim)).digest('hex') });
    expect(settledManifest.hashes_sha256).toBe(createHash('sha256').update(readFileSync(hashesPath)).digest('hex'));
    expect(rehashed.sha256[at]).not.toBe(settledManifest.hashes_overlay[at]);
    // Valid JSON of the right shape, but not the file the manifest names (its digest differs): not used.
    writeFileSync(
      hashesPath,
      JSON.stringify({ paths: rehashed.paths, sha256: rehashed.sha256.map(() => '0'.repeat(64)), facts_hashes: hashes.facts_hashes }),
    );
    appendFileSync(victim, 'Once more.\n');
    const forged = await docket(['index', '--root', root, '--format', 'json']);
    expect(forged.json!.warnings.map((w: { code: string }) => w.code)).toContain('INDEX_CACHE_CORRUPT');
    expect(strip(forged.json!).data.node_count).toBe(reference.json!.data.node_count);
    // The same number of documents under other paths: the list's digest differs, and the facts are looked up by path.
    const renamed = path.join(path.dirname(victim), `zz-${path.basename(victim)}`);
    renameSync(victim, renamed);
    const moved = await docket(['index', '--root', root, '--format', 'json']);
    expect(moved.json!.data.rebuild).toMatchObject({ mode: 'incremental', added: 1, removed: 1, unchanged: 59 });
    expect(strip(moved.json!).data.node_count).toBe(reference.json!.data.node_count);
    // A valid manifest of version 2 (hashes inline): a config change, its digests still count what changed.
    const current = JSON.parse(readFileSync(manifestPath, 'utf8'));
    const { hashes_sha256: _dropped, paths_sha256: _digest, ...rest } = current;
    // The governed paths now: the hashes file's, but those the manifest lists as removed, and those it appended (the rename was built from the cached facts).
    const listed = (JSON.parse(readFileSync(hashesPath, 'utf8')) as { paths: string[] }).paths;
    const now = [...listed.filter((_, i) => current.removed?.[i] === undefined), ...(current.appended ?? [])].sort();
    const v2 = { ...rest, cache_version: 2, fingerprint: 'old', paths: now, sha256: now.map(() => 'a'), facts_hashes: now.map(() => 'b') };
    writeSealedCache(manifestPath, JSON.stringify(v2));
    const upgraded = await docket(['index', '--root', root, '--format', 'json']);
    expect(upgraded.json!.warnings.map((w: { code: string }) => w.code)).not.toContain('INDEX_CACHE_CORRUPT');
    expect(upgraded.json!.data.rebuild).toMatchObject({ mode: 'full', reason: 'config-changed', changed: 60, added: 0, removed: 0 });
  });

  it('settled digests ride in the manifest, and go into the hashes file past 256 of them; every run says what a build without cache says', async () => {
    const root = repository(330, 0, 19);
    age(root);
    const reference = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
    await docket(['index', '--root', root, '--format', 'json']);
    const manifestPath = path.join(root, '.docket/cache/index.json');
    const hashesPath = path.join(root, '.docket/cache/index-hashes.json');
    const files = (JSON.parse(readFileSync(hashesPath, 'utf8')) as { paths: string[] }).paths;
    const digest = (rel: string) =>
      createHash('sha256')
        .update(readFileSync(path.join(root, rel)))
        .digest('hex');
    for (let round = 0; round < 5; round++) {
      // 64 body edits (the most a run settles one by one), older than the racy margin.
      const edited = files.slice(round * 64, round * 64 + 64);
      for (const rel of edited) appendFileSync(path.join(root, rel), `\nRound ${round}.\n`);
      ageFiles(root, edited, 10); // not racily clean for the next round
      const run = await docket(['index', '--root', root, '--format', 'json']);
      expect(strip(run.json!)).toEqual(strip(reference.json!));
      expect(run.json!.data).toMatchObject({ written: false, rebuild: { mode: 'incremental', changed: 64 } });
      const m = JSON.parse(readFileSync(manifestPath, 'utf8'));
      const hashes = JSON.parse(readFileSync(hashesPath, 'utf8')) as { paths: string[]; sha256: string[] };
      const done = files.slice(0, round * 64 + 64);
      if (round < 4) {
        expect(Object.keys(m.hashes_overlay).length).toBe(done.length);
        for (const rel of done) expect(m.hashes_overlay[hashes.paths.indexOf(rel)]).toBe(digest(rel));
      } else {
        // 320 > 256: merged into the hashes file, which the manifest names anew.
        expect(m.hashes_overlay).toBeUndefined();
        expect(m.hashes_sha256).toBe(createHash('sha256').update(readFileSync(hashesPath)).digest('hex'));
        for (const rel of done) expect(hashes.sha256[hashes.paths.indexOf(rel)]).toBe(digest(rel));
      }
    }
    // A further edit is compared with the merged digests: settled again, the same answer.
    appendFileSync(path.join(root, files[0]!), '\nAgain.\n');
    ageFiles(root, [files[0]!], 10);
    const again = await docket(['index', '--root', root, '--format', 'json']);
    expect(strip(again.json!)).toEqual(strip(reference.json!));
    expect(again.json!.data).toMatchObject({ written: false, rebuild: { mode: 'incremental', changed: 1 } });
  });
});
