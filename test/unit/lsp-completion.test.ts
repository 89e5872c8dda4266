import { beforeAll, describe, expect, it } from 'vitest';
import type { CompletionItem, Position, TextEdit } from 'vscode-languageserver';
import type { Workspace } from '../../src/core/workspace/workspace.js';
import { completion } from '../../src/cli/lsp/features/completion.js';
import { NAV, NAV_TEXT, navigationWorkspace } from '../helpers/lsp-fixture.js';

let ws: Workspace;

beforeAll(async () => {
  ({ ws } = await navigationWorkspace({ 'docs/45-adr/notes (draft).md': '# Notes\n' }));
});

/** The text with `line` put in place of `replaced`, and the position of the cursor (a marker `|` in `line`). */
function typed(replaced: string, line: string): { text: string; position: Position } {
  const marked = NAV_TEXT.replace(replaced, line);
  const offset = marked.indexOf('|');
  const before = marked.slice(0, offset);
  return {
    text: marked.slice(0, offset) + marked.slice(offset + 1),
    position: { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 },
  };
}

function complete(replaced: string, line: string): CompletionItem[] {
  const { text, position } = typed(replaced, line);
  return completion(ws, NAV, text, position);
}

const labels = (items: CompletionItem[]) => items.map((i) => i.label);
const edit = (item: CompletionItem) => item.textEdit as TextEdit;

describe('completion in the frontmatter', () => {
  it('offers document IDs in a related_ids block list, the typed part replaced', () => {
    const items = complete('  - ACME-GOV-999', '  - ACME-AD|');
    expect(labels(items)).toContain('ACME-ADR-004');
    expect(labels(items)).not.toContain('ACME-ADR-006'); // the document's own ID
    expect(labels(items).filter((l) => l === 'ACME-ADR-003')).toHaveLength(1); // a duplicate ID once
    expect(labels(items)).toEqual([...labels(items)].sort());
    const kafka = items.find((i) => i.label === 'ACME-ADR-004')!;
    expect(kafka.detail).toBe('Use Kafka for Event Ingestion');
    const { position } = typed('  - ACME-GOV-999', '  - ACME-AD|');
    expect(edit(kafka)).toEqual({ range: { start: { line: position.line, character: 4 }, end: position }, newText: 'ACME-ADR-004' });
  });

  it('offers document IDs in a flow list and for superseded_by', () => {
    const flow = complete('related_ids:\n  - ACME-ADR-004\n  - ACME-GOV-999', 'related_ids: [ACME-ADR-004, |]');
    expect(labels(flow)).toContain('ACME-GOV-001');
    const { position } = typed('related_ids:\n  - ACME-ADR-004\n  - ACME-GOV-999', 'related_ids: [ACME-ADR-004, |]');
    expect(edit(flow[0]!).range).toEqual({ start: position, end: position });
    const quoted = complete('superseded_by: ACME-ADR-005', 'superseded_by: "ACME|-ADR-005"');
    expect(labels(quoted)).toContain('ACME-ADR-005');
    const line = typed('superseded_by: ACME-ADR-005', 'superseded_by: "ACME|-ADR-005"').position.line;
    // Inside the quotes: the whole ID is replaced, the quotes stay.
    expect(edit(quoted[0]!).range).toEqual({ start: { line, character: 16 }, end: { line, character: 28 } });
  });

  it("offers the schema's allowed values, and the namespace's types where the schema lists none", () => {
    const status = complete('status: Draft', 'status: |Draft');
    expect(labels(status)).toEqual(['Draft', 'In Review', 'Approved', 'Superseded']);
    expect(edit(status[1]!).newText).toBe('In Review');
    const type = complete('type: ADR', 'type: |');
    expect(labels(type)).toEqual(expect.arrayContaining(['ADR', 'FDD', 'GOV', 'PRD', 'RUNBOOK']));
    expect(labels(type)).toEqual([...labels(type)].sort());
    // A free-text key, and a list whose items allow anything: nothing to offer.
    expect(complete('owner: Platform Team', 'owner: |')).toEqual([]);
  });

  it('offers the keys the frontmatter does not have yet at the start of a line, required ones first', () => {
    const items = complete('docops_version: "2.0"\n', 'docops_version: "2.0"\nar|\n');
    expect(labels(items)).not.toContain('title');
    expect(labels(items)).not.toContain('related_ids');
    expect(labels(items)).toEqual(expect.arrayContaining(['area', 'description', 'tags', 'approvers']));
    const area = items.find((i) => i.label === 'area')!;
    const { position } = typed('docops_version: "2.0"\n', 'docops_version: "2.0"\nar|\n');
    expect(edit(area)).toEqual({ range: { start: { line: position.line, character: 0 }, end: position }, newText: 'area: ' });
    // In a key written already: the key alone is replaced, its colon and value stay.
    const renamed = complete('owner: Platform Team', 'own|er: Platform Team');
    expect(labels(renamed)).toContain('area');
    const at = typed('owner: Platform Team', 'own|er: Platform Team').position;
    expect(edit(renamed.find((i) => i.label === 'area')!)).toEqual({
      range: { start: { line: at.line, character: 0 }, end: { line: at.line, character: 5 } },
      newText: 'area',
    });
    // docops_version removed: a required key, offered first.
    const missing = complete('docops_version: "2.0"\n', '|\n');
    expect(missing[0]!.label).toBe('docops_version');
    expect(missing[0]!.detail).toBe('required');
  });
});

