// The bodies of the benchmark's documents, shaped like the governed documents docket meets:
// the templates' sections (assets/templates) and the constructs of examples/handbook.
//
// Proportions, as the share of documents that hold a construct at least once (mean over the ten
// types, which the generator picks uniformly). They follow the 18 governed documents of
// examples/handbook (8 with fenced code, 11 with tables, 3 with reference definitions, every one
// with the metadata block) and what template-made repositories look like: most documents are
// written from a template, so the marker comment, the metadata blockquote and the version table
// are nearly everywhere, while code is frequent in specs, designs, runbooks, tests and developer
// guides and rare in plans, requirements and governance.
//   metadata block (marker comment + blockquote) 90%   version history table 85%
//   fenced code 53% (by type, FENCED below; 1-3 fences; one fence in 7 is ~~~, one in 8 sits in a list item)
//   other tables 45%   nested lists 55%   task lists 18%   notes and alerts in blockquotes 25%
//   HTML comments besides the marker 25%   reference-style links 15%   indented code 5%
//   non-ASCII headings 4%; code spans in 40% and emphasis in 30% of paragraphs
// Links: about two links to other documents per KB of body, as in the handbook, 30% of them to
// one of the target's headings (its GitHub slug, duplicates numbered), some with a title; links
// to the document's own headings, external URLs and autolinks besides. Code blocks, code spans
// and comments hold Markdown that must stay text: links to files that do not exist and
// `# not a heading` lines, so a scanner that takes them for links reports LINK_BROKEN and the
// benchmark's clean check fails instead of measuring the wrong thing.

const FENCED = { SPEC: 0.85, DESIGN: 0.7, RUNBOOK: 0.9, DEVEX: 0.9, TEST: 0.7, ADR: 0.35, FDD: 0.4, GOV: 0.3, PRD: 0.15, PLAN: 0.1 };
const TABLES = { SPEC: 0.7, PLAN: 0.7, PRD: 0.5, GOV: 0.5, TEST: 0.5, RUNBOOK: 0.4, DEVEX: 0.4, DESIGN: 0.3, ADR: 0.3, FDD: 0.2 };
const TASKS = { PLAN: 0.5, RUNBOOK: 0.5, TEST: 0.5 };

/** Each type's sections after Context, from its template: [level, text], in order. */
const SECTIONS = {
  ADR: [
    [2, 'Decision Drivers'],
    [2, 'Options Considered'],
    [3, 'Option A: `kafka` topics'],
    [4, 'Risks'],
    [3, 'Option B: a shared queue'],
    [4, 'Risks'],
    [2, 'Decision'],
    [2, 'Consequences'],
  ],
  PRD: [
    [2, 'Problem'],
    [2, 'Goals and Non-Goals'],
    [2, 'Requirements'],
    [2, 'Success Metrics'],
    [2, 'Open Questions'],
  ],
  SPEC: [
    [2, 'Overview'],
    [2, 'API'],
    [3, 'Request'],
    [3, 'Response'],
    [3, 'Errors'],
    [2, 'Data Model'],
    [2, 'Compatibility & Versioning'],
    [2, 'Security'],
  ],
  DESIGN: [
    [2, 'Overview'],
    [2, 'Architecture'],
    [3, 'Components'],
    [3, 'Failure Modes'],
    [2, 'Alternatives'],
  ],
  RUNBOOK: [
    [2, 'Symptoms'],
    [2, 'Diagnosis'],
    [2, 'Mitigation'],
    [3, 'Step 1: drain the `consumer` group'],
    [3, 'Step 2: replay (if needed)'],
    [2, 'Escalation'],
    [2, 'Rollback'],
  ],
  PLAN: [
    [2, 'Objectives'],
    [2, 'Milestones'],
    [3, 'Q1 2026 (pilot)'],
    [3, 'Q2 2026'],
    [2, 'Risks'],
    [2, 'Dependencies'],
  ],
  FDD: [
    [2, 'Summary'],
    [2, 'Behaviour'],
    [2, 'Edge Cases'],
    [2, 'Telemetry'],
  ],
  GOV: [
    [2, 'Scope'],
    [2, 'Rules'],
    [3, 'Naming'],
    [3, 'Review'],
    [2, 'Exceptions'],
    [2, 'Enforcement'],
  ],
  TEST: [
    [2, 'Scope'],
    [2, 'Environment'],
    [2, 'Scenarios'],
    [3, 'Notes'],
    [2, 'Exit Criteria'],
    [3, 'Notes'],
  ],
  DEVEX: [
    [2, 'Prerequisites'],
    [2, 'Setup'],
    [2, 'Troubleshooting'],
    [2, 'FAQ'],
    [3, 'Why does `npm ci` fail?'],
  ],
};
const EXTRA = ['Background', 'Notes', 'Capacity', 'Observability', 'Migration', 'Rollout', 'Cost'];
const NON_ASCII = ['Überblick', 'Décision d’architecture', 'Coût et capacité'];
const LANGUAGES = ['sh', 'yaml', 'json', 'ts', 'markdown', 'sql', 'text'];

