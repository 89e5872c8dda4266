import { mkdirSync, readFileSync, renameSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { lastLookup } from '../../src/core/index/lookup.js'; // shared through globalThis with the built copy the commands run
import { docket, type CliResult } from '../helpers/cli.js';
import { documents, frontmatter, idOf as idIn, markdown, random, retargeted, unlinked } from '../helpers/edits.js';
import { tempDir } from '../helpers/fixtures.js';
import { generatedRepository } from '../helpers/generated.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * `index` after documents were added (`docket new`, then `docket index`), removed, renamed or
 * given new IDs builds the graph from the cached facts, with only the new and changed files
 * read (see factsSinceBuild in src/core/index/current.ts): the cache appends the new files and
 * lists the removed ones, and keeps its facts file. Only more new, removed or changed files than
 * the manifest takes build in full. Seeded rounds of additions of every kind, with edits and
 * removals between them: after each, the cached run must say and write exactly what a run
 * without the cache says and writes.
 */
const ARTIFACT = 'docs/01-indices/docket.index.json';
const MANIFEST = '.docket/cache/index.json';

interface Manifest {
  facts_sha256: string;
  appended?: string[];
  removed?: Record<string, string>;
  result: { violations: unknown[]; warnings: unknown[] } | null;
}
const manifest = (root: string) => JSON.parse(readFileSync(path.join(root, MANIFEST), 'utf8')) as Manifest;

/** The envelope without what depends on the cache. */
function result(stdout: string): unknown {
  const json = JSON.parse(stdout) as { data: Record<string, unknown> };
  return { ...json, data: { ...json.data, rebuild: undefined, written: undefined } };
}

/** A run without the cache over the same files: the same envelope, and nothing to rewrite (the cached run wrote what a full build writes). */
async function expectSameAsFull(root: string, cached: CliResult, step?: string): Promise<void> {
  const full = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
  expect(result(cached.stdout), step).toEqual(result(full.stdout));
  expect((full.json!.data as { written: boolean }).written, step).toBe(false);
}

interface NewDoc {
  id: string;
  status?: string;
  related?: string[];
  successor?: string;
  /** Repository paths the body links to. */
  links?: string[];
}

/** A governed document as `docket new` writes it, with relations and links. */
function documentText(rel: string, d: NewDoc): string {
  const fm = [
    `document_id: ${d.id}`,
    'type: ADR',
    `title: "Added ${d.id}"`,
    `status: ${d.status ?? 'Draft'}`,
    'version: "0.1"',
    'last_updated: "2026-11-26"',
    'owner: Bench Team',
  ];
  if (d.related?.length) fm.push('related_ids:', ...d.related.map((r) => `  - ${r}`));
  if (d.successor) fm.push(`superseded_by: ${d.successor}`);
  const links = (d.links ?? []).map((t) => `See [${t}](${path.posix.relative(path.posix.dirname(rel), t)}).`);
  return `---\n${fm.join('\n')}\n---\n\n# ${d.id}: Added\n\n${links.join('\n')}\n`;
}

/** Every relation, successor and link of these documents dropped: nothing points to any node. */
function unlinkAll(root: string, files: readonly string[]): void {
  for (const rel of files)
    writeFileSync(
      path.join(root, rel),
      unlinked(
        frontmatter(readFileSync(path.join(root, rel), 'utf8'), (fm) =>
          fm.replace(/^related_ids:\n( {2}- .*\n)*/m, '').replace(/^superseded_by: .*\n/m, ''),
        ),
      ),
    );
}

interface Artifact {
  nodes: { document_id: string; path: string; superseded_by: string | null; related_ids: string[] }[];
  edges: { source: string; target: string; type: string; guaranteed: boolean }[];
}

/** How removing these files must be indexed: from the cached facts while the manifest can list them; in full otherwise. */
function removalOf(root: string, rels: readonly string[]): 'removed' | 'full' {
  return listsRoom(root, rels.length) ? 'removed' : 'full';
}

/** Whether the manifest can list this many more removed files (16 in all). */
const listsRoom = (root: string, more: number) => Object.keys(manifest(root).removed ?? {}).length + more <= 16;

/** Whether a file is the node of a successor that some document names (its superseded_by). */
function isSuccessor(root: string, rel: string): boolean {
  const artifact = JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact;
  const id = artifact.nodes.find((n) => n.path === rel)?.document_id;
  return id !== undefined && artifact.nodes.some((n) => n.superseded_by === id);
}

/** Per seed, how many removals, renames, new IDs and other kinds of change were built from the cached facts. */
const tallies: {
  removals: number;
  successorRemovals: number;
  renames: number;
  relinkedRenames: number;
  named: number;
  successorNamed: number;
  transitions: number;
  linked: number;
  cleanRemovals: number;
  newIds: number;
}[] = [];

describe('index after documents were added: built from the cached facts, byte for byte what a full build writes', () => {
  it.each([[15], [16], [17], [18]])('seed %i', async (seed) => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 40, seed, violations: 0 });
    const next = random(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
    const old = (rel: string) => utimesSync(path.join(root, rel), new Date(Date.now() - 120_000), new Date(Date.now() - 120_000));
    // Links to files that do not exist yet, made before the first build (which lists them) and added by 'planned' rounds.
    const planned = ['docs/45-adr/adr-planned-1.md', 'docs/45-adr/adr-planned-2.md'];
    const [first] = markdown(root);
    writeFileSync(
      path.join(root, first!),
      `${readFileSync(path.join(root, first!), 'utf8')}\n${planned.map((p) => `See [planned](${path.posix.relative(path.posix.dirname(first!), p)}).`).join('\n')}\n`,
    );
    markdown(root).forEach(old);
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    const idOf = (rel: string) => idIn(root, rel);
    const existing = documents(root);
    const ids = existing.map(idOf) as string[];
    /** Files added by the test, and dangling IDs that some existing document names. */
    const added: string[] = [];
    const danglingIds: string[] = [];
    /** IDs given to new documents. */
    const taken = new Set<string>();
    let serial = 0;
    const write = (rel: string, text: string) => {
      writeFileSync(path.join(root, rel), text);
      if (next() < 0.5) old(rel);
    };
    const edit = (rel: string, f: (fm: string) => string) => write(rel, frontmatter(readFileSync(path.join(root, rel), 'utf8'), f));
    const addRelated = (fm: string, id: string) =>
      /^related_ids:\n/m.test(fm)
        ? fm.replace(/^related_ids:\n/m, `related_ids:\n  - ${id}\n`)
        : fm.replace(/^(status: .*)$/m, `$1\nrelated_ids:\n  - ${id}`);
    const fresh = () => `docs/45-adr/adr-added-${seed}-${++serial}.md`;
    /** A new node: relations to existing, added and dangling IDs, a successor, links; some of them none. */
    const newNode = (rel: string, sameRound: NewDoc[]): NewDoc => {
      const known = [...ids, ...added.map(idOf).filter((x): x is string => !!x), ...sameRound.map((d) => d.id)];
      // Close to a dangling ID (one letter apart): that relation's suggestion becomes this ID.
      const close = danglingIds.map((d) => d.replace('-QQQ-', '-QQR-')).filter((d) => !taken.has(d));
      const id = close.length > 0 && next() < 0.3 ? pick(close) : `ZED-ADR-${100 + serial}`;
      taken.add(id);
      const doc: NewDoc = { id, related: [], links: [] };
      for (let k = Math.floor(next() * 4); k > 0; k--) doc.related!.push(next() < 0.2 ? `NOPE-ADR-${900 + k}` : pick(known));
      if (next() < 0.3) doc.successor = next() < 0.2 ? 'NOPE-ADR-999' : pick(known);
      if (next() < 0.3) doc.status = 'Superseded';
      for (let k = Math.floor(next() * 3); k > 0; k--)
        doc.links!.push(next() < 0.2 ? 'docs/none/missing.md' : next() < 0.2 ? rel : pick([...existing, ...added]));
      return doc;
    };
    let [incrementalAdds, incrementalRemovals, incrementalRenames, incrementalRelinks, incrementalNamed, incrementalLinked] = [
      0, 0, 0, 0, 0, 0,
    ];
    /** Documents whose YAML a 'break' round broke, with their text before. */
    const broken = new Map<string, string>();
    let incrementalTransitions = 0;
    /** Removals of successors, and additions of IDs a successor named. */
    let [incrementalSuccessorRemovals, incrementalSuccessorNamed] = [0, 0];
    const setSuccessor = (fm: string, id: string) =>
      fm.replace(/^superseded_by: .*\n/m, '').replace(/^(status: .*)$/m, `$1\nsuperseded_by: ${id}`);
    /** Removals with the edits that stop naming them, and new IDs, built from the cached facts. */
    const withEdits: [number, number] = [0, 0];
    for (let round = 0; round < 40; round++) {
      const before = manifest(root);
      const sound = before.result !== null && before.result.violations.length === 0;
      const op =
        round < 2
          ? 'node'
          : pick([
              'node',
              'node',
              'nodes',
              'non-node',
              'with-edit',
              'dangling-first',
              'dangling-first',
              'named',
              'planned',
              'linked-first',
              'duplicate',
              'edit-added',
              'remove-added',
              'remove-added',
              'remove',
              'remove',
              'remove',
              'rename',
              'rename',
              'rename',
              'remove-clean',
              'remove-clean',
              'new-id',
              'new-id',
              'break',
              'break',
              'remove-successor',
            ]);
      /** How this round must be built when the last build was sound: from the cached facts (with its additions, removals, renames...), in full, or either. */
      let [namedBySuccessor, removesSuccessor, transition] = [false, false, false];
      let expected: 'added' | 'edited' | 'removed' | 'renamed' | 'relinked' | 'named' | 'linked' | 'with-edits' | 'full' | 'either' =
        'added';
      const sameRound: NewDoc[] = [];
      const addNode = (doc?: NewDoc) => {
        const rel = fresh();
        const d = doc ?? newNode(rel, sameRound);
        sameRound.push(d);
        write(rel, documentText(rel, d));
        added.push(rel);
        return d;
      };
      if (op === 'node') addNode();
      else if (op === 'nodes') for (let k = 0; k < 3; k++) addNode();
      else if (op === 'non-node') {
        const rel = fresh();
        write(
          rel,
          pick([
            '# No frontmatter\n',
            '---\ntitle: No ID\n---\n# x\n',
            '---\ndocument_id: lowercase-id\n---\n# x\n',
            '---\ndocument_id: ZED-ADR-1\nbroken: [unclosed\n---\n',
          ]),
        );
        added.push(rel);
      } else if (op === 'with-edit') {
        // An existing document names the new ID in the same round: its relation or successor is no longer dangling.
        const d = addNode();
        const target = pick(existing);
        edit(target, (fm) => (next() < 0.5 ? addRelated(fm, d.id) : setSuccessor(fm, d.id)));
        expected = 'either'; // a supersession may close a cycle; relations may pass the listed advice
      } else if (op === 'dangling-first') {
        // A relation or a successor names an ID that does not exist yet; a later round may add it, or one close to it.
        const id = `ZED-QQQ-${500 + serial++}`;
        danglingIds.push(id);
        edit(pick(existing), (fm) => (next() < 0.7 ? addRelated(fm, id) : setSuccessor(fm, id)));
        expected = 'either';
      } else if (op === 'named' && danglingIds.length > 0) {
        // The ID a relation or a successor named: it was dangling; that document's relations, or
        // its successor, are made again (its warning goes, its edge is guaranteed, the relation
        // may be one-sided now).
        const id = danglingIds.splice(Math.floor(next() * danglingIds.length), 1)[0]!;
        addNode({ id });
        // Unless the document that named it is gone, or names it no more.
        const [byRelation, bySuccessor] = ['related_ids', 'superseded_by'].map((field) =>
          JSON.stringify(before.result).includes(`${field} names ${id},`),
        );
        expected = byRelation || bySuccessor ? 'named' : 'either';
        if (bySuccessor && !byRelation) namedBySuccessor = true;
      } else if (op === 'linked-first') {
        // A document linked to the path before it existed: the new node gains a reference (from its cached links).
        const rel = fresh();
        const from = pick(existing);
        write(
          from,
          `${readFileSync(path.join(root, from), 'utf8')}\nSee [later](${path.posix.relative(path.posix.dirname(from), rel)}).\n`,
        );
        const between = await docket(['index', '--root', root, '--format', 'json']);
        expect(between.exitCode, JSON.stringify(between.json!.violations)).toBe(0);
        write(rel, documentText(rel, { id: `ZED-ADR-${700 + serial}` }));
        added.push(rel);
        expected = 'linked';
      } else if (op === 'planned' && planned.length > 0) {
        const rel = planned.pop()!;
        write(rel, documentText(rel, { id: `ZED-ADR-${800 + ++serial}` }));
        added.push(rel);
        expected = 'linked';
      } else if (op === 'duplicate') {
        // An existing ID, or twins: two new files with one new ID.
        // (An ID a node has now: one of a removed document may be taken again, which is no duplicate.)
        const nodeIds = (JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact).nodes.map((n) => n.document_id);
        if (next() < 0.5) addNode({ id: pick(nodeIds) });
        else addNode(addNode());
        // The duplicate is reported from the cached facts as a full build reports it.
        expected = 'added';
      } else if (op === 'edit-added' && added.length > 0) {
        const rel = pick(added);
        if (idOf(rel)) edit(rel, (fm) => fm.replace(/^title: "(.*)"$/m, `title: "$1 again"`));
        else write(rel, '# Still no frontmatter\n');
        expected = 'edited';
      } else if (op === 'remove-added' && added.length > 0) {
        const rel = added.splice(Math.floor(next() * added.length), 1)[0]!;
        expected = removalOf(root, [rel]);
        rmSync(path.join(root, rel));
      } else if (op === 'rename') {
        // git mv: the same bytes at a new path (its relative links may now point elsewhere), sometimes with an edit.
        const rel = pick([...existing, ...added]);
        const to = `docs/${pick(['45-adr', '10-prd', '99-moved'])}/moved-${seed}-${++serial}.md`;
        // From the cached facts while the manifest can list it.
        expected = listsRoom(root, 1) ? 'renamed' : 'full';
        mkdirSync(path.dirname(path.join(root, to)), { recursive: true });
        renameSync(path.join(root, rel), path.join(root, to));
        if (next() < 0.3 && idOf(to)) edit(to, (fm) => fm.replace(/^title: "(.*)"$/m, `title: "$1 moved"`));
        // Half the time, as after `git mv`, every document that linked to the old path links to the new one.
        if (next() < 0.5) {
          let relinked = 0;
          for (const other of [...existing, ...added].filter((f) => f !== rel)) {
            const text = readFileSync(path.join(root, other), 'utf8');
            const now = retargeted(text, other, rel, to);
            if (now === text) continue;
            write(other, now);
            relinked++;
          }
          if (expected === 'renamed' && relinked > 0) expected = 'relinked';
        }
        // Another document gains a link to the old path (now no file) or to the new one.
        const other = pick(existing.filter((f) => f !== rel));
        if (next() < 0.5)
          write(
            other,
            `${readFileSync(path.join(root, other), 'utf8')}\nSee [moved](${path.posix.relative(path.posix.dirname(other), pick([rel, to]))}).\n`,
          );
        const list = existing.includes(rel) ? existing : added;
        list.splice(list.indexOf(rel), 1, to);
      } else if (op === 'remove' && existing.length > 2) {
        // One or two documents: most have relations or links to them, so most of the time one that has none.
        const all = [...existing, ...added];
        const loose = all.filter((rel) => removalOf(root, [rel]) === 'removed');
        // Sometimes a successor: the documents it superseded keep a dangling successor.
        const successors = loose.filter((rel) => isSuccessor(root, rel));
        const rels = [
          ...new Set([
            pick(successors.length > 0 && next() < 0.4 ? successors : loose.length > 0 && next() < 0.7 ? loose : all),
            ...(next() < 0.3 ? [pick(all)] : []),
          ]),
        ];
        expected = removalOf(root, rels);
        removesSuccessor = rels.some((rel) => isSuccessor(root, rel));
        for (const rel of rels) {
          const list = existing.includes(rel) ? existing : added;
          list.splice(list.indexOf(rel), 1);
          rmSync(path.join(root, rel));
        }
      } else if (op === 'remove-clean' && existing.length > 2) {
        // A document removed with every link, relation and successor that named it, in one run (and maybe an unrelated edit).
        const all = [...existing, ...added];
        const rel = pick(all);
        const id = idOf(rel);
        for (const other of all.filter((f) => f !== rel)) {
          const text = readFileSync(path.join(root, other), 'utf8');
          const unlinkedText = retargeted(text, other, rel, null);
          const unnamed = id
            ? frontmatter(unlinkedText, (fm) => fm.replace(new RegExp(`^(  - ${id}|superseded_by: ${id})\n`, 'gm'), ''))
            : unlinkedText;
          if (unnamed !== text) write(other, unnamed);
        }
        if (next() < 0.3) edit(pick(all.filter((f) => f !== rel && idOf(f))), (fm) => fm.replace(/^title: "?(.*?)"?$/m, `title: "$1 too"`));
        const list = existing.includes(rel) ? existing : added;
        list.splice(list.indexOf(rel), 1);
        rmSync(path.join(root, rel));
        expected = listsRoom(root, 1) ? 'with-edits' : 'full';
      } else if (op === 'remove-successor' && existing.length > 4) {
        // Two documents superseded by a third (indexed so), which is then removed: their successor dangles.
        const all = [...existing, ...added].filter((f) => idOf(f) && !broken.has(f));
        const loose = all.filter((f) => removalOf(root, [f]) === 'removed');
        const x = loose.length > 0 ? pick(loose) : undefined;
        if (x) {
          for (const other of all.filter((f) => f !== x).slice(0, 2)) edit(other, (fm) => setSuccessor(fm, idOf(x)!));
          const between = await docket(['index', '--root', root, '--format', 'json']);
          expect(between.exitCode, JSON.stringify(between.json!.violations)).toBe(0);
          expected = removalOf(root, [x]);
          removesSuccessor = true;
          const list = existing.includes(x) ? existing : added;
          list.splice(list.indexOf(x), 1);
          rmSync(path.join(root, x));
        } else expected = 'either';
      } else if (op === 'break') {
        // A document's YAML breaks (it is no node), or a broken one is mended, with an edit of another.
        const nodes = [...existing, ...added].filter((f) => idOf(f) && !broken.has(f));
        const rel = broken.size > 0 && next() < 0.4 ? pick([...broken.keys()]) : pick(nodes);
        if (broken.has(rel)) {
          write(rel, broken.get(rel)!);
          broken.delete(rel);
        } else {
          const text = readFileSync(path.join(root, rel), 'utf8');
          broken.set(rel, text);
          write(rel, text.replace(/^(status: .*)$/m, '$1\nbroken: [unclosed'));
        }
        if (next() < 0.7) edit(pick(nodes.filter((f) => f !== rel)), (fm) => fm.replace(/^title: "?(.*?)"?$/m, `title: "$1 edited"`));
        expected = 'either';
        transition = true;
      } else if (op === 'new-id') {
        // A document keeps its path under another ID. Half the time, the relations and successors
        // that named the old ID name the new one in the same run (else they are dangling now).
        const nodes = [...existing, ...added].filter((f) => idOf(f));
        const rel = pick(nodes);
        const [was, now] = [idOf(rel)!, `ZED-ADR-${600 + ++serial}`];
        edit(rel, (fm) => fm.replace(/^document_id: .*$/m, `document_id: ${now}`));
        if (next() < 0.5) {
          for (const other of nodes.filter((f) => f !== rel)) {
            const text = readFileSync(path.join(root, other), 'utf8');
            const renamed = frontmatter(text, (fm) => fm.replace(new RegExp(`^(  - |superseded_by: )${was}$`, 'gm'), `$1${now}`));
            if (renamed !== text) write(other, renamed);
          }
        }
        expected = 'with-edits';
      } else expected = 'either';
      const previous = readFileSync(path.join(root, ARTIFACT));
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      expectValidEnvelope(cached.json, 'index');
      const after = manifest(root);
      const artifact = readFileSync(path.join(root, ARTIFACT));
      const step = `round ${round} (${op})`;
      expect((cached.json!.data as { written: boolean }).written, step).toBe(!artifact.equals(previous));
      const full = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
      expect(result(cached.stdout), step).toEqual(result(full.stdout));
      expect(cached.exitCode, step).toBe(full.exitCode);
      if (full.exitCode === 0)
        expect((full.json!.data as { written: boolean }).written, `${step}: the artifact differs from a full build's`).toBe(false);
      const wasIncremental = after.facts_sha256 === before.facts_sha256 && (after.appended?.length ?? 0) > (before.appended?.length ?? 0);
      if (sound && expected === 'added') {
        expect(wasIncremental, `${step}: built in full`).toBe(true);
        incrementalAdds++;
      }
      if (sound && expected === 'edited' && before.appended)
        expect([after.facts_sha256, after.appended], `${step}: built in full`).toEqual([before.facts_sha256, before.appended]);
      if (expected === 'full') expect([after.appended, after.removed], `${step}: not built in full`).toEqual([undefined, undefined]);
      if (sound && (expected === 'renamed' || expected === 'relinked')) {
        if (expected === 'relinked') incrementalRelinks++;
        expect([after.facts_sha256, Object.keys(after.removed ?? {}).length, after.appended?.length], `${step}: built in full`).toEqual([
          before.facts_sha256,
          Object.keys(before.removed ?? {}).length + 1,
          (before.appended?.length ?? 0) + 1,
        ]);
        incrementalRenames++;
      }
      if (sound && expected === 'with-edits' && after.facts_sha256 === before.facts_sha256) withEdits[op === 'new-id' ? 1 : 0]++;

      if (sound && transition && after.facts_sha256 === before.facts_sha256) incrementalTransitions++;
      if (sound && expected === 'named' && wasIncremental) {
        incrementalNamed++;
        if (namedBySuccessor) incrementalSuccessorNamed++;
      }
      if (sound && expected === 'linked' && wasIncremental) incrementalLinked++;
      if (sound && expected === 'removed') {
        expect(
          [after.facts_sha256, Object.keys(after.removed ?? {}).length > Object.keys(before.removed ?? {}).length],
          `${step}: built in full`,
        ).toEqual([before.facts_sha256, true]);
        incrementalRemovals++;
        if (removesSuccessor) incrementalSuccessorRemovals++;
      }
      // A lookup of a new node reads the artifact written.
      const last = sameRound.at(-1);
      if (wasIncremental && last && cached.exitCode === 0) {
        lastLookup.source = 'none';
        const found = await docket(['resolve', last.id, '--root', root, '--format', 'json']);
        expect(found.json!.data.document_id, step).toBe(last.id);
        expect(lastLookup.source, step).toBe('artifact');
      }
      if (op === 'duplicate') {
        // Sound again for the next rounds.
        for (const d of sameRound) rmSync(path.join(root, added.pop()!), { force: d !== undefined });
        expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
      }
    }
    expect(incrementalAdds).toBeGreaterThanOrEqual(3);
    tallies.push({
      removals: incrementalRemovals,
      successorRemovals: incrementalSuccessorRemovals,
      renames: incrementalRenames,
      relinkedRenames: incrementalRelinks,
      named: incrementalNamed,
      successorNamed: incrementalSuccessorNamed,
      transitions: incrementalTransitions,
      linked: incrementalLinked,
      cleanRemovals: withEdits[0],
      newIds: withEdits[1],
    });
  });

  it('removals (also of successors), renames (also of linked documents), new IDs a relation or a successor named, documents that stop or start being nodes with other changes, removals with edits and new IDs: each built from the cached facts', () => {
    const sum = (k: keyof (typeof tallies)[number]) => tallies.reduce((a, t) => a + t[k], 0);
    expect(
      [
        sum('removals') > 1,
        sum('successorRemovals') > 0,
        sum('renames') > 1,
        sum('relinkedRenames') > 0,
        sum('named') > 0,
        sum('successorNamed') > 0,
        sum('transitions') > 0,
        sum('linked') > 0,
        sum('cleanRemovals') > 0,
        sum('newIds') > 0,
      ],
      JSON.stringify(tallies),
    ).toEqual([true, true, true, true, true, true, true, true, true, true]);
  });
});

