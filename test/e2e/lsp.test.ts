import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { CodeAction, Diagnostic, TextDocumentEdit, TextEdit } from 'vscode-languageserver-protocol/node.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { fileUri, initialize, startLsp, stop, type LspClient } from '../helpers/lsp.js';

const STYLE = 'docs/00-governance/gov-002-writing-style-guide.md';
const STANDARDS = 'docs/00-governance/gov-001-documentation-standards.md';
const ADR = 'docs/45-adr/adr-005-idempotency-keys.md';

let root: string;
let client: LspClient;

beforeAll(async () => {
  root = copyFixture('handbook', { example: true });
  // As VS Code's client starts it: --stdio and its process ID.
  client = startLsp(['--stdio', `--clientProcessId=${process.pid}`]);
  await initialize(client, root);
});

afterAll(async () => {
  if (client.child.exitCode === null) await stop(client);
});

const codes = (d: readonly Diagnostic[]) => d.map((x) => x.code).sort();

function open(rel: string, text: string, version = 1): Promise<void> {
  return client.connection.sendNotification('textDocument/didOpen', {
    textDocument: { uri: fileUri(root, rel), languageId: 'markdown', version, text },
  });
}

describe('docket lsp over stdio, with the vscode-languageserver-protocol client', () => {
  it("answers hover, definition, completion, workspace symbols and document links on the editor's text", async () => {
    const text = readFileSync(path.join(root, ADR), 'utf8');
    const uri = fileUri(root, ADR);
    const lines = text.split('\n');
    const at = (needle: string, offset = 0) => {
      const line = lines.findIndex((l) => l.includes(needle));
      return { line, character: lines[line]!.indexOf(needle) + offset };
    };
    await open(ADR, text);
    const doc = { textDocument: { uri } };

    // Hover on an ID in related_ids: the document it names.
    const hover = await client.connection.sendRequest<{ contents: { value: string } } | null>('textDocument/hover', {
      ...doc,
      position: at('- ACME-SPEC-001', 4),
    });
    // Markdown punctuation in the shown fields is escaped (a title cannot make a link).
    const shown = hover?.contents.value.replace(/\\/g, '');
    expect(shown).toContain('ACME-SPEC-001');
    expect(shown).toContain('docs/20-specs/spec-001-tracking-events-api.md');

    // Definition from a link with #anchor: the heading's line in the target file.
    const target = readFileSync(path.join(root, 'docs/20-specs/spec-001-tracking-events-api.md'), 'utf8').split('\n');
    const definition = await client.connection.sendRequest<{ uri: string; range: { start: { line: number } } }[]>(
      'textDocument/definition',
      {
        ...doc,
        position: at('spec-001-tracking-events-api.md#idempotency', 3),
      },
    );
    expect(definition).toHaveLength(1);
    expect(definition[0]!.uri).toBe(fileUri(root, 'docs/20-specs/spec-001-tracking-events-api.md'));
    expect(target[definition[0]!.range.start.line]).toBe('## Idempotency');

    // Completion of IDs in related_ids, after a new item's dash.
    const item = lines.findIndex((l) => l === '  - ACME-DESIGN-001');
    const typed = [...lines.slice(0, item + 1), '  - ', ...lines.slice(item + 1)].join('\n');
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ text: typed }],
    });
    const completion = await client.connection.sendRequest<{ label: string }[] | { items: { label: string }[] }>(
      'textDocument/completion',
      {
        ...doc,
        position: { line: item + 1, character: 4 },
      },
    );
    const labels = (Array.isArray(completion) ? completion : completion.items).map((c) => c.label);
    expect(labels).toContain('ACME-ADR-004');

    // Workspace symbols by title words, and the IDs of the body as links.
    const symbols = await client.connection.sendRequest<{ name: string; location: { uri: string } }[]>('workspace/symbol', {
      query: 'idempotency',
    });
    expect(symbols.map((s) => s.location.uri)).toContain(uri);
    const links = await client.connection.sendRequest<{ target?: string }[]>('textDocument/documentLink', doc);
    expect(links.map((l) => l.target)).toContain(fileUri(root, 'docs/20-specs/spec-001-tracking-events-api.md'));
    await client.connection.sendNotification('textDocument/didClose', doc);
  });

  it('publishes the findings of an open document as it is typed, and clears them when fixed', async () => {
    const text = readFileSync(path.join(root, ADR), 'utf8');
    const broken = `${text}\nSee [the missing page](nowhere-é😀.md) and [here](#no-such-heading).\n`;
    const uri = fileUri(root, ADR);
    const first = client.nextDiagnostics((p) => p.uri === uri);
    await open(ADR, broken);
    const published = await first;
    expect(published.version).toBe(1);
    expect(codes(published.diagnostics)).toEqual(['LINK_BROKEN', 'LINK_BROKEN']);
    const line = broken.split('\n').length - 2;
    const missing = published.diagnostics.find((d) => d.message.includes('nowhere'))!;
    expect(missing).toMatchObject({
      source: 'docket',
      severity: 1,
      range: { start: { line, character: 23 }, end: { line, character: 37 } },
    });
    // The suggestion and `docket explain LINK_BROKEN` come with the message, no web link needed.
    expect(missing.message).toContain('\n\ndocket explain LINK_BROKEN: ');
    expect(missing.message).toMatch(/\nCause: .*\nFix: /);
    const anchor = published.diagnostics.find((d) => d.message.includes('no-such-heading'))!;
    // Columns are UTF-16 code units: the emoji before the link counts two.
    expect(anchor.range.start).toEqual({ line, character: broken.split('\n')[line]!.indexOf('#no-such-heading') });

    // An incremental change that removes the line: the diagnostics are cleared.
    const cleared = client.nextDiagnostics((p) => p.uri === uri && p.version === 2);
    await client.connection.sendNotification('textDocument/didChange', {
      textDocument: { uri, version: 2 },
      contentChanges: [{ range: { start: { line: line - 1, character: 0 }, end: { line: line + 1, character: 0 } }, text: '' }],
    });
    expect((await cleared).diagnostics).toEqual([]);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('refreshes the documents that depend on a change: a renamed heading breaks the links to its anchor', async () => {
    const text = readFileSync(path.join(root, STYLE), 'utf8');
    const renamed = text.replace(/^## Links and Cross-References$/m, '## Linking');
    expect(renamed).not.toBe(text);
    const standards = client.nextDiagnostics((p) => p.uri === fileUri(root, STANDARDS) && p.diagnostics.length > 0);
    await open(STYLE, renamed);
    const broken = await standards;
    expect(codes(broken.diagnostics)).toEqual(['LINK_BROKEN']);
    expect(broken.diagnostics[0]!.message).toContain('links-and-cross-references');
    // Closed without saving: the file on disk decides again, and the link is fine.
    const fine = client.nextDiagnostics((p) => p.uri === fileUri(root, STANDARDS));
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri: fileUri(root, STYLE) } });
    expect((await fine).diagnostics).toEqual([]);
    expect(readFileSync(path.join(root, STYLE), 'utf8')).toBe(text);
  });

  it("offers docket fix's edit as a quick fix: applied, the text is what `docket fix --apply` writes", async () => {
    const text = readFileSync(path.join(root, ADR), 'utf8');
    const missing = text.replace(/^owner: .*\n/m, '');
    expect(missing).not.toBe(text);
    const uri = fileUri(root, ADR);
    const published = client.nextDiagnostics((p) => p.uri === uri && p.version === 7);
    await open(ADR, missing, 7);
    const diagnostics = (await published).diagnostics;
    const fixable = diagnostics.filter((d) => (d.data as { fixable: boolean }).fixable);
    expect(fixable.length).toBeGreaterThan(0);
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: fixable[0]!.range,
      context: { diagnostics: fixable },
    });
    const quick = actions.find((a) => a.kind === 'quickfix')!;
    expect(quick.title).toMatch(/^docket fix \w+: /);
    expect(quick.diagnostics?.[0]?.code).toBe(fixable[0]!.code);
    const edits: TextEdit[] = quick.edit!.changes![uri]!;
    const fixed = TextDocument.applyEdits(TextDocument.create(uri, 'markdown', 7, missing), edits);
    // The same text saved in a copy of the repository, fixed by the command line.
    const copy = tempDir();
    cpSync(root, copy, { recursive: true });
    writeFileSync(path.join(copy, ADR), missing);
    expect((await docket(['fix', '--apply', '--root', copy, '--json'])).json?.data.fixed).toBeGreaterThan(0);
    expect(fixed).toBe(readFileSync(path.join(copy, ADR), 'utf8'));
    // Nothing was written by the server.
    expect(readFileSync(path.join(root, ADR), 'utf8')).toBe(text);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('offers a rename as a file rename with the links to it rewritten, when the client can rename files', async () => {
    const from = 'docs/20-specs/spec-002-tracking-event-schema.md';
    const text = readFileSync(path.join(root, from), 'utf8');
    const uri = fileUri(root, from);
    // The ID no longer matches the name: DIRECTORY_MATCH / FILENAME rules want a move or a rename.
    const moved = text.replace(/^type: SPEC$/m, 'type: ADR').replace(/ACME-SPEC-002/g, 'ACME-ADR-009');
    const published = client.nextDiagnostics((p) => p.uri === uri && p.version === 3);
    await open(from, moved, 3);
    const diagnostics = (await published).diagnostics;
    const actions: CodeAction[] = await client.connection.sendRequest('textDocument/codeAction', {
      textDocument: { uri },
      range: { start: { line: 0, character: 0 }, end: { line: moved.split('\n').length, character: 0 } },
      context: { diagnostics },
    });
    // A rename reads every Markdown file for the links to rewrite: its edit is made when the client resolves the action.
    const offered = actions.find((a) => a.title.includes('rename to adr-009-') && !a.edit);
    expect(offered, JSON.stringify(actions.map((a) => a.title))).toBeDefined();
    const rename: CodeAction = await client.connection.sendRequest('codeAction/resolve', offered);
    const changes = rename!.edit!.documentChanges!;
    const last = changes.at(-1) as { kind: string; oldUri: string; newUri: string };
    expect(last).toMatchObject({ kind: 'rename', oldUri: uri });
    expect(last.newUri).toMatch(/\/adr-009-tracking-event-schema\.md$/);
    // Files that link to it are edited too (not written).
    const edited = changes.filter((c): c is TextDocumentEdit => 'textDocument' in c).map((c) => c.textDocument.uri);
    expect(edited.length).toBeGreaterThan(0);
    await client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  });

  it('re-checks files changed on disk (watched files) and publishes for closed documents', async () => {
    const file = path.join(root, STANDARDS);
    const text = readFileSync(file, 'utf8');
    const uri = fileUri(root, STANDARDS);
    const published = client.nextDiagnostics((p) => p.uri === uri && p.diagnostics.length > 0);
    writeFileSync(file, `${text}\n[gone](missing-page.md)\n`);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
    expect(codes((await published).diagnostics)).toEqual(['LINK_BROKEN']);
    const cleared = client.nextDiagnostics((p) => p.uri === uri);
    writeFileSync(file, text);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
    expect((await cleared).diagnostics).toEqual([]);
  });

  it('shows findings about the repository, and a config it cannot read, on the config file', async () => {
    const configUri = fileUri(root, 'docops.config.yaml');
    const schema = 'docs/00-governance/metadata.schema.json';
    const schemaText = readFileSync(path.join(root, schema), 'utf8');
    const broken = client.nextDiagnostics((p) => p.uri === configUri && p.diagnostics.length > 0);
    writeFileSync(path.join(root, schema), '{ "type": "object", ');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(root, schema), type: 2 }] });
    const onConfig = (await broken).diagnostics;
    expect(onConfig.length).toBeGreaterThan(0);
    expect(onConfig[0]!.message.startsWith(`${schema}`)).toBe(true);
    expect(onConfig[0]!.data).toMatchObject({ path: schema });
    const fine = client.nextDiagnostics((p) => p.uri === configUri && p.diagnostics.length === 0);
    writeFileSync(path.join(root, schema), schemaText);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: fileUri(root, schema), type: 2 }] });
    await fine;

    const configText = readFileSync(path.join(root, 'docops.config.yaml'), 'utf8');
    const unreadable = client.nextDiagnostics((p) => p.uri === configUri && p.diagnostics.length > 0);
    writeFileSync(path.join(root, 'docops.config.yaml'), 'namespaces: [\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri, type: 2 }] });
    expect((await unreadable).diagnostics[0]!.code).toMatch(/^CONFIG_/);
    const readable = client.nextDiagnostics((p) => p.uri === configUri && p.diagnostics.length === 0);
    writeFileSync(path.join(root, 'docops.config.yaml'), configText);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: configUri, type: 2 }] });
    await readable;
  });
});

