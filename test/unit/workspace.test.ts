import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Workspace } from '../../src/core/workspace/workspace.js';
import { runCheck } from '../../src/core/usecases/check.js';
import { ageFiles, copyFixture } from '../helpers/fixtures.js';

const STYLE = 'docs/00-governance/gov-002-writing-style-guide.md';
const STANDARDS = 'docs/00-governance/gov-001-documentation-standards.md';

/** Every document's findings as `docket check` (no cache) reports them for the files on disk. */
async function checkFindings(root: string): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  const result = await runCheck(root, { cache: false, cmd: (c) => `docket ${c}` });
  for (const f of [...result.violations, ...result.warnings])
    out.set(f.path!, [...(out.get(f.path!) ?? []), `${f.line}:${f.column} ${f.code} ${f.message}`]);
  return out;
}

function workspaceFindings(ws: Workspace): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const doc of ws.documents()) {
    const list = ws.findings(doc.rel).map((f) => `${f.line}:${f.column} ${f.code} ${f.message}`);
    if (list.length > 0) out.set(doc.rel, list);
  }
  return out;
}

describe('Workspace: the repository as the editor sees it', () => {
  it('checks an open document as its unsaved text reads, and the documents that depend on it', async () => {
    const root = copyFixture('handbook', { example: true });
    const ws = await Workspace.open(root);
    expect(ws.documents().length).toBeGreaterThan(10);
    expect(ws.findings(STYLE)).toEqual([]);
    expect(ws.withId('ACME-GOV-002').map((d) => d.rel)).toEqual([STYLE]);
    expect(ws.document(STYLE)?.node?.title).toBeTruthy();

    const text = ws.text(STYLE)!;
    const renamed = text.replace(/^## Links and Cross-References$/m, '## Links and Cross-Reference');
    expect(renamed).not.toBe(text);
    ws.setText(STYLE, renamed.replace(/^document_id: .*$/m, 'document_id: ACME-GOV-001'));
    const changed = await ws.refresh();
    // The heading STANDARDS links to is gone, and the two now share an ID.
    expect(changed).toContain(STYLE);
    expect(changed).toContain(STANDARDS);
    expect(ws.findings(STANDARDS).map((f) => f.code)).toEqual(expect.arrayContaining(['LINK_BROKEN', 'ID_UNIQUE']));
    expect(ws.findings(STYLE).map((f) => f.code)).toContain('ID_UNIQUE');
    // The hint names the headings the editor's text has now, not those on disk.
    const broken = ws.findings(STANDARDS).find((f) => f.code === 'LINK_BROKEN');
    expect(broken?.suggestion).toContain('Did you mean #links-and-cross-reference?');
    // Nothing was written: the file on disk is as it was.
    expect(readFileSync(path.join(root, STYLE), 'utf8')).toBe(text);

    // The same findings `docket check` reports once that text is saved.
    writeFileSync(path.join(root, STYLE), ws.text(STYLE)!);
    expect(workspaceFindings(ws)).toEqual(await checkFindings(root));

    // Closed without saving the old text back: the disk decides again.
    writeFileSync(path.join(root, STYLE), text);
    ws.setText(STYLE, undefined);
    expect(await ws.refresh()).toEqual([STANDARDS, STYLE]);
    expect(ws.findings(STANDARDS)).toEqual([]);
    expect(workspaceFindings(ws)).toEqual(await checkFindings(root));
  });

  it('reports what an edit changed even when another edit of the same refresh needs a full check', async () => {
    const root = copyFixture('handbook', { example: true });
    const ws = await Workspace.open(root);
    const text = ws.text(STANDARDS)!;
    ws.setText(STANDARDS, `${text}\nSee [gone](missing.md).\n`);
    // Bytes that are no text: the document cannot be re-checked in place.
    ws.setText(STYLE, 'not text \u0000');
    const changed = await ws.refresh();
    expect(changed).toContain(STANDARDS);
    expect(changed).toContain(STYLE);
    expect(ws.findings(STANDARDS).map((f) => f.code)).toContain('LINK_BROKEN');
    expect(ws.findings(STYLE).map((f) => f.code)).toContain('FILE_BINARY');
  });

  it("leaves check's cache as it was, and its edits agree with a check", async () => {
    const root = copyFixture('handbook', { example: true });
    ageFiles(root);
    await runCheck(root, { cmd: (c) => `docket ${c}` });
    const cacheFile = path.join(root, '.docket/cache/check.ndjson');
    const before = { bytes: readFileSync(cacheFile), mtime: statSync(cacheFile).mtimeMs };
    const ws = await Workspace.open(root);
    ws.setText(STYLE, ws.text(STYLE)!.replace(/^## Links and Cross-References$/m, '## Linking'));
    expect(await ws.refresh()).toEqual([STANDARDS]);
    expect(ws.findings(STANDARDS).map((f) => f.code)).toEqual(['LINK_BROKEN']);
    writeFileSync(path.join(root, STYLE), ws.text(STYLE)!);
    expect(workspaceFindings(ws)).toEqual(await checkFindings(root));
    expect({ bytes: readFileSync(cacheFile), mtime: statSync(cacheFile).mtimeMs }).toEqual(before);
  });
});
