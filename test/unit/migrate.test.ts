import { describe, expect, it } from 'vitest';
import { splitFrontmatter } from '../../src/core/frontmatter/split.js';
import { editIds } from '../../src/core/migrate/id-edits.js';
import { replacePlaceholders } from '../../src/core/migrate/placeholders.js';

const edit = (text: string, opts: { own?: { old: string; next: string }; refs?: Record<string, string> } = {}) => {
  const references = new Map(Object.entries(opts.refs ?? {}));
  return editIds(
    {
      rel: 'd.md',
      text,
      split: splitFrontmatter(text),
      ...(opts.own ? { own: opts.own } : {}),
      references,
      mentions: new Set(references.keys()),
    },
    splitFrontmatter,
  );
};

describe('migrate-ids edits', () => {
  it('replaces whole IDs only, never inside a link destination, and keeps every other byte (CRLF too)', () => {
    const text =
      '---\r\ndocument_id: ACME-ADR-001\r\nrelated_ids:\r\n  - "ADR-7" # quoted\r\nsuperseded_by: ADR-7\r\n---\r\nSee ADR-7, ADR-70, XADR-7, adr-7 and [ADR-7](ADR-7.md).\r\n';
    const r = edit(text, { refs: { 'ADR-7': 'ACME-ADR-007' } });
    expect(r.text).toBe(
      '---\r\ndocument_id: ACME-ADR-001\r\nrelated_ids:\r\n  - "ACME-ADR-007" # quoted\r\nsuperseded_by: ACME-ADR-007\r\n---\r\nSee ACME-ADR-007, ADR-70, XADR-7, adr-7 and [ACME-ADR-007](ADR-7.md).\r\n',
    );
    expect(r.edits.map((e) => `${e.line} ${e.kind}`)).toEqual(['4 related_ids', '5 superseded_by', '7 mention', '7 mention']);
  });

  it('without references only the document itself changes: its value, metadata block row and first heading', () => {
    const text =
      '---\ndocument_id: "ADR 7"\n---\n<!-- MEMINIT_METADATA_BLOCK -->\n> **Document ID:** `ADR 7`\n\n```\n# ADR 7 in code\n```\n# ADR 7: Title\n\nADR 7 in prose stays.\n';
    const r = editIds(
      {
        rel: 'd.md',
        text,
        split: splitFrontmatter(text),
        own: { old: 'ADR 7', next: 'ACME-ADR-007' },
        references: new Map(),
        mentions: new Set(),
      },
      splitFrontmatter,
    );
    expect(r.text).toBe(
      '---\ndocument_id: ACME-ADR-007\n---\n<!-- MEMINIT_METADATA_BLOCK -->\n> **Document ID:** `ACME-ADR-007`\n\n```\n# ADR 7 in code\n```\n# ACME-ADR-007: Title\n\nADR 7 in prose stays.\n',
    );
    expect(r.edits.map((e) => e.kind)).toEqual(['document_id', 'metadata_block', 'heading']);
  });

  it('finds many IDs in one pass over the text', () => {
    const refs = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`OLD-${i}`, `ACME-ADR-${String(i + 1).padStart(3, '0')}`]));
    const r = edit('---\nrelated_ids: [OLD-3, OLD-49]\n---\nOLD-10 and OLD-100.\n', { refs });
    expect(r.text).toBe('---\nrelated_ids: [ACME-ADR-004, ACME-ADR-050]\n---\nACME-ADR-011 and OLD-100.\n');
  });
});

describe('migrate-templates placeholders', () => {
  it('translates the legacy tokens outside HTML comments and fenced code, and lists what it cannot', () => {
    const r = replacePlaceholders(
      '# <REPO>-ADR-<SEQ>: {title}\n<!-- {title} <REPO> -->\n~~~\n{owner}\n~~~\n{{title}} {type} {unknown} <OWNER> <br>\n',
    );
    expect(r.text).toBe(
      '# {{repo_prefix}}-ADR-{{seq}}: {{title}}\n<!-- {title} <REPO> -->\n~~~\n{owner}\n~~~\n{{title}} {{type}} {unknown} <OWNER> <br>\n',
    );
    expect(r.replacements).toEqual([
      { from: '<REPO>', to: '{{repo_prefix}}', count: 1 },
      { from: '<SEQ>', to: '{{seq}}', count: 1 },
      { from: '{title}', to: '{{title}}', count: 1 },
      { from: '{type}', to: '{{type}}', count: 1 },
    ]);
    expect(r.leftovers).toEqual(['<OWNER>', '{unknown}']);
  });
});