describe('docket lsp for a client that cannot rename files', () => {
  it('publishes closed documents with findings at start, offers no rename, and serves the workspace folder when no --root is given', async () => {
    const other = copyFixture('handbook', { example: true });
    writeFileSync(path.join(other, STANDARDS), `${readFileSync(path.join(other, STANDARDS), 'utf8')}\n[gone](missing-page.md)\n`);
    const plain = startLsp([], { cwd: tempDir() });
    try {
      await initialize(plain, other, {});
      // Closed documents with findings are published once the repository is checked: the whole repository's problems.
      expect(codes(plain.diagnostics.get(fileUri(other, STANDARDS))?.diagnostics ?? [])).toEqual(['LINK_BROKEN']);
      const from = 'docs/20-specs/spec-002-tracking-event-schema.md';
      const uri = fileUri(other, from);
      const moved = readFileSync(path.join(other, from), 'utf8')
        .replace(/^type: SPEC$/m, 'type: ADR')
        .replace(/ACME-SPEC-002/g, 'ACME-ADR-009');
      const published = plain.nextDiagnostics((p) => p.uri === uri);
      await plain.connection.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'markdown', version: 1, text: moved },
      });
      const diagnostics = (await published).diagnostics;
      expect(diagnostics.some((d) => (d.data as { fixable: boolean }).fixable)).toBe(true);
      const actions: CodeAction[] = await plain.connection.sendRequest('textDocument/codeAction', {
        textDocument: { uri },
        range: { start: { line: 0, character: 0 }, end: { line: moved.split('\n').length, character: 0 } },
        context: { diagnostics },
      });
      for (const action of actions) expect(action.edit?.documentChanges ?? []).toEqual([]);
    } finally {
      await stop(plain);
    }
  });
});
