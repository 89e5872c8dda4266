import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { itemsOf, parseStream } from '../helpers/ndjson.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** `--format ndjson` across commands: the record sequence and agreement with the envelope. */
describe('--format ndjson', () => {
  for (const fixture of ['meminit-repo', 'config-warnings', 'monorepo']) {
    it(`check streams the same findings as --format json, in the same order (${fixture})`, async () => {
      const repo = copyFixture(fixture);
      const json = await docket(['check', '--root', repo, '--json']);
      expectValidEnvelope(json.json, 'check');
      const stream = await docket(['check', '--root', repo, '--format', 'ndjson']);
      expect(stream.exitCode).toBe(json.exitCode);
      const records = parseStream(stream.stdout, 'check');
      const findings = itemsOf(records, 'finding');
      expect(findings.filter((f) => f.severity === 'error')).toEqual(json.json!.violations);
      expect(findings.filter((f) => f.severity !== 'error')).toEqual(json.json!.warnings);
      const files = itemsOf(records, 'file');
      expect(files.map((f) => f.path).sort()).toEqual(json.json!.data.checked_paths);
      const summary = records[records.length - 1]!;
      const { checked_paths: _omitted, ...rest } = json.json!.data;
      expect(summary).toMatchObject({
        record: 'summary',
        success: json.json!.success,
        status: json.json!.status,
        data: rest,
        advice: json.json!.advice,
      });
      expect(summary.counts).toMatchObject({ violations: json.json!.violations.length, warnings: json.json!.warnings.length });
    });
  }

  it("each document's findings precede its file item", async () => {
    const repo = copyFixture('meminit-repo');
    const records = parseStream((await docket(['check', '--root', repo, '--format', 'ndjson'])).stdout, 'check');
    const items = records.filter((r) => r.record === 'item');
    for (const [i, r] of items.entries()) {
      if (r.kind !== 'file') continue;
      const later = items.slice(i + 1).filter((x) => x.kind === 'finding' && x.data.path === r.data.path);
      expect(later, r.data.path).toEqual([]);
      expect(items.slice(0, i).filter((x) => x.kind === 'finding' && x.data.path === r.data.path).length).toBe(
        r.data.violations + r.data.warnings,
      );
    }
  });

  it('check --strict and PATHS behave as in JSON; --fields applies to the summary', async () => {
    const repo = copyFixture('config-warnings');
    const json = await docket(['check', '--root', repo, '--strict', '--json']);
    const stream = await docket(['check', '--root', repo, '--strict', '--format', 'ndjson', '--fields', 'files_failed,strict']);
    expect(stream.exitCode).toBe(json.exitCode);
    const records = parseStream(stream.stdout, 'check');
    expect(records[records.length - 1]!.data).toEqual({ files_failed: json.json!.data.files_failed, strict: true });
  });

  it('errors after the header become an error record with the same exit code', async () => {
    const repo = copyFixture('meminit-repo');
    const r = await docket(['check', 'nope.md', '--root', repo, '--format', 'ndjson']);
    expect(r.exitCode).toBe(66);
    const records = parseStream(r.stdout, 'check');
    expect(records.map((x) => x.record)).toEqual(['header', 'error']);
    expect(records[1]!.error.code).toBe('FILE_NOT_FOUND');
  });

  it('context --deep streams documents; without --deep it is refused (INVALID_FORMAT, 64)', async () => {
    const repo = copyFixture('monorepo');
    const json = await docket(['context', '--deep', '--root', repo, '--json']);
    const stream = await docket(['context', '--deep', '--root', repo, '--format', 'ndjson']);
    expect(stream.exitCode).toBe(0);
    const records = parseStream(stream.stdout, 'context');
    expect(itemsOf(records, 'document')).toEqual(json.json!.data.documents);
    const summary = records[records.length - 1]!;
    expect(summary.data).not.toHaveProperty('documents');
    expect(summary.data.deep).toEqual(json.json!.data.deep);
    const shallow = await docket(['context', '--root', repo, '--format', 'ndjson']);
    expect(shallow.exitCode).toBe(64);
    expect(parseStream(shallow.stdout, 'context').pop()!.error.code).toBe('INVALID_FORMAT');
  });

  it('other commands refuse ndjson with a JSON envelope before any stream starts', async () => {
    const repo = copyFixture('monorepo');
    for (const args of [['doctor'], ['resolve', 'PLAT-ADR-001'], ['fix']]) {
      const r = await docket([...args, '--root', repo, '--format', 'ndjson']);
      expect(r.exitCode).toBe(64);
      expectValidEnvelope(r.json);
      expect(r.json!.error.code).toBe('INVALID_FORMAT');
    }
  });

  it('--output writes the stream to a file', async () => {
    const repo = copyFixture('meminit-repo');
    const r = await docket(['check', '--root', repo, '--format', 'ndjson', '--output', 'report.ndjson']);
    expect(r.stdout).toBe('');
    const { readFileSync } = await import('node:fs');
    const records = parseStream(readFileSync(`${repo}/report.ndjson`, 'utf8'), 'check');
    expect(records[records.length - 1]!.record).toBe('summary');
  });
});
