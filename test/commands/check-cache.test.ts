import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { docket } from '../helpers/cli.js';
import { lastRun } from '../../src/core/engine/pipeline.js'; // shared through globalThis with the built copy the commands run
import { ageFiles, tempDir, writeSealedCache } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * check remembers what each document's own rules found (.docket/cache/check.ndjson), keyed by
 * size and mtime (and, when they changed, by the SHA-256 of the bytes) and valid for one
 * config and schema. That changes the speed, never a byte of
 * the output: every run here is compared with `--no-cache`, after edits of all kinds.
 */
const CACHE = '.docket/cache/check.ndjson';

function files(root: string, dir = 'docs'): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) walk(child);
      else out.push(child);
    }
  };
  walk(dir);
  return out.sort();
}

/** Every document (or the ones named) a minute old: a cache trusts only files older than its run by 2 s. */
const age = (root: string, rels: readonly string[] = ['docs']) => ageFiles(root, rels);

function repository(violations: number, seed: number): string {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs: 150, seed, violations });
  age(root);
  return root;
}

/** The same check with and without the cache: the same bytes and exit code; returns how many documents the cache answered. */
async function compare(root: string, args: string[] = [], format = 'json'): Promise<number> {
  const reference = await docket(['check', ...args, '--root', root, '--format', format, '--no-cache']);
  const cached = await docket(['check', ...args, '--root', root, '--format', format]);
  const remembered = lastRun.remembered;
  expect(cached.stdout).toBe(reference.stdout);
  expect(cached.stderr).toBe(reference.stderr);
  expect(cached.exitCode).toBe(reference.exitCode);
  if (format === 'json') expectValidEnvelope(cached.json, 'check');
  return remembered;
}

