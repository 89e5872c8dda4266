import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { docket } from '../helpers/cli.js';
import { ageFiles, tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * `check --include-metrics` says where the run's time went (DOCKET-SPEC-006 §2): the walk,
 * the documents (read, described, their own rules) and the rules across documents. Only when
 * asked: the result is the same.
 */
const PHASES = ['cross_document_ms', 'documents_ms', 'walk_ms'];

function repository(): string {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs: 120, seed: 7, violations: 5 });
  ageFiles(root);
  return root;
}

function expectPhases(metrics: Record<string, number>): void {
  expect(Object.keys(metrics).sort()).toEqual([...PHASES, 'elapsed_ms', 'peak_rss_bytes'].sort());
  for (const key of PHASES) {
    expect(Number.isFinite(metrics[key])).toBe(true);
    expect(metrics[key]).toBeGreaterThanOrEqual(0);
  }
  // The phases follow one another inside the command (tenths rounded each).
  expect(metrics.walk_ms! + metrics.documents_ms! + metrics.cross_document_ms!).toBeLessThanOrEqual(metrics.elapsed_ms! + 0.2);
}

describe('check --include-metrics', () => {
  it('adds the phases to the envelope and changes nothing else, with and without the cache', async () => {
    const root = repository();
    const plain = await docket(['check', '--root', root, '--format', 'json', '--no-cache']);
    expect(plain.exitCode).toBe(1);
    expect(plain.json).not.toHaveProperty('metrics');
    for (const args of [
      ['--no-cache'],
      [], // fills the cache
      [], // every document remembered
    ]) {
      const r = await docket(['check', '--root', root, '--format', 'json', '--include-metrics', ...args]);
      expect(r.exitCode).toBe(1);
      expectValidEnvelope(r.json, 'check');
      expectPhases(r.json!.metrics);
      const { metrics: _metrics, ...rest } = r.json!;
      expect(rest).toEqual(plain.json);
    }
  });

  it('puts them in the NDJSON summary', async () => {
    const root = repository();
    const r = await docket(['check', '--root', root, '--format', 'ndjson', '--include-metrics', '--no-cache']);
    const summary = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    expect(summary.record).toBe('summary');
    expectPhases(summary.metrics);
  });
});
