import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SymbolKind, type Position } from 'vscode-languageserver';
import { Workspace } from '../../src/core/workspace/workspace.js';
import { definition } from '../../src/cli/lsp/features/definition.js';
import { documentLinks } from '../../src/cli/lsp/features/document-links.js';
import { hover } from '../../src/cli/lsp/features/hover.js';
import { workspaceSymbols } from '../../src/cli/lsp/features/symbols.js';
import { copyFixture, writeTree } from '../helpers/fixtures.js';
import { at, KAFKA, NAV, NAV_TEXT, navigationWorkspace, POSTGRES, TWIN, TWIN_TEXT } from '../helpers/lsp-fixture.js';

let root: string;
let ws: Workspace;

const uri = (rel: string) => new URL(`file://${path.join(root, rel)}`).href;
const relOf = (u: string) => path.relative(root, fileURLToPath(u)).split(path.sep).join('/');
const hoverText = (rel: string, text: string, p: Position) => {
  const h = hover(ws, rel, text, p);
  return h === null ? null : (h.contents as { value: string }).value;
};

beforeAll(async () => {
  ({ root, ws } = await navigationWorkspace());
});

describe('hover', () => {
  it('shows the document an ID names, in the frontmatter and in the body', () => {
    const value = hoverText(NAV, NAV_TEXT, at(NAV_TEXT, '  - ACME-ADR-004', 6))!;
    expect(value).toContain('**ACME\\-ADR\\-004**: Use Kafka for Event Ingestion');
    expect(value).toContain('Type: ADR');
    expect(value).toContain('Status: Approved');
    expect(value).toContain('Owner: Tracking Team');
    expect(value).toContain(`Path: ${KAFKA.replace(/[-./]/g, '\\$&')}`);
    // superseded_by and a body mention (the cursor right after the ID counts too).
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'superseded_by: ACME-ADR-005', 20))).toContain('Require Idempotency Keys');
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'and ACME-ADR-004.', 4 + 12))).toContain('Use Kafka');
    const range = hover(ws, NAV, NAV_TEXT, at(NAV_TEXT, 'and ACME-ADR-004.', 5))!.range!;
    expect(range).toEqual({ start: at(NAV_TEXT, 'and ACME-ADR-004.', 4), end: at(NAV_TEXT, 'and ACME-ADR-004.', 16) });
  });

  it('shows the documents of a flow list, and a document its own ID', () => {
    expect(hoverText(TWIN, TWIN_TEXT, at(TWIN_TEXT, 'ACME-ADR-002]', 3))).toContain('Use DynamoDB for Tracking Events');
    expect(hoverText(TWIN, TWIN_TEXT, at(TWIN_TEXT, '[ACME-ADR-001', 1))).toContain('Record Architecture Decisions');
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'document_id: ACME-ADR-006', 13))).toContain('Navigation Fixture');
  });

  it('says an ID is unknown, and lists every document of a duplicate ID', () => {
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-GOV-999'))).toBe('**ACME\\-GOV\\-999**: no governed document has this ID.');
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-ADR-099'))).toContain('no governed document has this ID');
    const dup = hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-ADR-003'))!;
    expect(dup).toContain('is the ID of 2 documents');
    expect(dup).toContain('Use Postgres for Tracking Events');
    expect(dup).toContain('Postgres Twin');
  });

  it('shows nothing for IDs in code spans, code blocks, HTML, or a web link, nor for other text', () => {
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, '`ACME-ADR-004`', 3))).toBeNull();
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-ADR-005\n```', 2))).toBeNull();
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-ADR-001 indented', 2))).toBeNull();
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-ADR-002 in a comment', 2))).toBeNull();
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'example.com/ACME-ADR-001', 14))).toBeNull();
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'Größe'))).toBeNull();
    // Keys that hold no IDs: a value that looks like one is no reference.
    const other = NAV_TEXT.replace('owner: Platform Team', 'owner: ACME-ADR-004');
    expect(hoverText(NAV, other, at(other, 'owner: ACME-ADR-004', 9))).toBeNull();
  });

  it('describes a link destination after non-ASCII text (UTF-16 positions), with its anchor', () => {
    // `Größe 🚀 über [Kafka](`: the rocket is two UTF-16 units, so the destination starts at character 22.
    const line = at(NAV_TEXT, 'Größe').line;
    const value = hoverText(NAV, NAV_TEXT, { line, character: 22 })!;
    expect(value).toContain('Use Kafka for Event Ingestion');
    expect(value).toMatch(/Anchor #CONTEXT, line 32\./);
    expect(hoverText(NAV, NAV_TEXT, { line, character: 21 })).toBeNull(); // the `(`
    expect(hover(ws, NAV, NAV_TEXT, { line, character: 30 })!.range).toEqual({
      start: { line, character: 22 },
      end: { line, character: 22 + 'adr-004-use-kafka-for-event-ingestion.md#CONTEXT'.length },
    });
  });

  it('describes self anchors, directories and missing files', () => {
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, '#second-heading', 1))).toBe(
      `Anchor #second\\-heading, line ${at(NAV_TEXT, '## Second').line + 1}.`,
    );
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, '../20-specs/', 3))).toBe('Directory: docs\\/20\\-specs');
    expect(hoverText(NAV, NAV_TEXT, at(NAV_TEXT, 'missing.md', 1))).toBe('docs\\/45\\-adr\\/missing\\.md does not exist.');
    const unsaved = NAV_TEXT.replace('## Second Heading', '## Renamed');
    expect(hoverText(NAV, unsaved, at(unsaved, '#second-heading', 1))).toBe(
      'No heading in this document has the anchor #second\\-heading.',
    );
  });

  it('escapes Markdown in titles: a title cannot make a link or fetch an image', async () => {
    const evil = copyFixture('handbook', { example: true });
    writeTree(evil, { [NAV]: NAV_TEXT.replace('title: Navigation Fixture', 'title: "![x](https://evil.example/p.png) <b>hi</b>"') });
    const h = hover(await Workspace.open(evil), KAFKA, 'See ACME-ADR-006.', { line: 0, character: 6 })!;
    expect((h.contents as { value: string }).value).toContain('\\!\\[x\\]\\(https\\:\\/\\/evil\\.example\\/p\\.png\\) \\<b\\>hi\\<\\/b\\>');
  });
});