describe('index after an added document whose ID is close to a dangling relation', () => {
  it("changes that relation's suggestion, as a full build does, and keeps the others", async () => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 20, seed: 2, violations: 0 });
    const [a, b] = documents(root);
    const set = (rel: string, related: string) =>
      writeFileSync(
        path.join(root, rel),
        frontmatter(readFileSync(path.join(root, rel), 'utf8'), (fm) =>
          fm.replace(/^related_ids:\n( {2}- .*\n)*/m, '').replace(/^(status: .*)$/m, `$1\nrelated_ids:\n  - ${related}`),
        ),
      );
    set(a!, 'ZED-QQQ-500');
    set(b!, 'YAK-PPP-777');
    const first = await docket(['index', '--root', root, '--format', 'json']);
    expect(first.json!.warnings.map((w: { suggestion: string }) => w.suggestion)).toEqual([
      'Fix the ID or remove it.',
      'Fix the ID or remove it.',
    ]);
    const rel = 'docs/45-adr/adr-added.md';
    writeFileSync(path.join(root, rel), documentText(rel, { id: 'ZED-QQQ-501' }));
    const cached = await docket(['index', '--root', root, '--format', 'json']);
    expect(manifest(root).appended).toEqual([rel]);
    const suggestions = cached.json!.warnings.map((w: { suggestion: string }) => w.suggestion).sort();
    expect(suggestions).toEqual(['Did you mean ZED-QQQ-501? Fix the ID or remove it.', 'Fix the ID or remove it.']);
    await expectSameAsFull(root, cached);
  });
});

