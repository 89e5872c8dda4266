// Alternating runs of `docket index` of two checkouts after one kind of change, each with its own
// cache (session 21; bench/results/issue-7-s21-alternating.txt):
//   node bench/alternate-index.mjs REPO MODE ROUNDS BASE_CHECKOUT NEW_CHECKOUT
// MODE: clean (a linked document removed with the edits that drop every link and relation to it),
// mvfix (git mv of a linked document, the links moved along), named (a new document whose ID a
// related_ids named before it existed), newid (a document under another ID), newidclean (the same,
// with the relations that named the old ID naming the new one), rmlinked (a document
// that others link to and name in related_ids removed alone), mvplain (git mv of a linked document, links left), linkedfirst
// (a new document at a path another linked to before it existed), rmnew (a document nothing links
// to or names removed, as the benchmark's removal row does), rmsuccessor (a document that two
// others name in superseded_by removed alone; session 22), namedsuccessor (a new document whose
// ID a superseded_by named before it existed; session 22), breakedit (X's YAML breaks while a
// document that names it is edited; session 22), rmlisted (the source of the first one-sided
// relation the advice lists removed alone; session 22), rmsuperseded (a document superseded by
// another removed alone; session 22). REPO is changed and restored; use a
// copy (cp -rp) of a benchmark repository.
import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { mapLinks } from './links.mjs';
import { removable, unnamed } from './removable.mjs';
const [R, mode, rounds = '8', base, fresh] = process.argv.slice(2);
if (!R || !mode || !base || !fresh) throw new Error('usage: node bench/alternate-index.mjs REPO MODE ROUNDS BASE_CHECKOUT NEW_CHECKOUT');
const bins = { base: path.resolve(base, 'bin/run.js'), new: path.resolve(fresh, 'bin/run.js') };
const run = (bin, extra = []) => {
  const t = process.hrtime.bigint();
  const r = spawnSync('node', [bin, 'index', '--root', R, '--format', 'json', ...extra], { encoding: 'utf8' });
  return { ms: Number(process.hrtime.bigint() - t) / 1e6, out: r.stdout };
};
run(bins.new);
const art = JSON.parse(fs.readFileSync(path.join(R, 'docs/01-indices/docket.index.json'), 'utf8'));
const byId = new Map(art.nodes.map((n) => [n.document_id, n]));
// X: a document others name (by references only when it moves), whose removal the patch can take (see removable.mjs).
const advice = JSON.parse(run(bins.new).out).advice;
const { candidates: cands, namersOf } = removable(art, advice, (e) => !['mvfix', 'mvplain'].includes(mode) || e.type === 'references');
// rmlisted: the source of the first one-sided relation the advice lists (its removal lets an unlisted one be listed).
const listed = /^(\S+) lists /.exec(advice.find((a) => a.code === 'INDEX_RELATION_ONE_SIDED' && / lists /.test(a.message))?.message ?? '');
const X = mode === 'rmlisted' ? byId.get(listed[1]) : cands[Math.floor(cands.length / 2)];
const sources = namersOf(X.document_id).map((id) => byId.get(id).path);
console.error('X', X.path, X.document_id, 'referencing', sources.length, 'mode', mode);
const snap = (list) =>
  new Map(
    list.map((p) => {
      const abs = path.join(R, p);
      const st = fs.statSync(abs);
      return [p, { bytes: fs.readFileSync(abs), atime: st.atime, mtime: st.mtime }];
    }),
  );
const cacheFiles = () => [
  'docs/01-indices/docket.index.json',
  ...fs.readdirSync(path.join(R, '.docket/cache')).map((f) => `.docket/cache/${f}`),
];
const NAMED = 'docs/45-adr/adr-named-4242.md';
/** Files the set-up below changes, as they were: written back at the end. */
const original = new Map();
const setUp = (rel, change) => {
  const abs = path.join(R, rel);
  const text = fs.readFileSync(abs, 'utf8');
  original.set(rel, text);
  fs.writeFileSync(abs, change(text));
};
const succeededBy = (id) => (text) => text.replace(/^status: .*$/m, `status: Superseded\nsuperseded_by: ${id}`);
/** rmsuccessor: two other removable documents superseded by X. */
const superseded =
  mode === 'rmsuccessor'
    ? cands
        .filter((c) => c !== X && c.superseded_by === null)
        .slice(0, 2)
        .map((c) => c.path)
    : [];