describe('check cache', () => {
  it('a cold run writes it, a warm run answers from it, with the same bytes in every format', async () => {
    const root = repository(10, 21);
    expect(await compare(root)).toBe(0);
    expect(existsSync(path.join(root, CACHE))).toBe(true);
    expect(readFileSync(path.join(root, '.docket/.gitignore'), 'utf8')).toBe('*\n');
    for (const format of ['json', 'ndjson', 'sarif', 'github', 'junit', 'text', 'md']) {
      expect(await compare(root, [], format)).toBe(150);
    }
    expect(await compare(root, ['docs/45-adr', '--strict'])).toBe(150);
    // Nothing changed: the file is not rewritten (same inode, same mtime).
    const before = statSync(path.join(root, CACHE));
    await docket(['check', '--root', root, '--format', 'json']);
    const after = statSync(path.join(root, CACHE));
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    // A removed document is dropped from it.
    rmSync(
      path.join(
        root,
        files(root).find((f) => f.includes('45-adr'))!,
      ),
    );
    await docket(['check', '--root', root, '--format', 'json']);
    expect(readFileSync(path.join(root, CACHE), 'utf8').trim().split('\n')).toHaveLength(150);
    const warm = await docket(['check', '--root', root, '--format', 'json']);
    expect(new Set(warm.json!.violations.map((v: { code: string }) => v.code))).toEqual(
      new Set(['FRONTMATTER_INVALID', 'FRONTMATTER_MISSING', 'ID_PREFIX', 'ID_REGEX', 'ID_UNIQUE', 'LINK_BROKEN', 'SCHEMA_VALIDATION']),
    );
    expect(await compare(root)).toBe(149);
  });

  // A document accepted from the cache was once taken for one still to read, so every later
  // document got the bytes of the file after it: remembered and read documents alternate here.
  it('remembered and edited documents in alternation are each read once, as without the cache', async () => {
    const root = repository(5, 24);
    await compare(root);
    const docs = files(root).filter((f) => f.endsWith('.md'));
    const edited = docs.filter((_, k) => k % 2 === 1);
    for (const rel of edited) writeFileSync(path.join(root, rel), `${readFileSync(path.join(root, rel), 'utf8')}\nOne more line.\n`);
    age(root, edited);
    const reference = await docket(['check', '--root', root, '--format', 'json', '--no-cache']);
    const run = await docket(['check', '--root', root, '--format', 'json']);
    expect(lastRun.remembered).toBe(docs.length - edited.length);
    expect(run.stdout).toBe(reference.stdout);
    expect(run.exitCode).toBe(reference.exitCode);
  });

  it('--no-cache neither reads nor writes it', async () => {
    const root = repository(0, 22);
    await docket(['check', '--root', root, '--no-cache']);
    expect(existsSync(path.join(root, '.docket'))).toBe(false);
  });

  it('edited, removed and renamed documents, and links to them, are checked afresh', async () => {
    const root = repository(0, 23);
    await compare(root);
    const docs = files(root).filter((f) => f.endsWith('.md') && !f.includes('00-governance'));
    const [a, b, c, d] = docs;
    // A body edit that breaks a link and an anchor; another document's heading renamed (links to it keep their cache entry).
    writeFileSync(path.join(root, a!), `${readFileSync(path.join(root, a!), 'utf8')}\nSee [gone](missing-file.md) and [here](#nowhere).\n`);
    const text = readFileSync(path.join(root, b!), 'utf8');
    writeFileSync(path.join(root, b!), text.replace(/^## Context$/m, '## Background'));
    // A document removed, one moved: links to them now break although the linking documents did not change.
    rmSync(path.join(root, c!));
    const moved = d!.replace(/\.md$/, '-moved.md');
    writeFileSync(path.join(root, moved), readFileSync(path.join(root, d!)));
    rmSync(path.join(root, d!));
    age(root, [a!, b!, moved]);
    const remembered = await compare(root);
    expect(remembered).toBeGreaterThan(100);
    expect(remembered).toBeLessThan(150);
    const json = (await docket(['check', '--root', root, '--format', 'json'])).json!;
    const broken = json.violations.filter((v: { code: string }) => v.code === 'LINK_BROKEN');
    expect(broken.some((v: { path: string }) => v.path === a)).toBe(true);
    expect(broken.some((v: { path: string }) => v.path !== a)).toBe(true); // links into the removed or moved documents
  });

  // The new file copies the lines of unchanged documents from the old one as byte ranges:
  // after edits, removals and additions it must be exactly the file a run from scratch writes.
  it('after edits, removals and additions the cache file is the one a run from scratch writes', async () => {
    const root = repository(5, 29);
    const cacheLines = () => readFileSync(path.join(root, CACHE), 'utf8').split('\n').slice(1);
    await compare(root);
    const docs = files(root).filter((f) => f.endsWith('.md') && !f.includes('00-governance'));
    // First, middle and last documents edited; neighbours removed; a new one in between.
    const edited = [docs[0]!, docs[70]!, docs[docs.length - 1]!];
    for (const rel of edited)
      writeFileSync(path.join(root, rel), `${readFileSync(path.join(root, rel), 'utf8')}\nMore text, [a link](#nowhere).\n`);
    rmSync(path.join(root, docs[40]!));
    rmSync(path.join(root, docs[41]!));
    const added = docs[100]!.replace(/\.md$/, '-b.md');
    writeFileSync(path.join(root, added), readFileSync(path.join(root, docs[100]!)));
    age(root, [...edited, added]);
    const governed = files(root).filter((f) => f.endsWith('.md')).length;
    expect(await compare(root)).toBe(governed - 4);
    const incremental = cacheLines();
    expect(incremental).toHaveLength(governed + 1); // and the final newline
    expect(await compare(root)).toBe(governed);
    expect(cacheLines()).toEqual(incremental); // nothing changed: not rewritten
    rmSync(path.join(root, CACHE));
    await compare(root);
    expect(cacheLines()).toEqual(incremental);
  });

  // A fresh clone, a CI cache restored onto a new checkout, `touch`: every mtime changes, no byte does.
  it('--cache-strategy content: documents whose stat changed but not their bytes are hashed, not described', async () => {
    const root = repository(8, 31);
    const content = ['--cache-strategy', 'content'];
    const cacheLines = () => readFileSync(path.join(root, CACHE), 'utf8').split('\n').slice(1);
    const digests = () =>
      cacheLines()
        .filter((l) => l !== '')
        .map((l) => l.split('\t')[3]);
    // The metadata strategy (the default) does not hash: its lines have no digest, and a content run cannot use them.
    await compare(root);
    expect(new Set(digests())).toEqual(new Set(['']));
    const docs = files(root).filter((f) => f.endsWith('.md'));
    const touch = (seconds: number) => {
      const stamp = new Date(Date.now() - seconds * 1000);
      for (const rel of docs) utimesSync(path.join(root, rel), stamp, stamp);
    };
    touch(40);
    expect(await compare(root, content)).toBe(0);
    expect(digests().every((d) => /^[0-9a-f]{64}$/.test(d!))).toBe(true);
    const before = readFileSync(path.join(root, CACHE), 'utf8');
    touch(30);
    // One document with new bytes of the same size: its digest differs, so it is described again.
    const edited = docs.find((f) => f.includes('45-adr'))!;
    const text = readFileSync(path.join(root, edited), 'utf8');
    writeFileSync(path.join(root, edited), text.replace(/^## Context$/m, '## Contexx'));
    utimesSync(path.join(root, edited), new Date(Date.now() - 30_000), new Date(Date.now() - 30_000));
    expect(readFileSync(path.join(root, edited), 'utf8')).not.toBe(text);
    const reference = await docket(['check', '--root', root, '--format', 'json', '--no-cache']);
    writeSealedCache(path.join(root, CACHE), before);
    const run = await docket(['check', ...content, '--root', root, '--format', 'json']);
    expect(run.stdout).toBe(reference.stdout);
    expect(run.exitCode).toBe(reference.exitCode);
    expect([lastRun.verified, lastRun.remembered]).toEqual([docs.length - 1, docs.length - 1]);
    // The new file holds the new stats, so the next run opens nothing; it is the file a run from scratch writes.
    const rewritten = cacheLines();
    expect(rewritten.join('\n')).not.toBe(before);
    expect(await compare(root, content)).toBe(docs.length);
    expect(lastRun.verified).toBe(0);
    rmSync(path.join(root, CACHE));
    await compare(root, content);
    expect(cacheLines()).toEqual(rewritten);
    // The default strategy never trusts a digest: touched documents are described again.
    touch(20);
    expect(await compare(root)).toBe(0);
  });

  it('--cache-strategy content: a line whose digest matches but whose memo is forged is described afresh', async () => {
    const root = repository(0, 32);
    const content = ['--cache-strategy', 'content'];
    await compare(root, content);
    const good = readFileSync(path.join(root, CACHE), 'utf8').split('\n');
    const rel = JSON.parse(good[1]!.split('\t')[0]!) as string;
    const lines = [...good];
    lines[1] = lines[1]!.replace(
      /\t[^\t]*$/,
      '\t[null,null,null,[],[],[],[{"code":"LINK_BROKEN","severity":"error","message":"m","path":"elsewhere.md"}]]',
    );
    writeSealedCache(path.join(root, CACHE), lines.join('\n'));
    const stamp = new Date(Date.now() - 30_000);
    utimesSync(path.join(root, rel), stamp, stamp);
    expect(await compare(root, content)).toBe(149);
    expect(lastRun.verified).toBe(0);
    // A digest that is not a SHA-256 makes the line unreadable: it and every later line are ignored.
    lines[1] = good[1]!.replace(/^([^\t]*\t[^\t]*\t[^\t]*\t)[0-9a-f]{64}/, '$1nothex');
    expect(lines[1]).not.toBe(good[1]);
    writeSealedCache(path.join(root, CACHE), lines.join('\n'));
    expect(await compare(root, content)).toBe(0);
  });

  // A .docket/cache/ committed to a branch, or copied without its times: its digests could be anyone's.
  it('--cache-strategy content: a cache file docket did not leave there is not used, then rewritten and trusted again', async () => {
    const root = repository(8, 33);
    const content = ['--cache-strategy', 'content'];
    const file = path.join(root, CACHE);
    const docs = files(root).filter((f) => f.endsWith('.md'));
    const touch = (seconds: number) => ageFiles(root, ['docs'], seconds);
    await compare(root, content);
    const writtenMs = () => JSON.parse(readFileSync(file, 'utf8').split('\n', 1)[0]!).written_ms as number;
    expect(Math.abs(statSync(file).mtimeMs - writtenMs())).toBeLessThan(1);
    touch(40);
    const later = (writtenMs() + 10_000) / 1000;
    utimesSync(file, later, later);
    expect(await compare(root, content)).toBe(0);
    expect(lastRun.verified).toBe(0);
    expect(Math.abs(statSync(file).mtimeMs - writtenMs())).toBeLessThan(1);
    touch(30);
    expect(await compare(root, content)).toBe(docs.length);
    expect(lastRun.verified).toBe(docs.length);
  });

  it('an unknown --cache-strategy is INVALID_FLAG_VALUE with the allowed values', async () => {
    const run = await docket(['check', '--cache-strategy', 'mtime', '--format', 'json']);
    expect(run.exitCode).toBe(64);
    expect(run.json!.error.code).toBe('INVALID_FLAG_VALUE');
    expect(run.json!.error.details.allowed).toEqual(['metadata', 'content']);
    expectValidEnvelope(run.json, 'check');
  });

  it('a file changed within two seconds of the cache write is read again (racily clean)', async () => {
    const root = repository(0, 24);
    const victim = files(root).find((f) => f.includes('45-adr'))!;
    const stamp = new Date();
    utimesSync(path.join(root, victim), stamp, stamp);
    await compare(root);
    // Same size, same mtime, different bytes: only the racy rule catches this.
    const text = readFileSync(path.join(root, victim), 'utf8');
    const broken = text.replace(/^document_id: (\w+)-ADR-0/m, 'document_id: $1-ADR-X');
    expect(broken).not.toBe(text);
    writeFileSync(path.join(root, victim), broken);
    utimesSync(path.join(root, victim), stamp, stamp);
    expect(await compare(root)).toBe(149);
    const json = (await docket(['check', '--root', root, '--format', 'json'])).json!;
    expect(json.violations.some((v: { path: string }) => v.path === victim)).toBe(true);
  });

  it('a schema or config change, a corrupt cache and a cache of another version are ignored', async () => {
    const root = repository(0, 25);
    await compare(root);
    const schemaPath = path.join(root, 'docs/00-governance/metadata.schema.json');
    const schema = JSON.parse(readFileSync(schemaPath, 'utf8'));
    schema.required = [...schema.required, 'area'];
    writeFileSync(schemaPath, JSON.stringify(schema, null, 2));
    expect(await compare(root)).toBe(0);
    const json = (await docket(['check', '--root', root, '--format', 'json'])).json!;
    expect(
      json.violations.some((v: { code: string; message: string }) => v.code === 'SCHEMA_VALIDATION' && v.message.includes('area')),
    ).toBe(true);
    writeFileSync(
      path.join(root, 'docops.config.yaml'),
      `${readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')}excluded_files:\n  - README.md\n`,
    );
    expect(await compare(root)).toBe(0);
    for (const garbage of [
      '',
      'not json\n',
      '{"fingerprint":1}\n',
      `${readFileSync(path.join(root, CACHE), 'utf8').split('\n')[0]}\n"x"\t1\n`,
    ]) {
      writeSealedCache(path.join(root, CACHE), garbage);
      expect(await compare(root)).toBe(0);
    }
    // A line whose memo is not a memo (a forged or truncated entry) is read again, not trusted:
    // a link to a missing target, a negative one, a position 0, an unknown code, a finding of another file.
    const good = readFileSync(path.join(root, CACHE), 'utf8').split('\n');
    const rel = JSON.parse(good[1]!.split('\t')[0]!) as string;
    const forged = [
      '[null,null,null,[],[],[5,0,1,1],[]]',
      '[null,null,null,[],["x.md"],[-1,0,1,1],[]]',
      '[null,null,null,[],["x.md"],[0,0,0,1],[]]',
      `[null,null,null,[],[],[],[{"code":"NOT_A_CODE","severity":"error","message":"m","path":${JSON.stringify(rel)}}]]`,
      '[null,null,null,[],[],[],[{"code":"LINK_BROKEN","severity":"error","message":"m","path":"docs/other.md"}]]',
      `[null,null,null,[],[],[],[{"code":"LINK_BROKEN","severity":"error","message":"m","path":${JSON.stringify(rel)},"line":0}]]`,
    ];
    for (const memo of forged) {
      const lines = [...good];
      lines[1] = lines[1]!.replace(/\t[^\t]*$/, `\t${memo}`);
      writeSealedCache(path.join(root, CACHE), lines.join('\n'));
      expect(await compare(root), memo).toBe(149);
    }
  });

  it('remembers documents whose paths need escaping (quotes, tabs, backslashes, non-ASCII)', async () => {
    const root = repository(0, 27);
    const source = files(root).find((f) => f.includes('45-adr'))!;
    const names = ['ADR "quoted".md', 'tab\there.md', 'back\\slash.md', 'décision-ü.md'];
    for (const name of names) writeFileSync(path.join(root, 'docs/45-adr', name), readFileSync(path.join(root, source)));
    age(root);
    await compare(root);
    expect(await compare(root)).toBe(154);
  });

  it('never writes through a symbolic link or outside the root', async () => {
    const root = repository(0, 26);
    const outside = tempDir();
    symlinkSync(outside, path.join(root, '.docket'));
    const run = await docket(['check', '--root', root, '--format', 'json']);
    expect(run.exitCode).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
    rmSync(path.join(root, '.docket'));
    mkdirSync(path.join(root, '.docket/cache'), { recursive: true });
    symlinkSync(path.join(outside, 'target.ndjson'), path.join(root, CACHE));
    expect((await docket(['check', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    expect(readdirSync(outside)).toEqual([]);
  });
});
