// The language server rows of bench/run.mjs (issue 43): how long `docket lsp` takes from
// `initialize` to its first round of diagnostics (the server logs "docket: ready" once every
// finding is published), and how long a change to an open ~10 KB document takes to come back
// as its publishDiagnostics. Measured by this client over the server's stdio, in the client.
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { createProtocolConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node.js';

const CHANGES = 6;

/** The peak resident set of a running process (Linux), in bytes. */
function peakRss(pid) {
  try {
    return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024;
  } catch {
    return NaN;
  }
}

/** A document of the repository near 10 KB: the largest under 12 KB, its text padded to 10 KB in the editor. */
function tenKilobytes(files) {
  let best;
  for (const f of files) {
    const size = statSync(f).size;
    if (size <= 12 * 1024 && (!best || size > best.size)) best = { file: f, size };
  }
  let text = readFileSync(best.file, 'utf8');
  while (Buffer.byteLength(text) < 10 * 1024)
    text += '\nA paragraph of prose that adds to the document without changing what docket finds in it.\n';
  return { file: best.file, text };
}

/** One server session: the time to ready, then CHANGES edits of the document, each timed to its diagnostics. */
async function session({ BIN, root, env, doc }) {
  const child = spawn(process.execPath, [BIN, 'lsp', '--stdio', '--root', root], { cwd: root, env, stdio: ['pipe', 'pipe', 'ignore'] });
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  let onReady;
  const ready = new Promise((resolve) => (onReady = resolve));
  const waiting = new Map();
  connection.onNotification('window/logMessage', (p) => /^docket: ready/.test(p.message) && onReady());
  connection.onNotification('textDocument/publishDiagnostics', (p) => waiting.get(`${p.uri} ${p.version}`)?.(p));
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const uri = pathToFileURL(doc.file).href;
  const start = performance.now();
  await connection.sendRequest('initialize', { processId: process.pid, rootUri: pathToFileURL(root).href, capabilities: {} });
  await connection.sendNotification('initialized', {});
  await ready;
  const readyMs = performance.now() - start;
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'markdown', version: 1, text: doc.text } });
  // A code action request is answered once the server has checked the open text.
  await connection.sendRequest('textDocument/codeAction', {
    textDocument: { uri },
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    context: { diagnostics: [] },
  });
  const changes = [];
  // The text ends with a line break: its last line is empty, where the link goes and comes.
  const last = doc.text.split('\n').length - 1;
  for (let version = 2; version < 2 + CHANGES; version++) {
    // Even versions add a broken link at the end, odd ones remove it: each changes the findings.
    const text = version % 2 === 0 ? '[broken](no-such-page.md)\n' : '';
    const range =
      version % 2 === 0
        ? { start: { line: last, character: 0 }, end: { line: last, character: 0 } }
        : { start: { line: last, character: 0 }, end: { line: last + 1, character: 0 } };
    const published = new Promise((resolve) => waiting.set(`${uri} ${version}`, resolve));
    const t = performance.now();
    await connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ range, text }] });
    const p = await published;
    changes.push({ ms: performance.now() - t, findings: p.diagnostics.length, broken: version % 2 === 0 });
  }
  const rss = peakRss(child.pid);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  const status = await new Promise((resolve) => child.on('close', resolve));
  connection.dispose();
  return { readyMs, changes, rss, status };
}

const summary = (times, rss) => {
  const v = [...times].sort((a, b) => a - b);
  const mid = Math.floor(v.length / 2);
  return { median: v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2, min: v[0], max: v[v.length - 1], rss };
};

/** Runs the two rows on the clean repository of `size` documents. */
export async function lspRows({ size, clean, files, BIN, env, runs, warmup, record, expect, unavailable, has }) {
  if (!has('lsp')) {
    unavailable(size, `lsp: ready on ${size} documents`, 'no lsp command');
    unavailable(size, 'lsp: diagnostics after one change (10 KB)', 'no lsp command');
    return;
  }
  if (!existsSync(clean)) return;
  const doc = tenKilobytes(files);
  const sessions = [];
  for (let i = 0; i < warmup + runs; i++) {
    const s = await session({ BIN, root: clean, env, doc });
    expect('lsp', s.status === 0, `the server exited ${s.status}`);
    expect(
      'lsp: diagnostics after one change',
      s.changes.every((c) => (c.broken ? c.findings === 1 : c.findings === 0)),
      `diagnostics after the changes: ${JSON.stringify(s.changes)}`,
    );
    if (i >= warmup) sessions.push(s);
  }
  const rss = Math.max(...sessions.map((s) => s.rss));
  record(
    size,
    `lsp: ready on ${size} documents`,
    summary(
      sessions.map((s) => s.readyMs),
      rss,
    ),
  );
  record(
    size,
    `lsp: diagnostics after one change (${Math.round(Buffer.byteLength(doc.text) / 1024)} KB)`,
    summary(
      sessions.flatMap((s) => s.changes.map((c) => c.ms)),
      rss,
    ),
  );
}