for (const rel of superseded) setUp(rel, succeededBy(X.document_id));
if (mode === 'namedsuccessor') setUp(X.path, succeededBy('BENCH-ADR-942'));
// rmsuperseded: X superseded by another document, then removed.
if (mode === 'rmsuperseded') setUp(X.path, succeededBy(cands.find((c) => c !== X).document_id));
if (mode === 'rmnew') {
  // A document nothing links to or names (as `docket new` makes), indexed, which apply() removes.
  fs.writeFileSync(
    path.join(R, NAMED),
    '---\ndocument_id: BENCH-ADR-942\ntype: ADR\ntitle: "Removed again"\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-11-26"\nowner: Bench Team\n---\n\n# Removed again\n',
  );
}
if (mode === 'linkedfirst') {
  // X links to a path that does not exist yet (indexed so), which apply() then creates.
  const abs = path.join(R, X.path);
  fs.writeFileSync(abs, `${fs.readFileSync(abs, 'utf8')}\nSee [later](${path.posix.relative(path.posix.dirname(X.path), NAMED)}).\n`);
}
if (mode === 'named') {
  // X names an ID whose document does not exist yet (indexed so), which apply() then creates.
  const abs = path.join(R, X.path);
  const text = fs.readFileSync(abs, 'utf8');
  fs.writeFileSync(
    abs,
    /^related_ids:\n/m.test(text)
      ? text.replace(/^related_ids:\n/m, 'related_ids:\n  - BENCH-ADR-942\n')
      : text.replace(/^(status: .*)$/m, '$1\nrelated_ids:\n  - BENCH-ADR-942'),
  );
}
const docs = snap([...new Set([X.path, ...sources, ...superseded]), ...(mode === 'rmnew' ? [NAMED] : [])]);
const put = (saved) => {
  for (const [p, s] of saved) {
    const abs = path.join(R, p);
    fs.writeFileSync(abs, s.bytes);
    fs.utimesSync(abs, s.atime, s.mtime);
  }
};
const caches = {};
for (const which of ['base', 'new']) {
  for (const f of fs.readdirSync(path.join(R, '.docket/cache'))) fs.rmSync(path.join(R, '.docket/cache', f));
  put(docs);
  run(bins[which]);
  run(bins[which]);
  caches[which] = snap(cacheFiles());
}
const restore = (which) => {
  fs.rmSync(path.join(R, 'docs/99-moved'), { recursive: true, force: true });
  fs.rmSync(path.join(R, NAMED), { force: true });
  for (const f of fs.readdirSync(path.join(R, '.docket/cache'))) fs.rmSync(path.join(R, '.docket/cache', f));
  put(docs);
  put(caches[which]);
};
const apply = () => {
  if (mode === 'breakedit') {
    const abs = path.join(R, X.path);
    fs.writeFileSync(abs, fs.readFileSync(abs, 'utf8').replace(/^(status: .*)$/m, '$1\nbroken: [unclosed'));
    const other = path.join(R, sources[0]);
    return fs.writeFileSync(other, fs.readFileSync(other, 'utf8').replace(/^title: "(.*)"$/m, 'title: "$1, edited"'));
  }
  if (['rmlinked', 'rmsuccessor', 'rmlisted', 'rmsuperseded'].includes(mode)) return fs.rmSync(path.join(R, X.path));
  if (mode === 'rmnew') return fs.rmSync(path.join(R, NAMED));
  if (mode === 'mvplain') {
    fs.mkdirSync(path.join(R, 'docs/99-moved'), { recursive: true });
    return fs.renameSync(path.join(R, X.path), path.join(R, 'docs/99-moved/moved.md'));
  }
  if (mode === 'named' || mode === 'linkedfirst' || mode === 'namedsuccessor') {
    fs.writeFileSync(
      path.join(R, NAMED),
      '---\ndocument_id: BENCH-ADR-942\ntype: ADR\ntitle: "Named before it existed"\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-11-26"\nowner: Bench Team\n---\n\n# Named before it existed\n',
    );
    return;
  }
  if (mode === 'mvfix') {
    const to = 'docs/99-moved/moved.md';
    fs.mkdirSync(path.join(R, 'docs/99-moved'), { recursive: true });
    fs.renameSync(path.join(R, X.path), path.join(R, to));
    for (const rel of sources) {
      const abs = path.join(R, rel);
      fs.writeFileSync(
        abs,
        mapLinks(fs.readFileSync(abs, 'utf8'), (target) =>
          path.posix.join(path.posix.dirname(rel), target) === X.path ? path.posix.relative(path.posix.dirname(rel), to) : target,
        ),
      );
    }
    return;
  }
  if (mode === 'newid' || mode === 'newidclean') {
    const abs = path.join(R, X.path);
    const id = X.document_id.replace(/\d+$/, '999');
    fs.writeFileSync(abs, fs.readFileSync(abs, 'utf8').replace(/^document_id: .*$/m, `document_id: ${id}`));
    // newidclean: the relations and successors that named the old ID name the new one.
    if (mode === 'newidclean')
      for (const rel of sources) {
        const other = path.join(R, rel);
        fs.writeFileSync(
          other,
          fs.readFileSync(other, 'utf8').replace(new RegExp(`^(  - |superseded_by: |related_ids: )${X.document_id}$`, 'gm'), `$1${id}`),
        );
      }
    return;
  }
  for (const rel of sources) {
    const abs = path.join(R, rel);
    fs.writeFileSync(abs, unnamed(rel, fs.readFileSync(abs, 'utf8'), X));
  }
  fs.rmSync(path.join(R, X.path));
};
const times = { base: [], new: [] };
for (let i = 0; i < +rounds; i++)
  for (const which of i % 2 ? ['new', 'base'] : ['base', 'new']) {
    restore(which);
    apply();
    const facts = () => JSON.parse(fs.readFileSync(path.join(R, '.docket/cache/index.json'), 'utf8')).facts_sha256;
    const f0 = facts();
    const r = run(bins[which]);
    if (i === 0) console.error(which, 'patched', facts() === f0);
    const j = JSON.parse(r.out);
    times[which].push(Math.round(r.ms));
    if (i === 0) console.error(which, JSON.stringify(j.data.rebuild), j.success);
  }
restore('new');
if (mode === 'rmnew') fs.rmSync(path.join(R, NAMED), { force: true });
if (mode === 'linkedfirst') {
  const abs = path.join(R, X.path);
  fs.writeFileSync(abs, fs.readFileSync(abs, 'utf8').replace(/\nSee \[later\]\([^)]*\)\.\n$/, ''));
}
if (mode === 'named') {
  const abs = path.join(R, X.path);
  fs.writeFileSync(
    abs,
    fs
      .readFileSync(abs, 'utf8')
      .replace('  - BENCH-ADR-942\n', '')
      .replace(/^related_ids:\n(?! {2}- )/m, ''),
  );
}
for (const [rel, text] of original) fs.writeFileSync(path.join(R, rel), text);
run(bins.new);
const med = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
for (const k of ['base', 'new']) console.log(mode, k, 'median', med(times[k]), 'runs', times[k].join(' '));