describe('index after an added document that documents with many missing link targets link to', () => {
  it('gives them a reference to it', async () => {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 20, seed: 3, violations: 0 });
    const [from] = markdown(root);
    const missing = Array.from({ length: 300 }, (_, i) => `See [gone](../none/gone-${i}.md).`).join('\n');
    writeFileSync(
      path.join(root, from!),
      `${readFileSync(path.join(root, from!), 'utf8')}\n${missing}\nSee [later](${path.posix.relative(path.posix.dirname(from!), 'docs/45-adr/adr-later.md')}).\n`,
    );
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    const appended: string[] = [];
    for (const [rel, linked] of [
      ['docs/45-adr/adr-other.md', false],
      ['docs/45-adr/adr-later.md', true],
    ] as const) {
      const id = `ZED-ADR-${rel.length}${linked ? 2 : 1}`;
      writeFileSync(path.join(root, rel), documentText(rel, { id }));
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      appended.push(rel);
      expect(manifest(root).appended, rel).toEqual(appended);
      const edges = (JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact).edges.filter(
        (e) => e.target === id && e.type === 'references',
      );
      expect(edges.length, rel).toBe(linked ? 1 : 0);
      await expectSameAsFull(root, cached, rel);
    }
  });
});

describe('index after documents were removed: nodes, their edges, warnings and advice taken out of the artifact', () => {
  it('matches a full build at each step, each built from the cached facts', async () => {
    const { root, files, byId, ids } = generatedRepository(16, 8);
    // No links and no relations: nothing points to any node.
    unlinkAll(root, files);
    const relate = (id: string, related: string[]) => {
      const abs = path.join(root, byId.get(id)!);
      writeFileSync(
        abs,
        frontmatter(readFileSync(abs, 'utf8'), (fm) =>
          fm.replace(/^(status: .*)$/m, `$1\nrelated_ids:\n${related.map((r) => `  - ${r}`).join('\n')}`),
        ),
      );
    };
    const [first, second, third] = ids;
    const last = ids.at(-1)!;
    // One-sided relations from the nodes to be removed (their advice goes), dangling ones (their warnings go), and one that suggests a node to be removed.
    relate(second!, [third!, 'NOPE-ADR-999']);
    relate(ids[5]!, [`${ids[6]!}X`]);
    writeFileSync(path.join(root, 'docs/45-adr/notes.md'), '# Notes without frontmatter\n');
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    const steps: [string, string[]][] = [
      ['the first node', [first!]],
      ['a node with one-sided and dangling relations', [second!]],
      ['the node a suggestion named', [ids[6]!]],
      ['the last node', [last]],
      ['two neighbours', [ids[3]!, ids[4]!]],
      ['a document that is not a node', ['docs/45-adr/notes.md']],
      ['the last two', [ids.at(-3)!, ids.at(-2)!]],
    ];
    for (const [i, [what, gone]] of steps.entries()) {
      const before = manifest(root);
      for (const g of gone) rmSync(path.join(root, byId.get(g) ?? g));
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      await expectSameAsFull(root, cached, what);
      const after = manifest(root);
      expect([after.facts_sha256, Object.keys(after.removed ?? {}).length], `step ${i}: ${what}`).toEqual([
        before.facts_sha256,
        Object.keys(before.removed ?? {}).length + gone.length,
      ]);
    }
  });
});

