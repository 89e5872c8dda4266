import { describe, expect, it } from 'vitest';
import { conventionName, keepsAuthorName } from '../../src/core/scan/names.js';
import { notADocument } from '../../src/core/scan/non-documents.js';
import { mappedStatus, statedFacts, unnumberedTitle } from '../../src/core/scan/stated.js';

const SCHEMA = ['Draft', 'In Review', 'Approved', 'Superseded'];

describe('statedFacts', () => {
  it('reads adr-tools: the ## Status section, the Date: line, a supersession link', () => {
    expect(
      statedFacts('# 2. Use MySQL\n\nDate: 2016-02-13\n\n## Status\n\nSuperseded by [3. Use PG](0003-use-pg.md)\n\n## Context\n'),
    ).toEqual({
      status: 'Superseded by [3. Use PG](0003-use-pg.md)',
      statusSource: '## Status',
      date: '2016-02-13',
      supersededBy: '0003-use-pg.md',
    });
  });

  it('reads log4brains and MADR 2 list items (- and *), and MADR 3 frontmatter fields', () => {
    expect(statedFacts('# X\n\n- Status: accepted\n- Date: 2020-09-18\n')).toEqual({
      status: 'accepted',
      statusSource: '- Status:',
      date: '2020-09-18',
    });
    expect(statedFacts('# X\n\n* Status: proposed\n* Date: 2020-09-18\n')).toMatchObject({ status: 'proposed', date: '2020-09-18' });
    expect(statedFacts('# X\n', { status: 'on hold', date: '2023-01-10' })).toEqual({
      status: 'on hold',
      statusSource: 'status:',
      date: '2023-01-10',
    });
    expect(statedFacts('# X\n', { date: new Date('2022-11-24T00:00:00Z') }).date).toBe('2022-11-24');
  });

  it('ignores lines in code fences, a heading right after ## Status, and text far down the body', () => {
    expect(statedFacts('# X\n\n```\nStatus: accepted\nDate: 2020-01-01\n```\n')).toEqual({});
    expect(statedFacts('# X\n\n## Status\n\n## Context\n')).toEqual({});
    expect(statedFacts(`# X\n${'\n'.repeat(80)}Status: accepted\n`)).toEqual({});
  });
});

describe('mappedStatus', () => {
  it("maps the words ADR tools use onto the schema's statuses, in its spelling", () => {
    expect(mappedStatus('Accepted', SCHEMA)).toBe('Approved');
    expect(mappedStatus('proposed', SCHEMA)).toBe('In Review');
    expect(mappedStatus('draft', SCHEMA)).toBe('Draft');
    expect(mappedStatus('Superseded by [3. X](0003-x.md)', SCHEMA)).toBe('Superseded');
  });

  it('has no mapping for a status the schema lacks, unless the schema lists it', () => {
    expect(mappedStatus('Rejected', SCHEMA)).toBeUndefined();
    expect(mappedStatus('on hold', SCHEMA)).toBeUndefined();
    expect(mappedStatus('Deprecated', SCHEMA)).toBeUndefined();
    expect(mappedStatus('rejected', [...SCHEMA, 'Rejected'])).toBe('Rejected');
    expect(mappedStatus('Deprecated by [5. Y](0005-y.md)', [...SCHEMA, 'Deprecated'])).toBe('Deprecated');
    expect(mappedStatus('anything', undefined)).toBe('anything');
  });
});

describe('names of imported records', () => {
  it("drops the author's number from titles", () => {
    expect(unnumberedTitle('1. Record architecture decisions')).toBe('Record architecture decisions');
    expect(unnumberedTitle('ADR 7: Use Kafka')).toBe('Use Kafka');
    expect(unnumberedTitle('0003 - Cache')).toBe('Cache');
    expect(unnumberedTitle('2024 roadmap')).toBe('2024 roadmap');
    expect(unnumberedTitle('42')).toBe('42');
  });

  it('keeps a series from 0000 and drops date prefixes from slugs', () => {
    expect(conventionName('docs/decisions/0000-use-markdown.md', 'ADR', 'Use Markdown')).toEqual({
      number: 0,
      slug: 'use-markdown',
      title: 'Use Markdown',
    });
    expect(conventionName('docs/adr/0001-x.md', 'ADR', '1. X')).toEqual({ number: 1, slug: 'x', title: 'X' });
    expect(conventionName('docs/adr/20200918-use-log4brains.md', 'ADR', undefined)).toEqual({
      slug: 'use-log4brains',
      title: 'Use log4brains',
    });
    expect(conventionName('docs/adr/2020-09-18-use-jekyll.md', 'ADR', undefined).slug).toBe('use-jekyll');
  });

  it("keeps the author's name when its number is the ID's", () => {
    expect(keepsAuthorName('doc/adr/0001-record.md', 'ACME-ADR-001')).toBe(true);
    expect(keepsAuthorName('doc/adr/0001-record.md', 'ACME-ADR-002')).toBe(false);
    expect(keepsAuthorName('doc/adr/0001-Record.md', 'ACME-ADR-001')).toBe(false);
    expect(keepsAuthorName('doc/adr/adr-001-record.md', 'ACME-ADR-001')).toBe(false);
  });

  it('knows READMEs, index pages and templates are not documents', () => {
    expect(notADocument('docs/adr/README.md')).toContain('README');
    expect(notADocument('docs/adr/index.md')).toContain('index');
    expect(notADocument('docs/adr/template.md')).toContain('template');
    expect(notADocument('docs/decisions/adr-template.md')).toContain('template');
    expect(notADocument('docs/templates/x.md')).toContain('template');
    expect(notADocument('docs/adr/0001-use-templates.md')).toBeUndefined();
    expect(notADocument('docs/adr/0002-index-design.md')).toBeUndefined();
  });
});
