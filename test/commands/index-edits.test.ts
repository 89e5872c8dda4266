import { mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { docket } from '../helpers/cli.js';
import { documents, frontmatter, idOf as idIn, markdown, random, unlinked } from '../helpers/edits.js';
import { tempDir } from '../helpers/fixtures.js';
import { generatedRepository } from '../helpers/generated.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * `index` after edits of a few documents (node fields, links, relations, successors, IDs, a
 * document that stops being a node) builds the graph from the cached facts, with only the
 * edited documents read again (see factsSinceBuild in src/core/index/current.ts). Seeded
 * rounds of every kind: after each, the cached run must say and write exactly what a run
 * without the cache says and writes, and the manifest shows that the facts file stayed (the
 * new facts wait in its overlay), so the incremental path cannot silently stop being taken.
 */
const ARTIFACT = 'docs/01-indices/docket.index.json';
const MANIFEST = '.docket/cache/index.json';

/** The envelope without what depends on the cache. */
function result(stdout: string): unknown {
  const json = JSON.parse(stdout) as { data: Record<string, unknown>; warnings: { code: string }[] };
  return { ...json, data: { ...json.data, rebuild: undefined, written: undefined } };
}

type Edit = (text: string, n: number) => string;

/** An index run with the cache after an edit, checked against one without: whether it was built from the cached facts (the facts file stayed), and its envelope. */
async function indexAgainstFull(root: string, step: string): Promise<{ fromFacts: boolean; json: Record<string, unknown> }> {
  const before = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Manifest;
  const cached = await docket(['index', '--root', root, '--format', 'json']);
  const after = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Manifest;
  const full = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
  expect(result(cached.stdout), step).toEqual(result(full.stdout));
  expect(cached.exitCode, step).toBe(full.exitCode);
  if (full.exitCode === 0) expect((full.json!.data as { written: boolean }).written, step).toBe(false);
  return { fromFacts: after.facts_sha256 === before.facts_sha256, json: cached.json as Record<string, unknown> };
}

/** Edits of a node's own fields: the graph keeps its shape. */
const PAYLOAD: Edit[] = [
  (t, n) => frontmatter(t, (fm) => fm.replace(/^title: "(.*)"$/m, `title: "$1 (edit ${n})"`)),
  // Not a status of the schema (Done) still makes a node: the index does not validate.
  (t, n) =>
    frontmatter(t, (fm) => fm.replace(/^status: .*$/m, `status: ${['Draft', 'In Review', 'Approved', 'Superseded', 'Done'][n % 5]}`)),
  (t, n) => frontmatter(t, (fm) => fm.replace(/^owner: .*$/m, `owner: Team ${n} "é"`)),
  (t, n) =>
    frontmatter(t, (fm) =>
      fm
        .replace(/^(title: .*)$/m, `$1\nkeywords_${n % 2 ? 'x' : 'y'}: 1`)
        .replace(/^keywords_.*\n/m, '')
        .replace(/^(status: .*)$/m, `$1\narea: area-${n}`)
        .replace(/^area: .*\narea: /m, 'area: '),
    ),
];

