import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { catalogGroup, renderCatalog } from '../../src/core/views/catalog.js';
import { cssSlug, htmlText, markdownText, relativeHref } from '../../src/core/views/escape.js';
import { kanbanColumns, renderKanban } from '../../src/core/views/kanban.js';
import type { ViewDocument, ViewModel } from '../../src/core/views/model.js';

const doc = (id: string, fields: Partial<ViewDocument> = {}): ViewDocument => ({
  document_id: id,
  path: `docs/45-adr/${id.toLowerCase()}.md`,
  type: 'ADR',
  title: `Title of ${id}`,
  status: 'Approved',
  owner: 'Team',
  last_updated: '2026-01-10',
  ready: false,
  open_blockers: [],
  unblocks: [],
  ...fields,
});

const model = (documents: ViewDocument[], extra: Partial<ViewModel> = {}): ViewModel => ({
  project_name: 'Acme',
  repo_prefix: 'ACME',
  dir: 'docs/01-indices',
  documents,
  ...extra,
});

const HOSTILE = [
  'a | b',
  '<script>alert("x")</script>',
  'it\'s "quoted"',
  'line one\nline two\r\n\nafter a blank line',
  '`code` and ``more``',
  '*em* _em_ [link](javascript:alert(1)) ~~del~~ $x$',
  'back\\slash \\| escaped pipe',
  '<!-- MEMINIT_GENERATED: kanban -->',
  '\u2028sep\u0000nul\ttab',
];

/** The cells of a table row: split on pipes that no backslash escapes (as GFM splits a row). */
function cells(row: string): string[] {
  const out: string[] = [];
  let cell = '';
  for (let i = 1; i < row.length - 1; i++) {
    if (row[i] === '\\') {
      cell += row[i]! + (row[i + 1] ?? '');
      i++;
    } else if (row[i] === '|') {
      out.push(cell);
      cell = '';
    } else cell += row[i];
  }
  return [...out, cell];
}

/** The HTML board: from its opening div to the end. */
const board = (markdown: string) => markdown.slice(markdown.indexOf('<div class="kanban-board"'));

describe('view escaping', () => {
  it('makes repository text one line, inert in Markdown and in HTML', () => {
    expect(markdownText('a | b `c` *d* [e](f) <g> & "h"\nnext')).toBe(
      'a \\| b \\`c\\` \\*d\\* \\[e\\](f) &lt;g&gt; &amp; &quot;h&quot; next',
    );
    expect(htmlText('<a href="x">it\'s</a>\n\nnext')).toBe('&lt;a href=&quot;x&quot;&gt;it&#x27;s&lt;/a&gt; next');
    expect(cssSlug('QA Required', 'x')).toBe('qa-required');
    expect(cssSlug('"><script>', 'x')).toBe('script');
    expect(cssSlug('***', 'fallback')).toBe('fallback');
  });

  it('links relative to the views directory, percent-encoding what could end the link, split a row or read as a scheme', () => {
    expect(relativeHref('docs/01-indices', 'docs/45-adr/adr-001-x.md')).toBe('../45-adr/adr-001-x.md');
    expect(relativeHref('docs/01-indices', 'docs/01-indices/javascript:alert(1).md')).toBe('javascript%3Aalert%281%29.md');
    expect(relativeHref('01-indices', 'a b|c"d<e>é.md')).toBe('../a%20b%7Cc%22d%3Ce%3E%C3%A9.md');
    const dirs = fc.array(fc.constantFrom('docs', 'a', 'b', '01-indices'), { maxLength: 4 });
    fc.assert(
      fc.property(dirs, dirs, fc.constantFrom('x.md', 'y.md'), (from, to, name) => {
        expect(relativeHref(from.length === 0 ? '.' : from.join('/'), [...to, name].join('/'))).toBe(
          path.posix.relative(from.join('/'), [...to, name].join('/')),
        );
      }),
    );
  });
});