/** GitHub's heading slug (github-slugger): backticks dropped, lower case, punctuation and symbols removed, spaces to hyphens. */
export function slug(text) {
  return text
    .replaceAll('`', '')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/**
 * A document's headings in order, each with its anchor (duplicates numbered -1, -2, as GitHub
 * does), the H1 first: planned before any body is written, so links can name other documents'
 * headings. `random` is the planning stream, apart from the bodies'.
 */
export function planHeadings(random, type, h1) {
  const sections = [[1, h1], [2, 'Context'], ...SECTIONS[type]];
  for (let n = Math.floor(random() * 4); n > 0; n--) sections.push([2, EXTRA[Math.floor(random() * EXTRA.length)]]);
  if (random() < 0.04) sections.push([2, NON_ASCII[Math.floor(random() * NON_ASCII.length)]]);
  const history = random() < 0.85;
  if (history) sections.push([2, 'Version History']);
  const seen = new Map();
  return {
    history,
    headings: sections.map(([level, text]) => {
      const base = slug(text);
      let anchor = base;
      for (let n = 1; seen.has(anchor); n++) anchor = `${base}-${n}`;
      seen.set(anchor, true);
      return { level, text, anchor };
    }),
  };
}

/**
 * The body of `doc` (after its frontmatter). `links` are the documents it may link to, each with
 * `path` (relative to doc) and `id` and `headings`; `meta` the values the metadata block shows;
 * `tail` the last line (the generator's violations live there).
 */
export function writeBody({ random, pick, words, doc, links, meta, tail, size }) {
  const chance = (p) => random() < p;
  const between = (lo, hi) => lo + Math.floor(random() * (hi - lo + 1));
  const phrase = (n) => Array.from({ length: n }, () => pick(words)).join(' ');
  const anchorOf = (target) => pick(target.headings.filter((h) => h.level > 1)).anchor;
  const linkTo = (target, text = target.id) => {
    const anchor = chance(0.3) ? `#${anchorOf(target)}` : '';
    const title = chance(0.05) ? ` "${target.id}: ${target.title}"` : '';
    return `[${text}](${target.path}${anchor}${title})`;
  };
  const own = doc.headings.filter((h) => h.level > 1);
  const refs = [];
  const useRefs = chance(0.15);
  const reference = () => {
    const target = pick(links);
    const label = chance(0.5) ? target.id.toLowerCase() : `${pick(words)}-${refs.length + 1}`;
    if (!refs.some((r) => r.label === label))
      refs.push({
        label,
        dest: `${target.path}${chance(0.3) ? `#${anchorOf(target)}` : ''}`,
        title: chance(0.3) ? ` "${target.title}"` : '',
      });
    // Full, collapsed (its label matched case-insensitively) and shortcut forms.
    if (label === target.id.toLowerCase()) return chance(0.5) ? `[${target.id}][]` : `[${phrase(2)}][${target.id}]`;
    return chance(0.7) ? `[${phrase(2)}][${label}]` : `[${label}]`;
  };

  /** One sentence of prose, with the inline constructs real prose has. */
  const sentence = () => {
    const parts = phrase(8 + Math.floor(random() * 10)).split(' ');
    const at = () => 1 + Math.floor(random() * (parts.length - 1));
    if (chance(0.12)) parts.splice(at(), 0, `\`${pick(words)}_${pick(words)}\``);
    if (chance(0.08)) parts.splice(at(), 0, chance(0.5) ? `*${pick(words)}*` : `**${pick(words)} ${pick(words)}**`);
    if (chance(0.03)) parts.splice(at(), 0, `_${pick(words)}_`);
    if (chance(0.03)) parts.splice(at(), 0, `${pick(words)}_${pick(words)}`);
    if (chance(0.14)) parts.splice(at(), 0, `(see ${linkTo(pick(links))})`);
    else if (useRefs && chance(0.15)) parts.splice(at(), 0, reference());
    else if (chance(0.03)) parts.splice(at(), 0, `[above](#${pick(own).anchor})`);
    else if (chance(0.02))
      parts.splice(at(), 0, chance(0.5) ? `[RFC 9110](https://www.rfc-editor.org/rfc/rfc9110)` : '<https://status.example.com/ingestion>');
    const text = parts.join(' ');
    return `${text[0].toUpperCase()}${text.slice(1)}.`;
  };
  const paragraph = () => Array.from({ length: between(1, 3) }, sentence).join(chance(0.3) ? '\n' : ' ');
  const item = () =>
    `${phrase(between(3, 8))}${chance(0.15) ? ` (${linkTo(pick(links))})` : ''}${chance(0.2) ? ` with \`${pick(words)}\`` : ''}`;
  const list = (nested) => {
    const ordered = chance(0.35);
    const lines = [];
    for (let i = 1, n = between(2, 5); i <= n; i++) {
      lines.push(`${ordered ? `${i}.` : '-'} ${item()}`);
      if (nested && chance(0.5)) for (let k = between(1, 3); k > 0; k--) lines.push(`${ordered ? '   ' : '  '}- ${item()}`);
    }
    return lines.join('\n');
  };
  const tasks = () => Array.from({ length: between(2, 5) }, () => `- [${chance(0.4) ? 'x' : ' '}] ${item()}`).join('\n');

  const codeLines = (lang) => {
    const w = pick(words);
    switch (lang) {
      case 'sh':
        return [
          `docket check --format json | jq '.violations[] | select(.code == "LINK_BROKEN")'`,
          `kubectl -n ${w} rollout restart deployment/${pick(words)}-worker`,
          `# not a heading: see [the guide](${w}-guide.md)`,
        ];
      case 'yaml':
        return [
          `${w}:`,
          `  retry_budget: ${between(1, 9)}`,
          `  link: "[not a link](${w}.md)"  # a comment`,
          '---',
          `owner: ${pick(words)}`,
        ];
      case 'json':
        return ['{', `  "${w}": { "retries": ${between(1, 9)}, "href": "[x](${w}.md)" },`, `  "${pick(words)}": ["a", "b"]`, '}'];
      case 'ts':
        return [
          `const ${w} = \`[\${label}](\${target}.md)\`;`,
          `export function ${pick(words)}(id: string): string[] {`,
          `  return [id, '# not a heading'];`,
          '}',
        ];
      case 'sql':
        return [`SELECT id, ${w} FROM ${pick(words)} WHERE created_at > now() - interval '1 day';`];
      case 'markdown':
        return [
          '# not a heading',
          '',
          `See [the ${w} spec](${w}-spec.md) and [the guide][guide].`,
          '',
          '[guide]: missing-guide.md',
          '```',
          'nested sample',
          '```',
        ];
      default:
        return [`${w} | ${pick(words)} | ${pick(words)}`, '[x](y.md) stays text'];
    }
  };
  const fence = (indent = '') => {
    const lang = pick(LANGUAGES);
    // A Markdown sample holds ``` lines, so its own fence is longer (or of tildes).
    const marker = chance(1 / 7) ? '~~~' : lang === 'markdown' ? '````' : '```';
    return [`${marker}${lang === 'text' && chance(0.5) ? '' : lang}`, ...codeLines(lang), marker]
      .map((l) => (l === '' ? l : indent + l))
      .join('\n');
  };
  const fencedInList = () => `1. ${item()}:\n\n${fence('   ')}\n\n2. ${item()}.`;
  const indented = () =>
    `${paragraph()}\n\n${codeLines(pick(['sh', 'sql', 'text']))
      .map((l) => `    ${l}`)
      .join('\n')}`;
  const table = () => {
    const head = `| ${phrase(1)} | ${phrase(1)} | ${phrase(1)} |\n| --- | :---: | ---: |`;
    const rows = Array.from(
      { length: between(2, 6) },
      () => `| \`${pick(words)}\` | ${chance(0.3) ? linkTo(pick(links)) : phrase(2)} | ${between(1, 500)} |`,
    );
    return [head, ...rows].join('\n');
  };
  const quote = () =>
    chance(0.4) ? `> [!${pick(['NOTE', 'WARNING', 'TIP'])}]\n> ${sentence()}` : `> **Note:** ${sentence()}\n> ${sentence()}`;
  const comment = () =>
    chance(0.5)
      ? `<!-- TODO(${pick(words)}): check [the draft](${pick(words)}-draft.md) with the owner. -->`
      : `<!--\nTemplate guidance: link related decisions like [ADR-000](../45-adr/adr-000-example.md).\n# not a heading\n-->`;

  // The special blocks this document holds, each placed in a section after that section's first paragraph.
  const special = [];
  if (chance(FENCED[doc.type])) for (let n = between(1, 3); n > 0; n--) special.push(chance(1 / 8) ? fencedInList : () => fence());
  if (chance(TABLES[doc.type])) special.push(table);
  if (chance(0.6)) special.push(() => list(true));
  if (chance(TASKS[doc.type] ?? 0.05)) special.push(tasks);
  if (chance(0.25)) special.push(quote);
  if (chance(0.25)) special.push(comment);
  if (chance(0.05)) special.push(indented);
  const sections = own.filter((h) => h.text !== 'Version History');
  const placed = sections.map(() => []);
  for (const block of special) placed[Math.floor(random() * sections.length)].push(block);

  const out = [];
  if (meta.block)
    out.push(
      `<!-- DOCKET_METADATA_BLOCK -->\n\n> **Document ID:** ${meta.id}\n> **Owner:** ${meta.owner}\n> **Status:** ${meta.status}\n> **Version:** ${meta.version}\n> **Type:** ${doc.type}`,
    );
  out.push(`# ${doc.headings[0].text}`);
  // `size` is the body's length, reached section by section (a section has at least its first paragraph and its special blocks).
  let length = 0;
  const push = (block) => {
    out.push(block);
    length += block.length + 2;
  };
  for (const [k, h] of sections.entries()) {
    push(`${'#'.repeat(h.level)} ${h.text}`);
    push(paragraph());
    for (const special of placed[k]) push(special());
    while (length < (size * (k + 1)) / sections.length) push(chance(0.2) ? list(false) : paragraph());
  }
  if (doc.history) {
    const rows = Array.from(
      { length: between(1, 4) },
      (_, i) => `| ${i + 1}.0 | 2026-0${between(1, 9)}-1${between(0, 9)} | ${meta.owner} | ${phrase(between(2, 5))} |`,
    );
    out.push(`## Version History\n\n| Version | Date | Author | Changes |\n| --- | --- | --- | --- |\n${rows.join('\n')}`);
  }
  out.push(tail);
  if (refs.length) out.push(refs.map((r) => `[${r.label}]: ${r.dest}${r.title}`).join('\n'));
  return `${out.join('\n\n')}\n`;
}
