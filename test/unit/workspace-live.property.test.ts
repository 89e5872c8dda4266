import { writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Workspace } from '../../src/core/workspace/workspace.js';
import { copyFixture, writeTree } from '../helpers/fixtures.js';

/**
 * A workspace re-checks an edited document and the documents depending on it in place
 * (engine/live.ts); after any sequence of edits its findings must be those of a full check of
 * the same texts. The edits are the ones that reach other documents: headings other documents
 * link to, IDs (shared, malformed, of the wrong prefix), links to anchors, to missing files and
 * to a document whose name breaks the convention.
 */
const DOCS = [
  'docs/00-governance/gov-001-documentation-standards.md',
  'docs/00-governance/gov-002-writing-style-guide.md',
  'docs/45-adr/adr-001-record-architecture-decisions.md',
  'docs/45-adr/Bad Name.md',
  'docs/45-adr/adr-050-broken-id.md',
];
const IDS = ['ACME-GOV-001', 'ACME-GOV-002', 'ACME-ADR-001', 'ACME-ADR-050', 'acme-adr-7', 'OTHER-ADR-001', 'ACME-ADR-999', ''];
const HEADINGS = ['Tone', 'Structure', 'Links and Cross-References', 'Terminology', 'Context', 'Decision', 'New Heading'];
const TARGETS = [
  'gov-002-writing-style-guide.md#tone',
  'gov-002-writing-style-guide.md#terminology',
  'gov-001-documentation-standards.md#new-heading',
  '../45-adr/adr-001-record-architecture-decisions.md#context',
  'gov-002-writing-style-guide.md#new-heading',
  '../00-governance/gov-002-writing-style-guide.md#structure',
  '../45-adr/Bad%20Name.md',
  'Bad%20Name.md#context',
  'missing.md',
  '#decision',
  '#new-heading',
];

const edit = fc.record({
  doc: fc.nat({ max: DOCS.length - 1 }),
  kind: fc.constantFrom('id', 'heading', 'link', 'unlink', 'revert', 'save'),
  id: fc.constantFrom(...IDS),
  heading: fc.constantFrom(...HEADINGS),
  target: fc.constantFrom(...TARGETS),
});

function setup(): string {
  const root = copyFixture('handbook', { example: true });
  writeTree(root, {
    [DOCS[3]!]:
      '---\ndocument_id: ACME-ADR-040\ntype: ADR\ntitle: Badly named\nstatus: Draft\nversion: "0.1"\nlast_updated: 2026-01-01\nowner: team\ndocops_version: "2.0"\n---\n\n# Badly named\n\n## Context\n\nSee [standards](../00-governance/gov-001-documentation-standards.md).\n',
    [DOCS[4]!]:
      '---\ndocument_id: acme-adr-50\ntype: ADR\ntitle: Broken ID\nstatus: Draft\nversion: "0.1"\nlast_updated: 2026-01-01\nowner: team\ndocops_version: "2.0"\n---\n\n# Broken ID\n\n## Decision\n\nLinks to [bad](Bad%20Name.md).\n',
  });
  return root;
}

interface Edit {
  kind: string;
  id: string;
  heading: string;
  target: string;
}

function apply(text: string, e: Edit, original: string): string {
  switch (e.kind) {
    case 'id':
      return text.replace(/^document_id:.*$/m, `document_id: ${e.id}`);
    case 'heading': {
      // One of the document's headings (picked by the heading's own index) renamed, or one added.
      const headings = [...text.matchAll(/^## .*$/gm)];
      const pick = headings[HEADINGS.indexOf(e.heading) % (headings.length + 1)];
      return pick ? text.slice(0, pick.index) + `## ${e.heading}` + text.slice(pick.index + pick[0].length) : `${text}\n## ${e.heading}\n`;
    }
    case 'link':
      return `${text}\nSee [x](${e.target}).\n`;
    case 'unlink':
      return text.replace(/\[[^\]]*\]\([^)]*\)/, 'plain');
    case 'revert':
      return original;
    default:
      return text;
  }
}

/** Every document with its ID and findings, as one comparable value. */
const view = (ws: Workspace) =>
  ws.documents().map((d) => [d.rel, d.node?.document_id ?? null, ws.findings(d.rel).map((f) => JSON.stringify(f))]);

describe('Workspace: edits re-checked in place agree with a full check', () => {
  it('holds for any sequence of edits (every seed)', async () => {
    const root = setup();
    const live = await Workspace.open(root);
    const originals = DOCS.map((rel) => live.text(rel)!);
    const texts = [...originals];
    await fc.assert(
      fc.asyncProperty(fc.array(edit, { minLength: 1, maxLength: 6 }), async (edits) => {
        for (const e of edits) {
          const rel = DOCS[e.doc]!;
          if (e.kind === 'save') {
            // Saved and closed: the file on disk now holds the text, as the watcher reports.
            writeFileSync(path.join(root, rel), texts[e.doc]!);
            live.setText(rel, undefined);
            live.diskChanged([{ rel, kind: 'changed' }]);
          } else {
            texts[e.doc] = apply(texts[e.doc]!, e, originals[e.doc]!);
            live.setText(rel, texts[e.doc]);
          }
          await live.refresh();
        }
        const full = await Workspace.open(root);
        DOCS.forEach((rel, i) => full.setText(rel, texts[i]));
        full.diskChanged();
        await full.refresh();
        expect(view(live)).toEqual(view(full));
        expect(DOCS.map((rel) => live.withId(live.document(rel)?.node?.document_id ?? '-').map((d) => d.rel))).toEqual(
          DOCS.map((rel) => full.withId(full.document(rel)?.node?.document_id ?? '-').map((d) => d.rel)),
        );
      }),
      { numRuns: 80 },
    );
  }, 120_000);
});
