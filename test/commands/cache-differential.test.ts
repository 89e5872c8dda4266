import { appendFileSync, copyFileSync, existsSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { docket } from '../helpers/cli.js';
import { documents, markdown, random } from '../helpers/edits.js';
import { tempDir } from '../helpers/fixtures.js';

/**
 * Differential rounds: seeded random edits of every kind (bytes appended or rewritten the same,
 * headings renamed, files removed, copied, moved, aged or left racily recent), then `check`
 * with both cache strategies and `index` with its cache, against a run from scratch. Whatever
 * mix of remembered, verified and read documents a round leaves, the output must not change by
 * a byte. (A bug that gave documents another file's bytes passed every example test written
 * before this one; these rounds found it.)
 */
const ARTIFACT = 'docs/01-indices/docket.index.json';
const VARIANTS: Record<string, string>[] = [{}];

/** The index envelope without what depends on the cache (how it was rebuilt, whether the artifact was rewritten, cache warnings). */
function indexResult(stdout: string): unknown {
  const json = JSON.parse(stdout) as { data: Record<string, unknown>; warnings: { code: string }[] };
  return {
    ...json,
    data: { ...json.data, rebuild: undefined, written: undefined },
    warnings: json.warnings.filter((w) => !w.code.startsWith('INDEX_CACHE')),
  };
}

/** The artifact on disk (none while the index has violations: it is not written then). */
function written(root: string): string {
  return existsSync(path.join(root, ARTIFACT)) ? readFileSync(path.join(root, ARTIFACT), 'utf8') : '';
}

function edit(root: string, next: () => number, round: number): void {
  const files = documents(root);
  const age = (rel: string, seconds: number) =>
    utimesSync(path.join(root, rel), new Date(Date.now() - seconds * 1000), new Date(Date.now() - seconds * 1000));
  const count = 5 + Math.floor(next() * 40);
  for (let k = 0; k < count; k++) {
    const rel = files[Math.floor(next() * files.length)]!;
    const abs = path.join(root, rel);
    if (!existsSync(abs)) continue;
    const op = Math.floor(next() * 8);
    if (op === 0) appendFileSync(abs, '\nMore text, and a [link](#context).\n');
    else if (op === 1)
      writeFileSync(abs, readFileSync(abs)); // same bytes, new mtime
    else if (op === 2) age(rel, Math.floor(next() * 100));
    else if (op === 3) writeFileSync(abs, readFileSync(abs, 'utf8').replace(/^## Context$/m, '## Background'));
    else if (op === 4) rmSync(abs);
    else if (op === 5)
      copyFileSync(abs, abs.replace(/\.md$/, `-copy-${round}-${k}.md`)); // a duplicate ID
    else if (op === 6) renameSync(abs, abs.replace(/\.md$/, `-moved-${round}-${k}.md`));
    else writeFileSync(abs, readFileSync(abs, 'utf8').replace('status: Approved', 'status: Draft'));
  }
  // All old, every other one old (cached and read documents alternate), or as they are (racily recent).
  const mode = round % 3;
  markdown(root).forEach((rel, i) => {
    if (mode === 0 || (mode === 1 && i % 2 === 0)) age(rel, 120);
  });
}

describe('results do not depend on caches, whatever was edited', () => {
  it.each([[41], [42]])('seed %i: check (both cache strategies) and index, from scratch and cached', async (seed) => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 150, seed, violations: 5 });
    const next = random(seed);
    for (let round = 0; round < 3; round++) {
      edit(root, next, round);
      const check = await docket(['check', '--root', root, '--format', 'json', '--no-cache'], { env: VARIANTS[0] });
      const index = await docket(['index', '--root', root, '--format', 'json', '--no-cache'], { env: VARIANTS[0] });
      const artifact = written(root);
      for (const env of VARIANTS) {
        for (const strategy of ['metadata', 'content']) {
          const cached = await docket(['check', '--root', root, '--format', 'json', '--cache-strategy', strategy], { env });
          expect(cached.stdout, `round ${round}, ${strategy}, ${JSON.stringify(env)}`).toBe(check.stdout);
          expect(cached.exitCode).toBe(check.exitCode);
        }
        const cached = await docket(['index', '--root', root, '--format', 'json'], { env });
        expect(indexResult(cached.stdout), `round ${round}, index, ${JSON.stringify(env)}`).toEqual(indexResult(index.stdout));
        expect(cached.exitCode).toBe(index.exitCode);
        expect(written(root)).toBe(artifact);
      }
    }
  });
});
