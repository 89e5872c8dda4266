import type { Position } from 'vscode-languageserver';
import { Workspace } from '../../src/core/workspace/workspace.js';
import { copyFixture, writeTree } from './fixtures.js';

export const NAV = 'docs/45-adr/adr-006-navigation-fixture.md';
export const KAFKA = 'docs/45-adr/adr-004-use-kafka-for-event-ingestion.md';
export const POSTGRES = 'docs/45-adr/adr-003-use-postgres-for-tracking-events.md';
export const TWIN = 'docs/45-adr/adr-007-postgres-twin.md';

/** A governed document written for these tests: non-ASCII text before a link, IDs in code, an unknown ID. */
export const NAV_TEXT = `---
document_id: ACME-ADR-006
type: ADR
title: Navigation Fixture
status: Draft
version: "0.1"
last_updated: "2026-03-01"
owner: Platform Team
docops_version: "2.0"
related_ids:
  - ACME-ADR-004
  - ACME-GOV-999
superseded_by: ACME-ADR-005
---
# ACME-ADR-006: Navigation Fixture

Größe 🚀 über [Kafka](adr-004-use-kafka-for-event-ingestion.md#CONTEXT) and ACME-ADR-004.

Code: \`ACME-ADR-004\` and ACME-ADR-099 and ACME-ADR-003.

\`\`\`text
ACME-ADR-005
\`\`\`

    ACME-ADR-001 indented code

<!-- ACME-ADR-002 in a comment -->

Self: [up](#second-heading), [folder](../20-specs/), [gone](missing.md), [web](https://example.com/ACME-ADR-001).

## Second Heading
`;

/** A document sharing ACME-ADR-003, with its IDs in a flow list. */
export const TWIN_TEXT = `---
document_id: ACME-ADR-003
type: ADR
title: Postgres Twin
status: Draft
version: "0.1"
last_updated: "2026-03-01"
owner: Platform Team
docops_version: "2.0"
related_ids: [ACME-ADR-001, ACME-ADR-002]
---
# Postgres Twin
`;

/** The LSP position of the `nth` occurrence of `needle` in `text`, plus `delta` UTF-16 units. */
export function at(text: string, needle: string, delta = 0, nth = 0): Position {
  let offset = -1;
  for (let k = 0; k <= nth; k++) offset = text.indexOf(needle, offset + 1);
  if (offset === -1) throw new Error(`${needle} is not in the text`);
  offset += delta;
  const before = text.slice(0, offset);
  return { line: before.split('\n').length - 1, character: offset - before.lastIndexOf('\n') - 1 };
}

/** The handbook example with the two documents above, and a Workspace open on it. */
export async function navigationWorkspace(extra: Record<string, string> = {}): Promise<{ root: string; ws: Workspace }> {
  const root = copyFixture('handbook', { example: true });
  writeTree(root, { [NAV]: NAV_TEXT, [TWIN]: TWIN_TEXT, ...extra });
  return { root, ws: await Workspace.open(root) };
}
