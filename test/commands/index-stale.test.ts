import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { parseStream } from '../helpers/ndjson.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const ARTIFACT = 'docs/01-indices/docket.index.json';
const git = (root: string, ...args: string[]) =>
  spawnSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd: root, encoding: 'utf8' });

/** A repository whose index is committed. */
async function committed(): Promise<string> {
  const root = repo({
    'docs/45-adr/adr-001-one.md': doc({ document_id: 'ACME-ADR-001', title: 'One' }),
    'docs/45-adr/adr-002-two.md': doc({ document_id: 'ACME-ADR-002', title: 'Two', related_ids: '[ACME-ADR-001]' }),
  });
  expect((await docket(['index', '--root', root])).exitCode).toBe(0);
  git(root, 'init', '-q');
  git(root, 'add', '-A');
  git(root, 'commit', '-qm', 'docs');
  return root;
}

const stale = (r: { json?: any }) => r.json!.warnings.filter((w: any) => w.code === 'INDEX_STALE');
const edit = (root: string) => {
  const file = path.join(root, 'docs/45-adr/adr-001-one.md');
  writeFileSync(file, readFileSync(file, 'utf8').replace('title: One', 'title: One, renamed'));
};

describe('a committed index that no longer matches the documents', () => {
  it('check warns (fails with --strict); index --check exits 1 and writes nothing; docket index clears both', async () => {
    const root = await committed();
    const clean = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(clean.json, 'check');
    expect(clean.json!.warnings).toEqual([]);
    const current = await docket(['index', '--check', '--root', root, '--json']);
    expect(current.exitCode).toBe(0);
    expectValidEnvelope(current.json, 'index');
    expect(current.json!.data).toMatchObject({ current: true, written: false });

    edit(root);
    const before = readFileSync(path.join(root, ARTIFACT));
    // Without check's cache every document is described in this run; with it, the index builder answers.
    for (const args of [['--no-cache'], [], []]) {
      const r = await docket(['check', '--root', root, '--json', ...args]);
      expect(r.exitCode).toBe(0);
      expectValidEnvelope(r.json, 'check');
      expect(stale(r)).toEqual([expect.objectContaining({ path: ARTIFACT, severity: 'warning' })]);
      expect(r.json!.advice.map((a: any) => a.code)).toContain('NEXT_INDEX');
    }
    expect((await docket(['check', '--strict', '--root', root, '--json'])).exitCode).toBe(1);
    const ndjson = await docket(['check', '--root', root, '--format', 'ndjson']);
    expect(
      parseStream(ndjson.stdout, 'check')
        .filter((x) => x.record === 'item' && x.kind === 'finding')
        .map((x) => x.data.code),
    ).toEqual(['INDEX_STALE']);

    const checked = await docket(['index', '--check', '--root', root, '--json']);
    expect(checked.exitCode).toBe(1);
    expectValidEnvelope(checked.json, 'index');
    expect(checked.json!.data).toMatchObject({ current: false, written: false });
    expect(checked.json!.violations.map((v: any) => [v.code, v.path])).toEqual([['INDEX_OUT_OF_DATE', ARTIFACT]]);
    expect(readFileSync(path.join(root, ARTIFACT))).toEqual(before);
    expect(git(root, 'status', '--porcelain').stdout).toBe(' M docs/45-adr/adr-001-one.md\n');
    const text = await docket(['index', '--check', '--root', root]);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toContain(`${ARTIFACT} is out of date`);

    expect((await docket(['index', '--root', root])).exitCode).toBe(0);
    expect(stale(await docket(['check', '--root', root, '--json']))).toEqual([]);
    expect((await docket(['check', '--strict', '--root', root])).exitCode).toBe(0);
    expect((await docket(['index', '--check', '--root', root])).exitCode).toBe(0);
  });

  it('an index git does not track is not held against the documents; a path check does not look', async () => {
    const root = await committed();
    git(root, 'rm', '-q', '--cached', ARTIFACT);
    edit(root);
    expect(stale(await docket(['check', '--root', root, '--json']))).toEqual([]);
    git(root, 'add', ARTIFACT);
    expect(stale(await docket(['check', '--root', root, '--json']))).toHaveLength(1);
    expect(stale(await docket(['check', 'docs/45-adr/adr-002-two.md', '--root', root, '--json']))).toEqual([]);
  });

  it('index --check on a missing artifact exits 1', async () => {
    const root = repo({ 'docs/45-adr/adr-001-one.md': doc() });
    const r = await docket(['index', '--check', '--root', root, '--json']);
    expect(r.exitCode).toBe(1);
    expectValidEnvelope(r.json, 'index');
    expect(r.json!.violations.map((v: any) => v.message)).toEqual([`${ARTIFACT} does not exist.`]);
  });
});
