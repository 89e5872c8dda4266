// The Markdown outline stage by stage, in one process: the simple path, the CommonMark parser
// (markdown-it) and the whole outlineMarkdown, each over every document body of a repository,
// several passes. The first
// pass runs in code V8 has not optimised yet; the later ones show a body's cost once it has.
// Not part of `npm run bench`: the outline is about a fifth of a cold check (DOCKET-SPEC-006
// §3.4), and this is where a change to it is measured first (then in alternating checks).
//
// Usage: node bench/outline.mjs <repo> [--passes N] [--docket DIR]   (after `npm run build`; DIR:
// the checkout whose build is measured, by default the one this script is in)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { passes: { type: 'string', default: '8' }, docket: { type: 'string', default: fileURLToPath(new URL('..', import.meta.url)) } },
});
const passes = Number(values.passes);
if (positionals.length !== 1 || !Number.isInteger(passes) || passes < 3) {
  console.error('usage: node bench/outline.mjs <repo> [--passes N (at least 3)] [--docket DIR]');
  process.exit(64);
}
const root = path.resolve(positionals[0]);
const load = (file) => import(pathToFileURL(path.resolve(values.docket, 'dist/core/markdown', file)).href);
const [{ simpleOutline }, { commonmarkOutline }, { outlineMarkdown }] = await Promise.all(
  ['simple-outline.js', 'commonmark.js', 'outline.js'].map(load),
);

// Bodies as check has them: the governed documents docket's walk lists, each file's text after
// its frontmatter (docket's own split).
const dist = (file) => pathToFileURL(path.resolve(values.docket, 'dist/core', file)).href;
const [{ loadConfig }, { listGoverned }, { splitFrontmatter }] = await Promise.all([
  import(dist('config/load.js')),
  import(dist('engine/documents/walk.js')),
  import(dist('frontmatter/split.js')),
]);
const { config } = await loadConfig(root).catch((error) => {
  console.error(`${positionals[0]}: ${error.message}`);
  process.exit(66);
});
const bodies = (await listGoverned(config)).files.map(({ rel }) => {
  const text = readFileSync(path.join(root, rel), 'utf8');
  const split = splitFrontmatter(text);
  return split.kind === 'ok' ? text.slice(split.bodyOffset) : text;
});
const n = bodies.length;
if (n === 0) {
  console.error(`${positionals[0]}: no governed documents`);
  process.exit(66);
}
const declined = bodies.filter((b) => simpleOutline(b, 1, true) === undefined);
// Each stage returns a number so that its work cannot be left out.
const stages = {
  'simple path (simpleOutline, declines count 0)': () => bodies.reduce((s, b) => s + (simpleOutline(b, 1, true)?.links.length ?? 0), 0),
  'parser (commonmarkOutline, markdown-it)': () => bodies.reduce((s, b) => s + commonmarkOutline(b, 1, true).links.length, 0),
  'the whole outline (outlineMarkdown)': () => bodies.reduce((s, b) => s + outlineMarkdown(b, 1, true).links.length, 0),
};
const times = Object.fromEntries(Object.keys(stages).map((k) => [k, []]));
for (let p = 0; p < passes; p++) {
  for (const [name, stage] of Object.entries(stages)) {
    const t = performance.now();
    stage();
    times[name].push(((performance.now() - t) * 1000) / n);
  }
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`| Stage | First pass µs/body | Warm µs/body |\n| --- | ---: | ---: |`);
for (const [name, t] of Object.entries(times)) console.log(`| ${name} | ${t[0].toFixed(2)} | ${median(t.slice(2)).toFixed(2)} |`);
console.log(
  `\n${positionals[0]}: ${n} bodies, ${passes} passes, ${declined.length} bodies declined by the simple path (warm: the median from pass 3). The stages run one after another within each pass, so a stage's first pass runs on code the earlier stages warmed.`,
);