describe('index after edits: built from the cached facts, byte for byte what a full build writes', () => {
  it.each([[7], [8], [9]])('seed %i', async (seed) => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 60, seed, violations: 0 });
    const next = random(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const age = (rel: string) => utimesSync(path.join(root, rel), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    markdown(root).forEach(age);
    const first = await docket(['index', '--root', root, '--format', 'json']);
    expect(first.exitCode).toBe(0);
    const files = documents(root);
    const idOf = (rel: string) => idIn(root, rel)!;
    const ids = files.map(idOf);
    /** Documents that are no longer nodes: left alone afterwards. */
    const broken = new Set<string>();
    const superseded = new Set<string>();
    /** Edits that change the graph's shape, or make the document something other than a node. */
    const structural = (rel: string, n: number): ((t: string) => string) => {
      const ops = [
        (t: string) =>
          frontmatter(t, (fm) =>
            fm.replace(/^related_ids:\n/m, '').replace(/^(status: .*)$/m, `$1\nrelated_ids:\n  - NOPE-ADR-${100 + (n % 900)}`),
          ),
        (t: string) => (broken.add(rel), frontmatter(t, (fm) => fm.replace(/^document_id: (.*)$/m, `document_id: $1${n % 10}`))),
        (t: string) => (broken.add(rel), frontmatter(t, (fm) => fm.replace(/^(status: .*)$/m, '$1\nbroken: [unclosed'))),
      ];
      if (!superseded.has(rel) && next() < 0.5) {
        superseded.add(rel);
        // A new successor, which may close a cycle (reported from the facts as a full build reports it).
        return (t: string) =>
          frontmatter(t, (fm) => fm.replace(/^(status: .*)$/m, `$1\nsuperseded_by: ${pick(ids.filter((id) => id !== idOf(rel)))}`));
      }
      return pick(ops);
    };
    /** Edits of a node's links: its references change, nothing else of the graph. */
    const relink = (rel: string): ((t: string) => string) => {
      const link = (target: string) => path.posix.relative(path.posix.dirname(rel), target);
      return pick([
        // To another document (a node or not), to itself, to a file that does not exist.
        (t: string) => `${t}\nSee [another](${link(pick(files.filter((f) => f !== rel)))}).\n`,
        (t: string) => `${t}\nSee [this](${link(rel)}) and [that](${link(pick(files))}#part).\n`,
        (t: string) => `${t}\nSee [nothing](${link('docs/none/missing.md')}).\n`,
        // Every link dropped: the document may lose all its references.
        (t: string) => unlinked(t),
      ]);
    };
    /** Edits of a node's related_ids: relations to nodes added and removed, dangling ones removed. */
    const relateEdit = (rel: string): ((t: string) => string) => {
      const own = idOf(rel);
      const others = ids.filter((id) => id !== own);
      const edit = pick([
        (t: string) =>
          frontmatter(t, (fm) =>
            /^related_ids:\n/m.test(fm)
              ? fm.replace(/^related_ids:\n/m, `related_ids:\n  - ${pick(others)}\n`)
              : fm.replace(/^(status: .*)$/m, `$1\nrelated_ids:\n  - ${pick(others)}`),
          ),
        (t: string) => frontmatter(t, (fm) => fm.replace(/^related_ids:\n {2}- .*\n/m, 'related_ids:\n')),
        (t: string) => frontmatter(t, (fm) => fm.replace(/^related_ids:\n( {2}- .*\n)*/m, '')),
        // Itself: no edge, no warning.
        (t: string) => frontmatter(t, (fm) => fm.replace(/^related_ids:\n/m, `related_ids:\n  - ${own}\n`)),
      ]);
      return edit;
    };
    let relinked = 0;
    for (let round = 0; round < 16; round++) {
      const isStructural = next() < 0.3;
      const count = 1 + Math.floor(next() * 3);
      for (let k = 0; k < count; k++) {
        const n = round * 10 + k;
        // Half the node-field edits set the status of a superseded document: its status warning comes and goes.
        const toSuperseded = !(isStructural && k === 0) && next() < 0.5 ? [...superseded].filter((f) => !broken.has(f)) : [];
        // A document that is no longer a node may be edited again: a new link, another reason not to be a node.
        const again = !(isStructural && k === 0) && toSuperseded.length === 0 && broken.size > 0 && next() < 0.25;
        const rel = toSuperseded.length > 0 ? pick(toSuperseded) : again ? pick([...broken]) : pick(files.filter((f) => !broken.has(f)));
        const abs = path.join(root, rel);
        const rebreak = (t: string) =>
          frontmatter(t, (fm) =>
            fm.replace(/^broken: \[unclosed.*$/m, `broken: [unclosed ${n}`).replace(/^document_id: (.*)$/m, `document_id: $1${n % 10}`),
          );
        const edit =
          isStructural && k === 0
            ? structural(rel, n)
            : again
              ? pick([relink(rel), rebreak])
              : toSuperseded.length > 0
                ? (t: string) => PAYLOAD[1]!(t, n)
                : next() < 0.4
                  ? pick([relink(rel), relateEdit(rel)])
                  : (t: string) => pick(PAYLOAD)(t, n);
        writeFileSync(abs, edit(readFileSync(abs, 'utf8')));
        if (next() < 0.5) age(rel);
      }
      const before = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Manifest;
      const previous = readFileSync(path.join(root, ARTIFACT));
      const edges = (JSON.parse(previous.toString('utf8')) as { edge_count: number }).edge_count;
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      expectValidEnvelope(cached.json, 'index');
      const after = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Manifest;
      const artifact = readFileSync(path.join(root, ARTIFACT));
      // Written only when its bytes changed.
      expect((cached.json!.data as { written: boolean }).written, `round ${round}`).toBe(!artifact.equals(previous));
      // A run without the cache over the same files: the same envelope, and nothing to rewrite.
      const full = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
      expect(result(cached.stdout), `round ${round}`).toEqual(result(full.stdout));
      expect(cached.exitCode).toBe(full.exitCode);
      if (full.exitCode === 0)
        expect((full.json!.data as { written: boolean }).written, `round ${round}: the artifact differs from a full build's`).toBe(false);
      expect(readFileSync(path.join(root, ARTIFACT)).equals(artifact)).toBe(true);
      // Every round, even after a build that failed (a cycle): the facts file stays, the new facts wait in the manifest.
      expect(after.facts_sha256, `round ${round}: built in full`).toBe(before.facts_sha256);
      if (JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')).edge_count !== edges) relinked++;
    }
    // Some rounds changed the edges (links added or dropped), not only nodes.
    expect(relinked).toBeGreaterThan(0);
  });
});

describe('index after edits of related_ids: relations, their warnings and advice', () => {
  it('matches a full build at each step, each built from the cached facts', async () => {
    const { root, byId, ids } = generatedRepository(30, 4);
    const relate = (id: string, related: string[]) => {
      const abs = path.join(root, byId.get(id)!);
      const list = related.length > 0 ? `\nrelated_ids:\n${related.map((r) => `  - ${r}`).join('\n')}` : '';
      writeFileSync(
        abs,
        frontmatter(readFileSync(abs, 'utf8'), (fm) =>
          fm.replace(/^related_ids:\n( {2}- .*\n)*/m, '').replace(/^(status: .*)$/m, `$1${list}`),
        ),
      );
    };
    for (const id of ids) relate(id, []);
    const first = await docket(['index', '--root', root, '--format', 'json']);
    expect(first.json!.advice.filter((x: { code: string }) => x.code === 'INDEX_RELATION_ONE_SIDED')).toEqual([]);
    const [a, b, c, d, z] = [ids[0]!, ids[1]!, ids[2]!, ids[3]!, ids.at(-1)!];
    const steps: [string, string[]][][] = [
      [[a, [b]]], // one-sided a -> b
      [[b, [a]]], // mutual: no advice
      [[a, []]], // one-sided b -> a
      [[a, [a]]], // itself: no edge, no warning
      [
        [c, [b]],
        [b, [a, c]],
      ], // two documents at once: b and c mutual, b -> a still one-sided
      [
        [b, []],
        [c, ['NOPE-ADR-998']],
      ], // both change again: no relation between them, c's dangling one is new
      [[c, ['NOPE-ADR-999', `${a}X`]]], // new dangling IDs: their suggestions are made from every ID (one is close to a)
      [[c, ['NOPE-ADR-999', a]]], // the dangling relation stays (its edge not guaranteed), one to a node is added
      [[c, []]], // the dangling relation and its warning go
      [[d, ids.filter((id) => id !== d).slice(0, 22)]], // 22 one-sided relations: 20 listed, 2 more
      [[z, [a]]], // after the last listed one: counted
      [[a, [d]]], // d -> a was listed and is mutual now: the 21st is listed
      [[a, []]], // one-sided again: the 21st leaves the list
      // Three listed relations become mutual, and so does z -> a, past the last listed (19 in all, none unlisted).
      [
        [a, [d, z]],
        [b, [d]],
        [c, [d]],
      ],
      [[z, []]],
    ];
    const fromFacts: boolean[] = [];
    const more: (string | undefined)[] = [];
    for (const [i, edits] of steps.entries()) {
      for (const [id, related] of edits) relate(id, related);
      const run = await indexAgainstFull(root, `step ${i}`);
      fromFacts.push(run.fromFacts);
      more.push((run.json.advice as { message: string }[]).find((x) => / more one-sided /.test(x.message))?.message);
    }
    expect(fromFacts).toEqual(steps.map(() => true));
    expect(more.slice(9, 11)).toEqual(['2 more one-sided relations are not listed.', '3 more one-sided relations are not listed.']);
  });
});

describe('index after link edits: references added, replaced and dropped, down to no edge at all', () => {
  it('matches a full build at each step, each built from the cached facts', async () => {
    const { root, byId, ids } = generatedRepository(12, 9);
    const abs = (id: string) => path.join(root, byId.get(id)!);
    const linkTo = (from: string, to: string[]) => {
      const rel = byId.get(from)!;
      // The body's own links dropped, then links to the given documents.
      const text = unlinked(readFileSync(abs(from), 'utf8'));
      writeFileSync(
        abs(from),
        `${text}\n${to.map((t) => `See [${t}](${path.posix.relative(path.posix.dirname(rel), byId.get(t) ?? 'docs/none.md')}).`).join('\n')}\n`,
      );
    };
    // No relations and no links: an artifact without edges ("edges": []).
    for (const id of ids) {
      writeFileSync(
        abs(id),
        frontmatter(readFileSync(abs(id), 'utf8'), (fm) => fm.replace(/^related_ids:\n( {2}- .*\n)*/m, '')),
      );
      linkTo(id, []);
    }
    expect((await docket(['index', '--root', root, '--format', 'json'])).json!.data).toMatchObject({ edge_count: 0 });
    const [a, b, c] = ids;
    const z = ids.at(-1)!;
    const steps: [string, string[], number][] = [
      [b!, [a!], 1], // into an empty array
      [z!, [a!, b!], 3], // after every run
      [a!, [z!], 4], // before every run
      [c!, ['none', c!], 4], // a path that is no document, and itself: no edge
      [b!, [], 3], // a run dropped between two others
      [a!, [], 2], // the first run dropped
      [z!, [b!], 1], // a run replaced
      [z!, [], 0], // the last edge dropped: an empty array again
    ];
    for (const [i, [from, to, edges]] of steps.entries()) {
      linkTo(from, to);
      const run = await indexAgainstFull(root, `step ${i}`);
      expect(run.fromFacts, `step ${i}`).toBe(true);
      expect((run.json.data as { edge_count: number }).edge_count, `step ${i}`).toBe(edges);
    }
    expect(readFileSync(path.join(root, ARTIFACT), 'utf8')).toContain('"edges": []');
  });
});

describe('index after edits of superseded_by: the supersession edge moves, warnings follow, cycles are reported', () => {
  it('matches a full build at each step, each built from the cached facts (also after a failed build)', async () => {
    const { root, byId, ids } = generatedRepository(20, 6);
    const [a, b, c, d] = ids;
    const succeed = (id: string, successor: string | null) => {
      const abs = path.join(root, byId.get(id)!);
      writeFileSync(
        abs,
        frontmatter(readFileSync(abs, 'utf8'), (fm) =>
          fm.replace(/^superseded_by: .*\n/m, '').replace(/^(status: .*)$/m, successor ? `$1\nsuperseded_by: ${successor}` : '$1'),
        ),
      );
    };
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    const steps: [string, string | null][][] = [
      [[b!, a!]], // a supersedes b, whose status says otherwise: a warning
      [[b!, c!]], // the edge moves to c
      [[d!, c!]], // c supersedes two
      [[b!, 'NOPE-ADR-999']], // a dangling successor: its suggestion is made from every ID
      [[b!, `${a}X`]], // another, close to a
      [[b!, c!]], // the dangling successor and its warning go
      [[c!, b!]], // a cycle, reported
      [[c!, null]], // the cycle broken
      [
        [b!, null],
        [d!, b!],
      ], // two successors at once
      [
        [a!, d!],
        [b!, a!],
      ], // together they close a cycle, b -> a -> d -> b, that neither closes alone
      [[a!, null]], // the cycle broken again
      [
        [b!, c!],
        [a!, c!],
      ], // two again: d -> b -> c, a -> c
    ];
    const fromFacts: boolean[] = [];
    for (const [i, edits] of steps.entries()) {
      for (const [id, successor] of edits) succeed(id, successor);
      fromFacts.push((await indexAgainstFull(root, `step ${i}`)).fromFacts);
    }
    expect(fromFacts).toEqual(steps.map(() => true));
  });
});

describe('index after status edits of superseded documents: their warnings come and go', () => {
  it('matches a full build at each step', async () => {
    const { root, files, byId, ids } = generatedRepository(20, 3);
    const idOf = (rel: string) => idIn(root, rel)!;
    const [a, b, c] = ids.map((id) => byId.get(id)!);
    const set = (rel: string, f: (fm: string) => string) =>
      writeFileSync(path.join(root, rel), frontmatter(readFileSync(path.join(root, rel), 'utf8'), f));
    const status = (s: string) => (fm: string) => fm.replace(/^status: .*$/m, `status: ${s}`);
    // Three superseded documents whose status says otherwise (the first also names an unknown successor): three warnings, in ID order.
    for (const rel of [a!, b!, c!])
      set(rel, (fm) =>
        status('Approved')(fm).replace(
          /^(status: .*)$/m,
          `$1\nsuperseded_by: ${rel === a ? 'NOPE-ADR-999' : idOf(files.find((f) => f !== rel)!)}`,
        ),
      );
    const steps: [string, (fm: string) => string][] = [
      [b!, status('Superseded')],
      [b!, status('Draft')],
      [a!, status('In Review')],
      [c!, status('superseded')],
      [a!, status('Superseded')],
      [a!, status('Draft')],
    ];
    expect((await docket(['index', '--root', root, '--format', 'json'])).json!.warnings).toHaveLength(4);
    for (const [i, [rel, edit]] of steps.entries()) {
      set(rel, edit);
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Manifest;
      expect(manifest.facts_overlay, `step ${i}: built in full`).toBeDefined();
      const full = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
      expect(result(cached.stdout), `step ${i}`).toEqual(result(full.stdout));
      expect((full.json!.data as { written: boolean }).written, `step ${i}`).toBe(false);
      // Lookups build through the cache: they see the new facts, and the artifact as current.
      const found = await docket(['resolve', idOf(rel), '--root', root, '--format', 'json']);
      expect(found.json!.warnings, `step ${i}`).toEqual([]);
      expect((found.json!.data as { status: string }).status).toBe(/^status: (.*)$/m.exec(readFileSync(path.join(root, rel), 'utf8'))![1]);
    }
  });
});

describe('index after a node-field edit when the artifact is not the one the cache describes', () => {
  it.each([['edited by hand'], ['removed'], ['replaced by a directory']])(
    'artifact %s: written again from the cached facts, as a full build writes it',
    async (how) => {
      const root = path.join(tempDir(), 'r');
      generateRepo(root, { docs: 20, seed: 5, violations: 0 });
      expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
      const abs = path.join(root, ARTIFACT);
      const original = readFileSync(abs, 'utf8');
      if (how === 'edited by hand') writeFileSync(abs, original.replace(/"title": "(.)/, '"title": "X'));
      else if (how === 'removed') rmSync(abs);
      else {
        rmSync(abs);
        mkdirSync(abs);
      }
      const [rel] = documents(root);
      writeFileSync(path.join(root, rel!), readFileSync(path.join(root, rel!), 'utf8').replace(/^title: "(.*)"$/m, 'title: "$1 again"'));
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      const manifest = JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Manifest;
      if (how === 'replaced by a directory') {
        // Nothing written: not the artifact, nor the cache's new facts.
        expect(cached.json!.error!.code).toBe('FILE_EXISTS');
        expect(manifest.facts_overlay).toBeUndefined();
        return;
      }
      expect(manifest.facts_overlay).toBeDefined();
      expect([cached.exitCode, (cached.json!.data as { written: boolean }).written]).toEqual([0, true]);
      const full = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
      expect(result(cached.stdout)).toEqual(result(full.stdout));
      expect((full.json!.data as { written: boolean }).written).toBe(false);
    },
  );
});

interface Manifest {
  facts_sha256: string;
  facts_overlay?: Record<string, unknown>;
  result: { violations: unknown[] } | null;
}