describe('definition', () => {
  it('goes from an ID to the document_id line of each document with it', () => {
    const [kafka] = definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, '  - ACME-ADR-004', 8));
    expect(relOf(kafka!.uri)).toBe(KAFKA);
    expect(kafka!.range.start).toEqual({ line: 1, character: 0 });
    const both = definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-ADR-003'));
    expect(both.map((l) => relOf(l.uri))).toEqual([POSTGRES, TWIN]);
    expect(both.map((l) => l.range.start.line)).toEqual([1, 1]);
    expect(definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, 'ACME-GOV-999'))).toEqual([]);
    expect(definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, '`ACME-ADR-004`', 1))).toEqual([]);
  });

  it('goes from a link to its file and the heading of its anchor, letter case ignored', () => {
    const [loc] = definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, 'adr-004-use-kafka', 3));
    expect(loc).toEqual({ uri: uri(KAFKA), range: { start: { line: 31, character: 0 }, end: { line: 31, character: 0 } } });
    const self = definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, '#second-heading', 2));
    expect(self).toEqual([{ uri: uri(NAV), range: { start: at(NAV_TEXT, '## Second'), end: at(NAV_TEXT, '## Second') } }]);
    // A file without the anchor: its top; a directory, a missing file or the web: nowhere.
    const noAnchor = NAV_TEXT.replace('#CONTEXT', '#nowhere');
    expect(definition(ws, NAV, noAnchor, at(noAnchor, 'adr-004-use-kafka', 3))[0]!.range.start).toEqual({ line: 0, character: 0 });
    expect(definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, '../20-specs/', 2))).toEqual([]);
    expect(definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, 'missing.md', 2))).toEqual([]);
    expect(definition(ws, NAV, NAV_TEXT, at(NAV_TEXT, 'https://example.com', 2))).toEqual([]);
  });
});

