import { spawn, spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, docket } from '../helpers/cli.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** `docket lsp` spoken to byte by byte: frames written as given, frames read back from stdout. */
function rawServer(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'lsp', ...args], { env: cleanEnv() as NodeJS.ProcessEnv, stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = Buffer.alloc(0);
  let stderr = '';
  const frames: any[] = [];
  const waiters: { accept: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  child.stdout.on('data', (d: Buffer) => {
    stdout = Buffer.concat([stdout, d]);
    for (;;) {
      const end = stdout.indexOf('\r\n\r\n');
      if (end === -1) return;
      const length = Number(/Content-Length: (\d+)/i.exec(stdout.subarray(0, end).toString())?.[1]);
      if (stdout.length < end + 4 + length) return;
      const message = JSON.parse(stdout.subarray(end + 4, end + 4 + length).toString());
      stdout = stdout.subarray(end + 4 + length);
      frames.push(message);
      for (const w of [...waiters])
        if (w.accept(message)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(message);
        }
    }
  });
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  const write = (body: string) => child.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
  const next = (accept: (m: any) => boolean) =>
    new Promise<any>((resolve) => {
      const seen = frames.find(accept);
      if (seen) resolve(seen);
      else waiters.push({ accept, resolve });
    });
  const response = (id: number | string | null) => next((m) => 'id' in m && m.id === id && ('result' in m || 'error' in m));
  return { child, exited, write, next, response, frames, rest: () => stdout, stderr: () => stderr };
}

const initialize = (id: number, root: string) =>
  JSON.stringify({
    jsonrpc: '2.0',
    id,
    method: 'initialize',
    params: { processId: null, rootUri: pathToFileURL(root).href, capabilities: {} },
  });

describe('docket lsp, spoken to directly', () => {
  it('answers garbage with JSON-RPC errors and goes on serving; exits 0 after shutdown and exit, its summary on stderr', async () => {
    const root = copyFixture('handbook', { example: true });
    const s = rawServer(['--root', root, '--format', 'json']);
    // A frame without Content-Length, a body that is not JSON, JSON that is no message.
    s.child.stdin.write('Garbage: 1\r\n\r\n');
    expect((await s.next((m) => m.error?.code === -32700)).id).toBeNull();
    s.write('{"jsonrpc": "2.0", "id": 9, "method": tools/call}');
    await s.next(
      (m) =>
        m.error?.code === -32700 && /Parse error/.test(m.error.message) && s.frames.filter((f) => f.error?.code === -32700).length === 2,
    );
    s.write('[1, 2]');
    expect(await s.next((m) => m.error?.code === -32600)).toMatchObject({ id: null });
    s.write('{"jsonrpc": "2.0", "id": 5, "method": 42}');
    expect(await s.response(5)).toMatchObject({ error: { code: -32600 } });
    s.write('{"jsonrpc": "2.0", "id": 6, "method": "textDocument/hover", "params": "nonsense"}');
    expect(await s.response(6)).toMatchObject({ error: { code: -32600 } });
    // Still serving: initialize, an unknown method, a request with missing params.
    s.write(initialize(1, root));
    const init = await s.response(1);
    expect(init.result.capabilities).toMatchObject({ positionEncoding: 'utf-16', codeActionProvider: expect.any(Object) });
    expect(init.result.serverInfo.name).toBe('docket');
    s.write('{"jsonrpc": "2.0", "method": "initialized", "params": {}}');
    await s.next((m) => m.method === 'window/logMessage' && /^docket: ready/.test(m.params.message));
    s.write('{"jsonrpc": "2.0", "id": 2, "method": "no/such/method", "params": {}}');
    expect(await s.response(2)).toMatchObject({ error: { code: -32601 } });
    s.write('{"jsonrpc": "2.0", "id": 3, "method": "textDocument/codeAction", "params": {}}');
    expect((await s.response(3)).error).toBeDefined();
    s.write('{"jsonrpc": "2.0", "id": 4, "method": "shutdown"}');
    expect(await s.response(4)).toMatchObject({ result: null });
    s.write('{"jsonrpc": "2.0", "method": "exit"}');
    expect(await s.exited).toBe(0);
    // Stdout held protocol frames only.
    expect(s.rest().length).toBe(0);
    const env = JSON.parse(s.stderr().trim().split('\n').pop()!);
    expectValidEnvelope(env, 'lsp');
    expect(env).toMatchObject({ success: true, command: 'lsp', data: { server: { name: 'docket' }, served_root: expect.any(String) } });
    expect(env.data.documents).toBeGreaterThan(10);
  });

  it('stops when stdin ends, and on SIGTERM, with its text summary on stderr', async () => {
    const root = copyFixture('handbook', { example: true });
    const s = rawServer(['--root', root]);
    s.write(initialize(1, root));
    await s.response(1);
    s.child.stdin.end();
    expect(await s.exited).toBe(0);
    expect(s.stderr()).toMatch(/docket lsp \S+ stopped \(\d+ documents in /);
    const t = rawServer(['--root', root]);
    t.write(initialize(1, root));
    await t.response(1);
    t.child.kill('SIGTERM');
    expect(await t.exited).toBe(0);
  });

  it('refuses a folder that is no docket repository, with a clear initialize error', async () => {
    const empty = tempDir();
    const s = rawServer([]);
    s.write(initialize(1, empty));
    const refused = await s.response(1);
    expect(refused.error.message).toContain('has no docops.config.yaml and no docs/ directory');
    expect(refused.error.data).toEqual({ retry: false });
    s.child.stdin.end();
    expect(await s.exited).toBe(0);
  });
});

describe('docket lsp on the command line', () => {
  it('is listed by capabilities but is no MCP tool, and its help tells how editors start it', async () => {
    const caps = await docket(['capabilities', '--json']);
    const lsp = caps.json!.data.commands.find((c: any) => c.id === 'lsp');
    expect(lsp).toMatchObject({ mutates: false });
    expect(lsp).not.toHaveProperty('mcp_tool');
    const help = spawnSync(process.execPath, [BIN, 'lsp', '--help'], { env: cleanEnv() as NodeJS.ProcessEnv, encoding: 'utf8' });
    expect(help.status).toBe(0);
    // stdout is the protocol's: the help goes to stderr.
    expect(help.stdout).toBe('');
    for (const words of ['VS Code', 'vim.lsp.start(', 'vim.lsp.start_client(', 'Helix', 'languages.toml', '$ docket lsp --stdio'])
      expect(help.stderr).toContain(words);
  });
});