describe('completion in link destinations', () => {
  it("offers the files and folders of the document's folder, governed documents with ID and title", () => {
    const items = complete('[up](#second-heading)', '[up](|');
    const kafka = items.find((i) => i.label === 'adr-004-use-kafka-for-event-ingestion.md')!;
    expect(kafka.detail).toBe('ACME-ADR-004: Use Kafka for Event Ingestion');
    // A name with blanks and parentheses is written percent-encoded.
    expect(edit(items.find((i) => i.label === 'notes (draft).md')!).newText).toBe('notes%20%28draft%29.md');
  });

  it('offers the entries of the folder typed so far, relative or from the root, never outside it', () => {
    const up = complete('[up](#second-heading)', '[up](../|');
    expect(labels(up)).toEqual(expect.arrayContaining(['45-adr/', '20-specs/', '00-governance/']));
    expect(labels(up).indexOf('00-governance/')).toBeLessThan(labels(up).indexOf('20-specs/'));
    const specs = complete('[up](#second-heading)', '[up](../20-specs/sp|)');
    expect(labels(specs)).toEqual(['spec-001-tracking-events-api.md', 'spec-002-tracking-event-schema.md']);
    const { position } = typed('[up](#second-heading)', '[up](../20-specs/sp|)');
    expect(edit(specs[0]!).range).toEqual({ start: { line: position.line, character: position.character - 2 }, end: position });
    expect(labels(complete('[up](#second-heading)', '[up](/docs/|'))).toContain('45-adr/');
    expect(complete('[up](#second-heading)', '[up](../../../|')).toEqual([]);
  });

  it("offers the anchors of the target after `#`, and this document's after `](#`", () => {
    const kafka = complete('[up](#second-heading)', '[up](adr-004-use-kafka-for-event-ingestion.md#|');
    expect(labels(kafka)).toEqual([
      'acme-adr-004-use-kafka-for-event-ingestion',
      'context',
      'options-considered',
      'decision',
      'consequences',
    ]);
    expect(kafka[1]!.detail).toBe('## Context');
    // This document's own anchors come from its unsaved text.
    const own = complete('## Second Heading', '## Unsaved Heading\n\nSee [x](#|)');
    expect(labels(own)).toEqual(['acme-adr-006-navigation-fixture', 'unsaved-heading']);
    const { position } = typed('## Second Heading', '## Unsaved Heading\n\nSee [x](#|)');
    expect(edit(own[0]!).range).toEqual({ start: position, end: position });
    expect(complete('[up](#second-heading)', '[up](missing.md#|')).toEqual([]);
  });

  it('offers nothing elsewhere in the body', () => {
    expect(complete('[up](#second-heading)', 'plain text |')).toEqual([]);
    expect(complete('[up](#second-heading)', '[up](x.md) |')).toEqual([]);
  });
});