describe('document links', () => {
  it('links known IDs in the body outside code and HTML, and reference values in the frontmatter', () => {
    const links = documentLinks(ws, NAV, NAV_TEXT);
    const shown = links.map((l) => {
      const lines = NAV_TEXT.split('\n');
      return `${lines[l.range.start.line]!.slice(l.range.start.character, l.range.end.character)} -> ${relOf(l.target!)}`;
    });
    expect(shown).toEqual([
      `ACME-ADR-004 -> ${KAFKA}`, // related_ids (ACME-GOV-999 is unknown: no link)
      'ACME-ADR-005 -> docs/45-adr/adr-005-idempotency-keys.md', // superseded_by
      `ACME-ADR-006 -> ${NAV}`, // the heading: a body mention of its own ID
      `ACME-ADR-004 -> ${KAFKA}`,
      `ACME-ADR-003 -> ${POSTGRES}`, // the first of a duplicate ID
    ]);
    expect(links[0]!.tooltip).toBe('ACME-ADR-004: Use Kafka for Event Ingestion');
    // The document's own document_id is no link.
    expect(links.some((l) => l.range.start.line === 1)).toBe(false);
  });

  it('links the IDs of a flow list', () => {
    const links = documentLinks(ws, TWIN, TWIN_TEXT);
    expect(links.map((l) => [l.range.start, relOf(l.target!)])).toEqual([
      [at(TWIN_TEXT, 'ACME-ADR-001'), 'docs/45-adr/adr-001-record-architecture-decisions.md'],
      [at(TWIN_TEXT, 'ACME-ADR-002'), 'docs/45-adr/adr-002-use-dynamodb-for-tracking-events.md'],
    ]);
  });
});

describe('workspace symbols', () => {
  it('finds documents by ID and title, letter case ignored, best match first', () => {
    const names = (q: string) => workspaceSymbols(ws, q).map((s) => s.name);
    expect(names('acme-adr-004')[0]).toBe('ACME-ADR-004: Use Kafka for Event Ingestion');
    expect(names('KAFKA')).toEqual(['ACME-ADR-004: Use Kafka for Event Ingestion']);
    expect(names('adr-00')).toEqual([
      'ACME-ADR-001: Record Architecture Decisions',
      'ACME-ADR-002: Use DynamoDB for Tracking Events',
      'ACME-ADR-003: Use Postgres for Tracking Events',
      'ACME-ADR-003: Postgres Twin',
      'ACME-ADR-004: Use Kafka for Event Ingestion',
      'ACME-ADR-005: Require Idempotency Keys for Event Submission',
      'ACME-ADR-006: Navigation Fixture',
    ]);
    expect(names('twin POSTGRES')).toEqual(['ACME-ADR-003: Postgres Twin']);
    expect(names('adr4')).toEqual(['ACME-ADR-004: Use Kafka for Event Ingestion']);
    expect(names('pstgrstwn')).toEqual([]);
    expect(names('')).toHaveLength(ws.documents().filter((d) => d.node).length);
    const [first] = workspaceSymbols(ws, 'ACME-ADR-004');
    expect(first).toEqual({
      name: 'ACME-ADR-004: Use Kafka for Event Ingestion',
      kind: SymbolKind.File,
      location: { uri: uri(KAFKA), range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } },
      containerName: KAFKA,
    });
  });
});

describe('a document with CR LF line endings', () => {
  it('hovers, goes to definitions and links as with LF', () => {
    const crlf = NAV_TEXT.replace(/\n/g, '\r\n');
    const line = at(NAV_TEXT, 'Größe').line;
    expect(hoverText(NAV, crlf, { line, character: 22 })).toContain('Anchor #CONTEXT, line 32.');
    expect(hover(ws, NAV, crlf, at(NAV_TEXT, 'and ACME-ADR-004.', 5))!.range).toEqual({
      start: at(NAV_TEXT, 'and ACME-ADR-004.', 4),
      end: at(NAV_TEXT, 'and ACME-ADR-004.', 16),
    });
    expect(hoverText(NAV, crlf, at(NAV_TEXT, '`ACME-ADR-004`', 3))).toBeNull();
    expect(definition(ws, NAV, crlf, at(NAV_TEXT, '#second-heading', 2))[0]!.range.start).toEqual(at(NAV_TEXT, '## Second'));
    expect(documentLinks(ws, NAV, crlf).map((l) => l.range)).toEqual(documentLinks(ws, NAV, NAV_TEXT).map((l) => l.range));
    // A character past the end of a line stays on that line (before its CR).
    expect(hoverText(NAV, crlf, { line: at(NAV_TEXT, 'superseded_by').line, character: 99 })).toContain('Require Idempotency Keys');
  });
});