describe('index after a successor or a superseded document is removed, or a document a successor named is added', () => {
  it('gives the superseded documents a dangling successor, then takes it back, removes supersessions, as a full build does; a cycle is reported', async () => {
    const { root, files, byId, ids } = generatedRepository(16, 10);
    unlinkAll(root, files);
    const succeed = (id: string, successor: string, status = 'Superseded') => {
      const abs = path.join(root, byId.get(id)!);
      writeFileSync(
        abs,
        frontmatter(readFileSync(abs, 'utf8'), (fm) => fm.replace(/^status: .*$/m, `status: ${status}\nsuperseded_by: ${successor}`)),
      );
    };
    const [a, b, c, d, e, f, g, h] = [ids[2]!, ids[3]!, ids[4]!, ids[7]!, ids[8]!, ids[9]!, ids[10]!, ids[11]!];
    // Two documents superseded by b (one whose status does not say so), three by IDs that do not exist yet, one by g.
    succeed(a, b);
    succeed(c, b, 'Draft');
    succeed(d, 'ZED-ADR-900');
    succeed(e, 'ZED-ADR-902');
    succeed(f, 'ZED-ADR-903');
    succeed(h, g);
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    const bText = readFileSync(path.join(root, byId.get(b)!), 'utf8');
    const add = (rel: string, doc: NewDoc) => () => writeFileSync(path.join(root, rel), documentText(rel, doc));
    const steps: [string, () => void, 'removed' | 'added' | 'cycle'][] = [
      ['the successor of two documents is removed', () => rmSync(path.join(root, byId.get(b)!)), 'removed'],
      ['it is restored', () => writeFileSync(path.join(root, byId.get(b)!), bText), 'added'],
      ['a document a successor named is added', add('docs/45-adr/adr-zed-900.md', { id: 'ZED-ADR-900' }), 'added'],
      // Superseded documents removed: their supersession edges go, with their status and dangling-successor warnings.
      ['a superseded document whose status says otherwise is removed', () => rmSync(path.join(root, byId.get(c)!)), 'removed'],
      ['a document superseded by a missing ID is removed', () => rmSync(path.join(root, byId.get(e)!)), 'removed'],
      [
        'a superseded document and its successor are removed together',
        () => [a, b].forEach((x) => rmSync(path.join(root, byId.get(x)!))),
        'removed',
      ],
      [
        'a superseded document and another its successor superseded',
        () => [h, d].forEach((x) => rmSync(path.join(root, byId.get(x)!))),
        'removed',
      ],
      // f -> ZED-ADR-903 -> f: reported from the cached facts, as a full build reports it.
      [
        'a document a successor named is added, closing a cycle',
        add('docs/45-adr/adr-zed-903.md', { id: 'ZED-ADR-903', successor: f }),
        'cycle',
      ],
    ];
    for (const [what, change, how] of steps) {
      const before = manifest(root);
      change();
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      const full = await docket(['index', '--root', root, '--format', 'json', '--no-cache']);
      expect(result(cached.stdout), what).toEqual(result(full.stdout));
      expect(cached.exitCode, what).toBe(full.exitCode);
      const after = manifest(root);
      if (how === 'removed') {
        expect([after.facts_sha256, Object.keys(after.removed ?? {}).length > Object.keys(before.removed ?? {}).length], what).toEqual([
          before.facts_sha256,
          true,
        ]);
        const warnings = cached.json!.warnings as { code: string; message: string; document_id: string }[];
        const { nodes, edges } = JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact;
        // Nothing is said about a removed document, and no edge leads to one.
        const present = new Set(nodes.map((n) => n.document_id));
        expect(
          warnings.filter((w) => w.document_id && !present.has(w.document_id)),
          what,
        ).toEqual([]);
        expect(
          edges.filter((x) => !present.has(x.target)),
          what,
        ).toEqual([]);
        if (what === steps[0]![0]) {
          // A dangling successor for each superseded document, and the edges from it kept, no longer guaranteed.
          const dangling = warnings.filter(
            (w) => w.code === 'INDEX_DANGLING_RELATION' && w.message.startsWith(`superseded_by names ${b},`),
          );
          expect(dangling.map((w) => w.document_id).sort(), what).toEqual([a, c]);
          expect(
            edges.filter((x) => x.source === b),
            what,
          ).toEqual([a, c].map((target) => ({ source: b, target, type: 'supersedes', guaranteed: false })));
        }
      }
      if (how !== 'removed')
        expect([after.facts_sha256, after.appended?.length], what).toEqual([before.facts_sha256, (before.appended?.length ?? 0) + 1]);
      if (how === 'cycle')
        expect(
          (cached.json!.violations as { code: string }[]).map((v) => v.code),
          what,
        ).toContain('INDEX_SUPERSESSION_CYCLE');
    }
  });
});