describe('renderCatalog', () => {
  it('groups as the Python DocOps CLI does (a custom state is active work) and orders each section by recency, then ID', () => {
    expect([
      catalogGroup(doc('A', { status: 'Superseded', impl_state: 'Done' })),
      catalogGroup(doc('B', { impl_state: 'done' })),
      catalogGroup(doc('C', { impl_state: 'Review' })),
      catalogGroup(doc('D', { status: 'In Review' })),
      catalogGroup(doc('E', { status: 'Approved' })),
      catalogGroup(doc('F', { status: null })),
    ]).toEqual(['Superseded', 'Done', 'Active Work', 'Governance Pending', 'Reference', 'Reference']);
    const text = renderCatalog(
      model([
        doc('ACME-ADR-002', { last_updated: '2026-01-10' }),
        doc('ACME-ADR-001', { last_updated: '2026-01-10' }),
        doc('ACME-ADR-003', {
          last_updated: '2025-12-01',
          impl_state: 'In Progress',
          updated: '2026-02-01T09:00:00+00:00',
          priority: 'P1',
        }),
        doc('ACME-ADR-004', { last_updated: 'not a date', impl_state: 'Not Started', updated: '2026-01-05T00:00:00+00:00', ready: true }),
        doc('ACME-ADR-005', { last_updated: null }),
      ]),
    );
    const rows = text.split('\n').filter((l) => l.startsWith('| ['));
    expect(rows.map((r) => cells(r).map((c) => c.trim()))).toEqual([
      [
        '[ACME-ADR-003](../45-adr/acme-adr-003.md)',
        'Title of ACME-ADR-003',
        'ADR',
        'Approved',
        'In Progress',
        'P1',
        '—',
        '2026-02-01',
        'Team',
      ],
      [
        '[ACME-ADR-004](../45-adr/acme-adr-004.md)',
        'Title of ACME-ADR-004',
        'ADR',
        'Approved',
        'Not Started',
        '—',
        '✅',
        '2026-01-05',
        'Team',
      ],
      ['[ACME-ADR-001](../45-adr/acme-adr-001.md)', 'Title of ACME-ADR-001', 'ADR', 'Approved', '', '—', '—', '2026-01-10', 'Team'],
      ['[ACME-ADR-002](../45-adr/acme-adr-002.md)', 'Title of ACME-ADR-002', 'ADR', 'Approved', '', '—', '—', '2026-01-10', 'Team'],
      ['[ACME-ADR-005](../45-adr/acme-adr-005.md)', 'Title of ACME-ADR-005', 'ADR', 'Approved', '', '—', '—', '', 'Team'],
    ]);
    expect(text).toContain('## Governance Pending\n\n_No documents currently in this state._\n');
    // The frontmatter's date is the latest activity listed, not the build date; the marker is the first body line.
    const head =
      '---\ndocument_id: ACME-INDEX-001\ntype: INDEX\ntitle: Project Dashboard\nstatus: Draft\nversion: "1.0"\nlast_updated: 2026-02-01\nowner: __TBD__\ndocops_version: "2.0"\n---\n\n<!-- MEMINIT_GENERATED: catalog -->\n';
    expect(text.slice(0, head.length)).toBe(head);
    expect(text).not.toContain('Last built');
    expect(text).toMatch(/[^\n]\n$/);
  });

  it('prints the build time and the filters only when the model has them', () => {
    const text = renderCatalog(
      model([doc('ACME-ADR-001')], {
        built_at: '2026-03-05T14:30:00Z',
        filters: { status: ['Approved'], impl_state: ['In Progress', 'QA Required'] },
      }),
    );
    expect(text).toContain('last_updated: 2026-03-05\n');
    expect(text).toContain(
      '_Generated by `docket index --output-catalog`. Last built: 2026-03-05T14:30:00Z._\n\n**Filters:** status: Approved; impl\\_state: In Progress, QA Required\n',
    );
  });

  it('keeps hostile titles, owners, states and IDs inside their cell, one row per document, with no live HTML', () => {
    const docs = HOSTILE.map((t, i) =>
      doc(`ACME-ADR-00${i}${t.slice(0, 3)}`, { title: t, owner: t, type: t, status: t, impl_state: t, priority: t }),
    );
    const text = renderCatalog(model(docs));
    const rows = text.split('\n').filter((l) => l.startsWith('| ['));
    expect(rows).toHaveLength(HOSTILE.length);
    for (const row of rows) expect(cells(row)).toHaveLength(9);
    expect(text).not.toMatch(/<(?!!-- MEMINIT_GENERATED: catalog -->)/);
    for (const row of rows) expect(row).not.toMatch(/(?<!\\)`/);
  });
});

describe('renderKanban', () => {
  it('puts the canonical columns first, then custom states sorted; cards by priority, unblocks, age, ID; untracked documents nowhere', () => {
    const columns = kanbanColumns([
      doc('A-1', { impl_state: 'Not Started', updated: '2026-01-02T00:00:00+00:00' }),
      doc('A-2', { impl_state: 'Not Started', updated: '2026-01-01T00:00:00+00:00' }),
      doc('A-3', { impl_state: 'Not Started', updated: '2026-01-09T00:00:00+00:00', unblocks: ['A-1'] }),
      doc('A-4', { impl_state: 'Not Started', updated: '2026-01-09T00:00:00+00:00', priority: 'P0' }),
      doc('A-5', { impl_state: 'Not Started', updated: '2026-01-02T00:00:00+00:00' }),
      doc('A-6', { impl_state: 'Waiting' }),
      doc('A-7', { impl_state: 'Archived' }),
      doc('A-8'),
    ]);
    expect(columns.map((c) => [c.state, c.cards.map((d) => d.document_id)])).toEqual([
      ['Not Started', ['A-4', 'A-3', 'A-2', 'A-1', 'A-5']],
      ['In Progress', []],
      ['Blocked', []],
      ['QA Required', []],
      ['Done', []],
      ['Archived', ['A-7']],
      ['Waiting', ['A-6']],
    ]);
  });

  it('writes the marker first, a Markdown fallback, then an HTML board whose blocks no text can break', () => {
    const docs = HOSTILE.map((t, i) =>
      doc(`ACME-ADR-00${i}`, {
        title: t,
        status: t,
        notes: t,
        impl_state: i % 2 === 0 ? 'In Progress' : t,
        priority: 'P1',
        open_blockers: [t],
      }),
    );
    const { markdown, css } = renderKanban(model(docs, { project_name: '<b>Acme</b> | "x"' }));
    expect(
      markdown.startsWith('<!-- MEMINIT_GENERATED: kanban -->\n\n# &lt;b&gt;Acme&lt;/b&gt; \\| &quot;x&quot; Project Status Board\n'),
    ).toBe(true);
    const html = board(markdown);
    // Only docket's own tags: every `<` of repository text became &lt;.
    const tags = [...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]);
    const opened = [...html.matchAll(/<article /g)];
    expect(new Set(tags)).toEqual(new Set(['div', 'section', 'h3', 'span', 'article', 'strong', 'a', 'p']));
    expect(opened).toHaveLength(HOSTILE.length);
    // Each section is one HTML block: no blank line inside, so Markdown never starts in it.
    for (const section of html.split('\n\n').filter((b) => b.startsWith('<section'))) expect(section.endsWith('</section>')).toBe(true);
    const fallback = markdown.slice(markdown.indexOf('<div class="kanban-fallback">'), markdown.indexOf('<div class="kanban-board"'));
    expect(fallback.split('\n').filter((l) => l.startsWith('- **['))).toHaveLength(HOSTILE.length);
    expect(fallback.split('\n').filter((l) => l.startsWith('  - '))).toHaveLength(HOSTILE.length);
    expect(fallback).not.toMatch(/<(?!\/?div)/);
    expect(css).toContain('.kanban-fallback {\n  display: none;\n}');
    expect(css).not.toMatch(/@import|url\(/);
  });

  it('renders any text as inert: one card line per document, only docket tags in the board (every input)', () => {
    const text = fc.string({
      unit: fc.constantFrom(
        'a',
        ' ',
        '|',
        '<',
        '>',
        '&',
        '"',
        "'",
        '`',
        '\n',
        '\r',
        '\\',
        '*',
        '[',
        ']',
        '(',
        ')',
        '-',
        '#',
        '\u2028',
        '\u0000',
        'é',
      ),
      maxLength: 40,
    });
    fc.assert(
      fc.property(fc.array(fc.record({ title: text, status: text, notes: text, state: text, owner: text }), { maxLength: 5 }), (items) => {
        const docs = items.map((it, i) =>
          doc(`ACME-ADR-00${i}`, { title: it.title, status: it.status, notes: it.notes, owner: it.owner, impl_state: it.state }),
        );
        const { markdown } = renderKanban(model(docs, { project_name: items[0]?.title ?? 'p' }));
        const tags = [...board(markdown).matchAll(/<\/?([a-zA-Z0-9!]+)/g)].map((m) => m[1]);
        expect(tags.every((t) => ['div', 'section', 'h3', 'span', 'article', 'strong', 'a', 'p'].includes(t!))).toBe(true);
        expect([...board(markdown).matchAll(/<article /g)]).toHaveLength(docs.length);
        for (const block of board(markdown)
          .split('\n\n')
          .filter((b) => b.startsWith('<section')))
          expect(block.endsWith('</section>')).toBe(true);
        const catalog = renderCatalog(model(docs));
        const rows = catalog.split('\n').filter((l) => l.startsWith('| ['));
        expect(rows).toHaveLength(docs.length);
        for (const row of rows) expect(cells(row)).toHaveLength(9);
        expect(catalog.split('\n').filter((l) => /</.test(l) && l !== '<!-- MEMINIT_GENERATED: catalog -->')).toEqual([]);
      }),
    );
  });
});
