// Deterministic generator of realistic governed repositories for benchmarks and scale tests.
// Usage: node bench/generate.mjs <dir> --docs 10000 [--seed 1] [--violations 5] [--namespaces 3]
import { mkdirSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { planHeadings, writeBody } from './corpus.mjs';

const TYPES = [
  ['ADR', '45-adr'],
  ['PRD', '10-prd'],
  ['SPEC', '20-specs'],
  ['DESIGN', '30-design'],
  ['RUNBOOK', '60-runbooks'],
  ['PLAN', '05-planning'],
  ['FDD', '50-fdd'],
  ['GOV', '00-governance'],
  ['TEST', '55-testing'],
  ['DEVEX', '70-devex'],
];
const STATUSES = ['Draft', 'In Review', 'Approved', 'Approved', 'Approved'];
const WORDS =
  'event ingestion pipeline tracking shipment carrier latency partition replay consumer schema contract retry budget region failover cache index query owner rollout metric alert dashboard capacity queue batch stream ledger audit privacy token gateway'.split(
    ' ',
  );
const VIOLATIONS = [
  'missing-field',
  'bad-id',
  'wrong-prefix',
  'duplicate-id',
  'wrong-directory',
  'bad-filename',
  'broken-link',
  'broken-anchor',
  'invalid-yaml',
  'no-frontmatter',
  'invalid-date',
  'bad-status',
];

/** mulberry32: a small, fast, seedable PRNG. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bump when the output changes: the harness regenerates cached repositories of older versions. */
export const GENERATOR_VERSION = 3;

const pad = (n) => String(n).padStart(3, '0');

/**
 * Writes a repository with `docs` documents (2-8 KB of prose each, plus code, tables and lists:
 * see corpus.mjs for what a body holds and in which proportions) spread over types and namespaces.
 * `violations` percent of documents get exactly one injected problem, cycling through every kind.
 * Returns a summary { docs, namespaces, injected: {kind: count} }.
 */
export function generateRepo(dir, { docs = 1000, seed = 1, violations = 0, namespaces } = {}) {
  // IDs have three digits: keep every prefix+type below 900 documents by adding namespaces.
  namespaces = Math.max(namespaces ?? (docs >= 10000 ? 3 : 1), Math.ceil(docs / (TYPES.length * 600)));
  const random = rng(seed);
  const pick = (list) => list[Math.floor(random() * list.length)];
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const repoRoot = fileURLToPath(new URL('..', import.meta.url));
  const schema = readFileSync(path.join(repoRoot, 'schemas/metadata.schema.json'), 'utf8');
  const letters = (n) => String.fromCharCode(65 + (Math.floor(n / 26) % 26), 65 + (n % 26));
  const spaces = Array.from({ length: namespaces }, (_, i) =>
    i === 0
      ? { name: 'main', prefix: 'BENCH', root: 'docs' }
      : { name: `svc${i}`, prefix: `SV${letters(i)}`, root: `services/svc${i}/docs` },
  );
  const nsYaml =
    namespaces > 1
      ? `namespaces:\n${spaces.map((s) => `  - name: ${s.name}\n    repo_prefix: ${s.prefix}\n    docs_root: ${s.root}\n`).join('')}`
      : '';
  writeFileSync(
    path.join(dir, 'docops.config.yaml'),
    `docops_version: "2.0"\nproject_name: Bench\nrepo_prefix: BENCH\ndocs_root: docs\nschema_path: docs/00-governance/metadata.schema.json\ndefault_owner: Bench Team\n${nsYaml}`,
  );
  mkdirSync(path.join(dir, 'docs/00-governance'), { recursive: true });
  writeFileSync(path.join(dir, 'docs/00-governance/metadata.schema.json'), schema);

  // Plan every document first so links can point at real targets.
  const counters = new Map();
  const plan = [];
  for (let i = 0; i < docs; i++) {
    const ns = spaces[i % namespaces];
    const [type, directory] = TYPES[Math.floor(random() * TYPES.length)];
    const key = `${ns.prefix}-${type}`;
    const seq = (counters.get(key) ?? 0) + 1;
    counters.set(key, seq);
    const words = Array.from({ length: 3 + Math.floor(random() * 3) }, () => pick(WORDS));
    const slug = words.join('-');
    const num = pad(seq);
    plan.push({
      ns,
      type,
      directory,
      id: `${ns.prefix}-${type}-${num}`,
      rel: `${ns.root}/${directory}/${type.toLowerCase()}-${num}-${slug}.md`,
      title: words.map((w) => w[0].toUpperCase() + w.slice(1)).join(' '),
    });
  }
  // Headings come from a stream of their own: the plan above (IDs, paths) stays what it was.
  const planning = rng(seed * 7919 + 17);
  for (const doc of plan) Object.assign(doc, planHeadings(planning, doc.type, `${doc.id}: ${doc.title}`));
  const injected = {};
  const nViolations = Math.round((docs * violations) / 100);
  const step = nViolations > 0 ? Math.max(1, Math.floor(docs / nViolations)) : 0;
  for (let i = 0, k = 0; k < nViolations && i < docs; i += step, k++) plan[i].violation = VIOLATIONS[k % VIOLATIONS.length];

  for (const doc of plan) {
    doc.file = doc.rel;
    if (doc.violation === 'wrong-directory')
      doc.file = `${doc.ns.root}/${doc.directory === '45-adr' ? '10-prd' : '45-adr'}/${path.posix.basename(doc.rel)}`;
    if (doc.violation === 'bad-filename') doc.file = `${path.posix.dirname(doc.rel)}/${doc.type}_${doc.id.slice(-3)} Notes.md`;
  }
  // Links only target documents that stay where they belong, so each injected problem is counted once.
  const stable = (j) => {
    while (plan[j].violation === 'wrong-directory' || plan[j].violation === 'bad-filename') j = (j + 1) % docs;
    return plan[j];
  };
  for (const [i, doc] of plan.entries()) {
    const v = doc.violation;
    if (v) injected[v] = (injected[v] ?? 0) + 1;
    const target = stable((i * 7 + 13) % docs);
    const other = stable((i * 31 + 5) % docs);
    const rel = (to) => path.posix.relative(path.posix.dirname(doc.file), to.file);
    let id = doc.id;
    if (v === 'bad-id') id = doc.id.toLowerCase();
    if (v === 'wrong-prefix') id = doc.id.replace(doc.ns.prefix, 'WRONG');
    if (v === 'duplicate-id') id = other.id;
    const status = v === 'bad-status' ? 'Done' : pick(STATUSES);
    const version = `${1 + Math.floor(random() * 3)}.${Math.floor(random() * 10)}`;
    // Documents written from a template carry its marker and metadata block (and often say which template).
    const block = random() < 0.9;
    const fields = [
      `document_id: ${id}`,
      `type: ${doc.type}`,
      `title: "${doc.title}"`,
      `status: ${status}`,
      `version: "${version}"`,
      `last_updated: ${v === 'invalid-date' ? '2026-02-30' : `2026-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 9)}`}`,
      v === 'missing-field' ? '' : 'owner: Bench Team',
      'docops_version: "2.0"',
      random() < 0.4 ? `area: ${pick(WORDS)}` : '',
      random() < 0.5 ? `description: ${pick(WORDS)} ${pick(WORDS)} for the ${pick(WORDS)} ${pick(WORDS)}` : '',
      `related_ids:\n  - ${target.id}`,
      `keywords:\n  - ${pick(WORDS)}\n  - ${pick(WORDS)}`,
      block && random() < 0.7 ? `template_type: ${doc.type}\ntemplate_version: "1.0"` : '',
    ].filter(Boolean);
    if (v === 'invalid-yaml') fields.push('description: [unclosed');
    const links = [target, other, stable((i * 101 + 37) % docs), stable((i * 211 + 3) % docs)].map((to) => ({
      id: to.id,
      title: to.title,
      headings: to.headings,
      path: rel(to),
    }));
    const related = v === 'broken-link' ? 'missing-file.md' : `${rel(other)}${v === 'broken-anchor' ? '#no-such-heading' : ''}`;
    const tail = `Related: [${other.id}](${related}) and \`[not a link](nowhere.md)\`.`;
    const size = 1500 + Math.floor(random() * 6000);
    const body = writeBody({
      random,
      pick,
      words: WORDS,
      doc,
      links,
      meta: { block, id, owner: 'Bench Team', status, version },
      tail,
      size,
    });
    const text = v === 'no-frontmatter' ? body : `---\n${fields.join('\n')}\n---\n\n${body}`;
    mkdirSync(path.join(dir, path.dirname(doc.file)), { recursive: true });
    writeFileSync(path.join(dir, doc.file), text);
  }
  return { docs, namespaces, injected };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dir, ...rest] = process.argv.slice(2);
  const opt = (name, fallback) => {
    const i = rest.indexOf(`--${name}`);
    return i === -1 ? fallback : Number(rest[i + 1]);
  };
  if (!dir) {
    console.error('usage: node bench/generate.mjs <dir> --docs N [--seed S] [--violations PCT] [--namespaces K]');
    process.exit(64);
  }
  const summary = generateRepo(path.resolve(dir), {
    docs: opt('docs', 1000),
    seed: opt('seed', 1),
    violations: opt('violations', 0),
    namespaces: opt('namespaces', undefined),
  });
  console.log(JSON.stringify(summary));
}
