import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('resolve', () => {
  it('gives path, title and status of an ID; builds in memory with INDEX_MISSING when there is no artifact', async () => {
    const repo = copyFixture('index-graph');
    const r = await docket(['resolve', 'GRAPH-ADR-002', '--root', repo, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'resolve');
    expect(r.json!.data).toEqual({
      document_id: 'GRAPH-ADR-002',
      path: 'docs/45-adr/adr-002-use-sqlite.md',
      title: 'Use SQLite',
      status: 'Approved',
    });
    expect(r.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_MISSING']);
  });

  it('no warning when the artifact is current; INDEX_STALE (and the fresh answer) when documents changed since', async () => {
    const repo = copyFixture('index-graph');
    await docket(['index', '--root', repo]);
    const fresh = await docket(['resolve', ' GRAPH-ADR-002 ', '--root', repo, '--json']);
    expect(fresh.json!.warnings).toEqual([]);
    // A body edit that changes no node or edge leaves the artifact current.
    appendFileSync(path.join(repo, 'docs/45-adr/adr-002-use-sqlite.md'), '\nMore.\n');
    expect((await docket(['resolve', 'GRAPH-ADR-002', '--root', repo, '--json'])).json!.warnings).toEqual([]);
    const file = path.join(repo, 'docs/45-adr/adr-002-use-sqlite.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('title: Use SQLite', 'title: Use SQLite 3'));
    const stale = await docket(['resolve', 'GRAPH-ADR-002', '--root', repo, '--json']);
    expect(stale.exitCode).toBe(0);
    expect(stale.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_STALE']);
    expect(stale.json!.data.title).toBe('Use SQLite 3');
    expect(stale.json!.advice).toEqual([
      {
        code: 'NEXT_INDEX',
        message: 'Write the index, so lookups read it instead of rebuilding it in memory.',
        command: `docket index --root ${repo}`,
      },
    ]);
    expect(fresh.json!.advice).toEqual([]);
    // A failed lookup keeps them: the error envelope says the index was stale, and what to run.
    for (const args of [
      ['resolve', 'GRAPH-ADR-099'],
      ['link', 'GRAPH-ADR-099'],
      ['identify', 'docs/45-adr/nothing.md'],
    ]) {
      const failed = await docket([...args, '--root', repo, '--json']);
      expect(failed.exitCode, args.join(' ')).not.toBe(0);
      expectValidEnvelope(failed.json);
      expect(failed.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_STALE']);
      expect(failed.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_INDEX']);
    }
  });

  it('an unknown ID is ID_NOT_FOUND (66) with the closest IDs; a lowercase one gets its canonical form', async () => {
    const repo = copyFixture('index-graph');
    const close = await docket(['resolve', 'GRAPH-ADR-02', '--root', repo, '--json']);
    expect(close.exitCode).toBe(66);
    expectValidEnvelope(close.json);
    expect(close.json!.error.code).toBe('ID_NOT_FOUND');
    expect(close.json!.error.details.did_you_mean[0]).toBe('GRAPH-ADR-002');
    const lower = await docket(['resolve', 'graph-adr-2', '--root', repo, '--json']);
    expect(lower.exitCode).toBe(66);
    expect(lower.json!.error.message).toContain('IDs match exactly: did you mean GRAPH-ADR-002?');
    expect(lower.json!.error.details.did_you_mean).toEqual(['GRAPH-ADR-002']);
    const none = await docket(['resolve', 'ZZZ-QQQ-999', '--root', repo, '--json']);
    expect(none.json!.error.details.did_you_mean).toEqual([]);
    const text = await docket(['resolve', 'graph-adr-2', '--root', repo]);
    expect(text.stderr).toContain('ERROR [ID_NOT_FOUND]');
    expect(text.exitCode).toBe(66);
  });

  it('renders text and markdown', async () => {
    const repo = copyFixture('index-graph');
    const text = await docket(['resolve', 'GRAPH-PRD-001', '--root', repo]);
    expect(text.stdout.split('\n')[0]).toBe('GRAPH-PRD-001  docs/10-prd/prd-001-checkout.md  In Review  Checkout');
    const md = await docket(['resolve', 'GRAPH-PRD-001', '--root', repo, '--format', 'md']);
    expect(md.stdout).toContain('- **Path:** docs/10-prd/prd-001-checkout.md');
  });

  it('text: only the answer on stdout, so $(docket resolve ID) captures it; warnings and advice on stderr (issue 40)', async () => {
    const repo = copyFixture('index-graph');
    for (const args of [
      ['resolve', 'GRAPH-PRD-001'],
      ['identify', 'docs/10-prd/prd-001-checkout.md'],
      ['link', 'GRAPH-PRD-001', '--from', 'docs/45-adr/adr-002-use-sqlite.md'],
    ]) {
      const r = await docket([...args, '--root', repo]);
      expect(r.exitCode, args.join(' ')).toBe(0);
      expect(r.stdout.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      if (args[0] === 'link') continue; // link reads no index
      expect(r.stderr, args.join(' ')).toContain('INDEX_MISSING');
      expect(r.stderr, args.join(' ')).toContain('docket index');
    }
  });
});
