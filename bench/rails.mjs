// The guard rails of issue 39, read off a benchmark's rows: each rail says which row, which
// measure and what limit, and the report states whether it held in this run. The rails are
// reported, never asserted: a test cannot hold a timing on a shared machine.

const MB = 1048576;

/**
 * A rail: `scenario` at `size`, its `measure` (median ms, ratio to the floor, peak RSS MB) within
 * `limit`. `older` names the row in builds without a check cache (`--docket` of an older checkout).
 */
const rail = (size, scenario, measure, limit, older) => ({ size, scenario, measure, limit, older });

export const RAILS = [
  rail(10000, 'check (clean, cold)', 'ratio', 4, 'check (clean)'),
  rail(100000, 'check (clean, cold)', 'ratio', 4, 'check (clean)'),
  rail(100000, 'check (clean, cold)', 'rss', 512, 'check (clean)'),
  rail(100000, 'check --format ndjson (cold)', 'rss', 256, 'check --format ndjson'),
  rail(10000, 'index cold', 'ms', 1000),
  rail(10000, 'index no change', 'ms', 300),
  rail(10000, 'index after one metadata edit', 'ms', 500),
  rail(10000, 'index after one new link', 'ms', 500),
  rail(10000, 'index after a new document', 'ms', 500),
  rail(10000, 'index after a removal', 'ms', 500),
  rail('-', 'docket --version', 'ratio', 1.5),
  rail('-', 'docket context --format json', 'ratio', 2.5),
];

const describe = { ratio: (v) => `${v.toFixed(2)}x floor`, ms: (v) => `${v.toFixed(0)} ms`, rss: (v) => `${v.toFixed(0)} MB` };
const limitText = { ratio: (l) => `≤ ${l}x floor`, ms: (l) => `< ${l} ms`, rss: (l) => `< ${l} MB peak RSS` };
// A ratio may reach its limit ("at most"); times and memory stay under theirs.
const within = { ratio: (v, l) => v <= l, ms: (v, l) => v < l, rss: (v, l) => v < l };
const valueOf = { ratio: (r) => r.ratio, ms: (r) => r.median, rss: (r) => r.rss / MB };

/** Each rail with what this run measured: { ...rail, value, held } (held: true, false, or undefined when not measured). */
export function checkRails(rows) {
  return RAILS.map(({ older, ...r }) => {
    const row = [r.scenario, older].map((name) => rows.find((x) => x.size === r.size && x.scenario === name && !x.na)).find(Boolean);
    const value = row ? valueOf[r.measure](row) : undefined;
    return { ...r, value, held: Number.isFinite(value) ? within[r.measure](value, r.limit) : undefined };
  });
}

/** The report's footer: one line per rail, what it asks and whether it held. */
export function railsSection(rows) {
  const checked = checkRails(rows);
  const verdict = (c) => (c.held === undefined ? 'not measured' : c.held ? 'held' : '**FAILED**');
  const failed = checked.filter((c) => c.held === false).length;
  const unmeasured = checked.filter((c) => c.held === undefined).length;
  return [
    '## Guard rails (issue 39)',
    '',
    `${checked.length - failed - unmeasured} held, ${failed} failed, ${unmeasured} not measured in this run (times are medians; a size or start-up not measured leaves its rails unmeasured).`,
    '',
    '| Size | Scenario | Rail | Measured | Verdict |',
    '| ---: | --- | --- | ---: | --- |',
    ...checked.map(
      (c) =>
        `| ${c.size} | ${c.scenario} | ${limitText[c.measure](c.limit)} | ${c.value === undefined || !Number.isFinite(c.value) ? '-' : describe[c.measure](c.value)} | ${verdict(c)} |`,
    ),
    '',
  ];
}