describe('index after a document stops being a node, or becomes one', () => {
  it('takes it out or puts it in, with the references of the documents that link to it, alone or with other changes', async () => {
    const { root, files } = generatedRepository(16, 9);
    // No links and no relations, then one link: to `linked` from `from`.
    unlinkAll(root, files);
    const [loose, linked, from, first] = [files[5]!, files[6]!, files[7]!, files[0]!];
    writeFileSync(
      path.join(root, from),
      `${readFileSync(path.join(root, from), 'utf8')}\nSee [it](${path.posix.relative(path.posix.dirname(from), linked)}).\n`,
    );
    const original = new Map(files.map((f) => [f, readFileSync(path.join(root, f), 'utf8')]));
    const breakYaml = (rel: string) =>
      writeFileSync(path.join(root, rel), original.get(rel)!.replace(/^(status: .*)$/m, '$1\nbroken: [unclosed'));
    const mend = (rel: string) => writeFileSync(path.join(root, rel), original.get(rel)!);
    const noId = (rel: string) => writeFileSync(path.join(root, rel), original.get(rel)!.replace(/^document_id: .*\n/m, ''));
    const retitle = (rel: string) =>
      writeFileSync(path.join(root, rel), readFileSync(path.join(root, rel), 'utf8').replace(/^title: "(.*)"$/m, 'title: "$1, again"'));
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    /** What changes, whether the run is built from the cached facts, and how many documents are then no nodes. */
    const steps: [string, () => void, boolean, number][] = [
      ['a node nothing points to breaks', () => breakYaml(loose), true, 1],
      ['it is mended', () => mend(loose), true, 0],
      ['it loses its ID', () => noId(loose), true, 1],
      ['it gets it back', () => mend(loose), true, 0],
      ['the first node breaks', () => breakYaml(first), true, 1],
      ['it is mended', () => mend(first), true, 0],
      ['a node another links to breaks', () => breakYaml(linked), true, 1],
      ['it is mended: the link is an edge again', () => mend(linked), true, 0],
      // With other changes in the run.
      ['a node breaks while another is edited', () => [breakYaml(loose), retitle(files[10]!)], true, 1],
      ['it is mended while another is edited', () => [mend(loose), retitle(files[11]!)], true, 0],
      ['one node breaks and another loses its ID', () => [breakYaml(loose), noId(first)], true, 2],
      ['both come back, one of them linked to', () => [mend(loose), mend(first), breakYaml(linked)], true, 1],
      [
        'one is mended while a new document is added',
        () => [
          mend(linked),
          writeFileSync(
            path.join(root, 'docs/45-adr/adr-new-77.md'),
            original.get(files[12]!)!.replace(/^document_id: .*$/m, 'document_id: ZED-ADR-777'),
          ),
        ],
        true,
        0,
      ],
    ];
    for (const [what, change, fromFacts, skipped] of steps) {
      const before = manifest(root);
      change();
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      await expectSameAsFull(root, cached, what);
      expect(manifest(root).facts_sha256 === before.facts_sha256, `${what}: from the cached facts`).toBe(fromFacts);
      expect(
        (cached.json!.warnings as { code: string }[]).filter((w) => w.code === 'INDEX_DOCUMENT_SKIPPED').length,
        `${what}: ${JSON.stringify(cached.json!.warnings)}`,
      ).toBe(skipped);
    }
  });
});

describe('index after a linked document is renamed (git mv)', () => {
  /** The repository after a build, a document that others link to, and those documents. */
  async function setUp(): Promise<{ root: string; rel: string; linking: string[] }> {
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 30, seed: 5, violations: 0 });
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    const artifact = JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact;
    const pathOf = new Map(artifact.nodes.map((n) => [n.document_id, n.path]));
    const counts = new Map<string, Set<string>>();
    for (const e of artifact.edges)
      if (e.type === 'references' && e.source !== e.target)
        (counts.get(e.target) ?? counts.set(e.target, new Set()).get(e.target)!).add(pathOf.get(e.source)!);
    // One that at least two others link to.
    const [id, sources] = [...counts].find(([, s]) => s.size >= 2)!;
    return { root, rel: pathOf.get(id)!, linking: [...sources].sort() };
  }
  const relink = (root: string, other: string, from: string, to: string) => {
    const text = readFileSync(path.join(root, other), 'utf8');
    writeFileSync(path.join(root, other), retargeted(text, other, from, to));
  };
  const to = 'docs/99-moved/moved.md';
  const move = (root: string, rel: string) => {
    mkdirSync(path.join(root, 'docs/99-moved'), { recursive: true });
    renameSync(path.join(root, rel), path.join(root, to));
  };

  it('is built from the cached facts when every document that linked to it links to the new path', async () => {
    const { root, rel, linking } = await setUp();
    const before = manifest(root);
    move(root, rel);
    for (const other of linking) relink(root, other, rel, to);
    const cached = await docket(['index', '--root', root, '--format', 'json']);
    expect(cached.json!.data.rebuild).toMatchObject({ added: 1, removed: 1, changed: linking.length });
    expect(manifest(root).facts_sha256).toBe(before.facts_sha256);
    await expectSameAsFull(root, cached);
  });

  it('is built from the cached facts too when documents still link to the old path: their references to it go', async () => {
    for (const follow of [0, 1]) {
      const { root, rel, linking } = await setUp();
      const before = manifest(root);
      const edges = (JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact).edges.length;
      move(root, rel);
      for (const other of linking.slice(0, follow)) relink(root, other, rel, to);
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      expect(manifest(root).facts_sha256, `${follow} following`).toBe(before.facts_sha256);
      expect((JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact).edges.length, `${follow} following`).toBeLessThan(
        edges,
      );
      await expectSameAsFull(root, cached, `${follow} following`);
    }
  });
});

describe('index when documents link to removed and new paths: their references follow from their cached links', () => {
  /** A small repository without links or relations, indexed. */
  async function quiet(seed: number): Promise<{ root: string; files: string[] }> {
    const { root, files } = generatedRepository(16, seed);
    unlinkAll(root, files);
    return { root, files };
  }
  const linkTo = (root: string, from: string, to: string) =>
    writeFileSync(
      path.join(root, from),
      `${readFileSync(path.join(root, from), 'utf8')}\nSee [it](${path.posix.relative(path.posix.dirname(from), to)}).\n`,
    );
  const references = (root: string) =>
    (JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact).edges.filter((e) => e.type === 'references').length;

  it('a linked document removed, then restored: its references go and come back', async () => {
    const { root, files } = await quiet(10);
    const [gone, a, b] = [files[4]!, files[5]!, files[9]!];
    const text = readFileSync(path.join(root, gone), 'utf8');
    linkTo(root, a, gone);
    linkTo(root, b, gone);
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    expect(references(root)).toBe(2);
    for (const [what, change, count] of [
      ['removed', () => rmSync(path.join(root, gone)), 0],
      ['restored', () => writeFileSync(path.join(root, gone), text), 2],
    ] as const) {
      const before = manifest(root);
      change();
      const cached = await docket(['index', '--root', root, '--format', 'json']);
      expect(manifest(root).facts_sha256, `${what}: built in full`).toBe(before.facts_sha256);
      expect(references(root), what).toBe(count);
      await expectSameAsFull(root, cached, what);
    }
  });

  it('with a removal, a document that stops linking to a new path gets no reference to it, one that starts gets one', async () => {
    const { root, files } = await quiet(11);
    const later = 'docs/45-adr/adr-later.md';
    const [from, to, gone] = [files[3]!, files[6]!, files[8]!];
    const original = readFileSync(path.join(root, from), 'utf8');
    linkTo(root, from, later);
    expect((await docket(['index', '--root', root, '--format', 'json'])).exitCode).toBe(0);
    const before = manifest(root);
    writeFileSync(path.join(root, from), original.replace(/^title: "?(.*?)"?$/m, 'title: "$1 again"'));
    linkTo(root, to, later);
    rmSync(path.join(root, gone));
    writeFileSync(path.join(root, later), documentText(later, { id: 'ZED-ADR-321' }));
    const cached = await docket(['index', '--root', root, '--format', 'json']);
    expect(manifest(root).facts_sha256, 'built in full').toBe(before.facts_sha256);
    const edges = (JSON.parse(readFileSync(path.join(root, ARTIFACT), 'utf8')) as Artifact).edges.filter((e) => e.type === 'references');
    expect(edges.map((e) => e.target)).toEqual(['ZED-ADR-321']);
    await expectSameAsFull(root, cached);
  });
});
