import { spawn } from 'node:child_process';
import { existsSync, realpathSync, rmSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import Ajv2020Module from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ManifestCommand } from '../../src/cli/mcp/manifest.js';
import { createServer } from '../../src/cli/mcp/server.js';
import { outputSchemaFor } from '../../src/cli/mcp/schemas.js';
import { buildTool } from '../../src/cli/mcp/tools.js';
import { BIN, docket, docketBin, REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { commandOf, connect, manifest, mcpEnv, present, structured } from '../helpers/mcp.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const Ajv2020 = ((Ajv2020Module as any).default ?? Ajv2020Module) as typeof import('ajv').default;

let root: string;
let session: { client: Client; stderr: () => string };

beforeAll(async () => {
  root = tempDir();
  const init = await docket(['init', '--root', root, '--prefix', 'ACME', '--no-protocol', '--json']);
  expect(init.exitCode).toBe(0);
  session = await connect(root);
});

afterAll(async () => {
  await session?.client.close();
});

// Calling every tool, and check, fix and new in a row, start a process per call: test/e2e/mcp-tools.test.ts.
describe('docket mcp over stdio, with the SDK client', () => {
  it('lists one tool per agent-facing command, with schemas and annotations from the command definitions', async () => {
    const { tools } = await session.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(present);
    expect(present).toEqual(expect.arrayContaining(['context', 'doctor', 'explain', 'capabilities']));
    // The tool schemas compile under draft 2020-12 (what MCP clients use); formats are checked by expectValidEnvelope.
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    for (const tool of tools) {
      const command = manifest.commands[commandOf(tool.name).replace(/ /g, ':')]!;
      // The summary, with flags named as the tool's arguments (link's --from is `from`).
      expect(tool.description, tool.name).toContain(String(command.summary).replace(/--([a-z-]+)/g, '`$1`'));
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      const props = Object.keys(tool.inputSchema.properties ?? {});
      for (const forbidden of ['format', 'json', 'root', 'output', 'color', 'debug', 'edit', 'interactive', 'watch'])
        expect(props, tool.name).not.toContain(forbidden);
      expect(tool.outputSchema).toMatchObject({ type: 'object', properties: { data: { type: 'object' } } });
      expect(JSON.stringify(tool.outputSchema)).not.toContain('$ref');
      // both JSON Schema dialects named by MCP versions compile it
      expect(() => ajv.compile(tool.outputSchema!), tool.name).not.toThrow();
      expect(tool.annotations).toEqual({
        title: `docket ${commandOf(tool.name)}`,
        readOnlyHint: !command.mutates,
        destructiveHint: Boolean(command.mutates),
        idempotentHint: !command.mutates || Boolean(command.idempotent),
        openWorldHint: false,
      });
    }
    const doctor = tools.find((t) => t.name === 'doctor')!;
    expect(doctor.inputSchema.properties).toMatchObject({
      strict: { type: 'boolean' },
      max_findings: { type: 'integer', minimum: 0 },
      fields: { type: 'array' },
    });
  });

  it('state_set previews unless apply is true; state_next and state_get then read what it wrote', async () => {
    const args = { id: 'ACME-ADR-001', impl_state: 'Not Started', priority: 'P1' };
    const preview = structured(await session.client.callTool({ name: 'state_set', arguments: args }));
    expectValidEnvelope(preview, 'state set');
    expect(preview.data).toMatchObject({ dry_run: true, written: false, entry: { document_id: 'ACME-ADR-001', priority: 'P1' } });
    expect(structured(await session.client.callTool({ name: 'state_next', arguments: {} })).data.reason).toBe('state_missing');
    const applied = structured(await session.client.callTool({ name: 'state_set', arguments: { ...args, apply: true } }));
    expect(applied.data).toMatchObject({ dry_run: false, written: true });
    const next = structured(await session.client.callTool({ name: 'state_next', arguments: {} }));
    expectValidEnvelope(next, 'state next');
    expect(next.data.entry).toMatchObject({ document_id: 'ACME-ADR-001', ready: true });
    expect(structured(await session.client.callTool({ name: 'state_get', arguments: { id: 'ADR-001' } })).data.priority).toBe('P1');
    const cleared = structured(
      await session.client.callTool({ name: 'state_set', arguments: { id: 'ACME-ADR-001', clear: true, apply: true } }),
    );
    expect(cleared.data).toMatchObject({ action: 'clear', written: true });
  });

  it('protocol_check reads; protocol_sync previews unless apply is true', async () => {
    const tools = (await session.client.listTools()).tools;
    expect(tools.find((t) => t.name === 'protocol_check')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(tools.find((t) => t.name === 'protocol_sync')!.inputSchema.properties).toHaveProperty('apply');
    const before = structured(await session.client.callTool({ name: 'protocol_check', arguments: {} }));
    expectValidEnvelope(before, 'protocol check');
    expect(before.data.summary).toMatchObject({ total: 3, aligned: 0 });
    const preview = structured(await session.client.callTool({ name: 'protocol_sync', arguments: { asset: ['agents-md'] } }));
    expectValidEnvelope(preview, 'protocol sync');
    expect(preview.data).toMatchObject({ dry_run: true, applied: false });
    expect(existsSync(path.join(root, 'AGENTS.md'))).toBe(false);
    const applied = structured(await session.client.callTool({ name: 'protocol_sync', arguments: { asset: ['agents-md'], apply: true } }));
    expect(applied).toMatchObject({ success: true, data: { dry_run: false, applied: true } });
    const after = structured(await session.client.callTool({ name: 'protocol_check', arguments: { asset: ['agents-md'] } }));
    expect(after).toMatchObject({ success: true, data: { summary: { total: 1, aligned: 1 } } });
    rmSync(path.join(root, 'AGENTS.md'));
  });

  it('names the client as the calling agent', async () => {
    const env = structured(await session.client.callTool({ name: 'context', arguments: {} }));
    expect(env.data.agent).toEqual({ name: 'docket-e2e', detected_from: 'DOCKET_AGENT' });
  });

  it('answers bad calls with clear errors and keeps running', async () => {
    await expect(session.client.callTool({ name: 'doctr', arguments: {} })).rejects.toThrow(
      /-32602.*Unknown tool "doctr"\. Did you mean "doctor"\?/,
    );
    const extra = await session.client.callTool({ name: 'doctor', arguments: { strictt: true } });
    expect(extra.isError).toBe(true);
    expectValidEnvelope(structured(extra));
    expect(structured(extra).error).toMatchObject({ code: 'UNKNOWN_FLAG', details: { arguments: ['strictt'], did_you_mean: ['strict'] } });
    const types = await session.client.callTool({ name: 'context', arguments: { deep: 'yes' } });
    expect(structured(types).error).toMatchObject({
      code: 'INVALID_FLAG_VALUE',
      message: expect.stringContaining('`deep` must be boolean'),
    });
    const fields = await session.client.callTool({ name: 'doctor', arguments: { fields: ['nope'] } });
    expect(structured(fields).error).toMatchObject({
      code: 'INVALID_FLAG_VALUE',
      details: { allowed: ['checks', 'status', 'totals', 'truncated'] },
    });
    const bad = await session.client.callTool({ name: 'explain', arguments: { code: 'NOT_A_CODE' } });
    expect(bad.isError).toBe(true);
    expect(structured(bad).error.code).toBe('UNKNOWN_CODE');
    const ok = await session.client.callTool({ name: 'doctor', arguments: {} });
    expect(ok.isError).toBe(false);
  });

  it('cuts results larger than --max-result-bytes, still valid against the schemas', async () => {
    const small = await connect(root, ['--max-result-bytes', '8192']);
    try {
      const { tools } = await small.client.listTools();
      const r = await small.client.callTool({ name: 'explain', arguments: { list: true } });
      const env = structured(r);
      expect(Buffer.byteLength(JSON.stringify(env))).toBeLessThanOrEqual(8192);
      expect(env.warnings.map((w: any) => w.code)).toEqual(['OUTPUT_TRUNCATED']);
      expect(env.warnings[0].message).toMatch(/data\.codes \d+ of \d+/);
      expect(env.data.codes.length).toBeLessThan(env.data.count);
      expectValidEnvelope(env, 'explain');
      const ajv = new Ajv2020({ strict: false, validateFormats: false });
      expect(ajv.validate(tools.find((t) => t.name === 'explain')!.outputSchema!, env)).toBe(true);
    } finally {
      await small.client.close();
    }
  });
});

describe('tool calls stay inside the root', () => {
  it('in a directory without a config, the error advice names the init call; init previews, then writes with apply: true', async () => {
    const empty = tempDir();
    const fresh = await connect(empty);
    try {
      const { instructions } = { instructions: fresh.client.getInstructions() };
      expect(instructions).toContain('`init`');
      const context = await fresh.client.callTool({ name: 'context', arguments: {} });
      expect(context.isError).toBe(true);
      const failed = structured(context);
      expectValidEnvelope(failed, 'context');
      expect(failed.error.code).toBe('CONFIG_NOT_FOUND');
      expect(failed.advice).toEqual([expect.objectContaining({ code: 'NEXT_INIT', tool: { name: 'init', arguments: { apply: true } } })]);
      const preview = structured(await fresh.client.callTool({ name: 'init', arguments: { prefix: 'ACME' } }));
      expectValidEnvelope(preview, 'init');
      expect(preview.data).toMatchObject({ dry_run: true, repo_prefix: 'ACME' });
      expect(preview.data.created_paths).toContain('docops.config.yaml');
      expect(existsSync(path.join(empty, 'docops.config.yaml'))).toBe(false);
      expect(preview.advice).toEqual([
        expect.objectContaining({ code: 'NEXT_APPLY', tool: { name: 'init', arguments: { prefix: 'ACME', apply: true } } }),
      ]);
      const written = structured(await fresh.client.callTool({ name: 'init', arguments: preview.advice[0].tool.arguments }));
      expect(written.data).toMatchObject({ dry_run: false, created_paths: preview.data.created_paths });
      const after = structured(await fresh.client.callTool({ name: 'context', arguments: {} }));
      expect(after.success).toBe(true);
      expect(after.data.namespaces[0].repo_prefix).toBe('ACME');
    } finally {
      await fresh.client.close();
    }
  }, 60_000);

  it('refuses path arguments outside the root with PATH_OUTSIDE_ROOT, and keeps serving', async () => {
    // A path-taking command as `check` and `fix` declare them; the refusal happens before any command runs.
    const fix: ManifestCommand = {
      id: 'fix',
      summary: 'Fix.',
      mutates: true,
      strict: false,
      args: { paths: { name: 'paths' } },
      flags: { apply: { name: 'apply', type: 'boolean' } },
    };
    const repo = realpathSync(tempDir());
    const { server } = createServer({
      name: 'docket',
      version: '0.0.0',
      root: repo,
      bin: BIN,
      tools: [buildTool(fix, REPO)],
      maxResultBytes: 65536,
      timeoutMs: 10000,
      debug: () => undefined,
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(b);
    for (const bad of ['../escape.md', '/etc/passwd']) {
      const r = await client.callTool({ name: 'fix', arguments: { paths: ['docs/ok.md', bad] } });
      expect(r.isError).toBe(true);
      const env = structured(r);
      expectValidEnvelope(env);
      expect(env).toMatchObject({
        command: 'fix',
        root: repo,
        status: 'error',
        error: { code: 'PATH_OUTSIDE_ROOT', details: { path: bad } },
      });
    }
    expect((await client.listTools()).tools).toHaveLength(1);
    await client.close();
  });

  it('turns a result that breaks its own outputSchema into a clear INTERNAL_ERROR (a bug guard)', async () => {
    const explain = buildTool({ ...manifest.commands.explain!, id: 'explain' }, REPO);
    const broken = { ...explain, definition: { ...explain.definition, outputSchema: outputSchemaFor(REPO, 'doctor') } };
    const { server } = createServer({
      name: 'docket',
      version: '0.0.0',
      root: realpathSync(root),
      bin: BIN,
      tools: [broken],
      maxResultBytes: 65536,
      timeoutMs: 20000,
      debug: () => undefined,
    });
    const [a, b] = InMemoryTransport.createLinkedPair();
    await server.connect(a);
    const client = new Client({ name: 't', version: '1' });
    await client.connect(b);
    const r = await client.callTool({ name: 'explain', arguments: { code: 'CONFIG_NOT_FOUND' } });
    expect(r.isError).toBe(true);
    expect(structured(r).error).toMatchObject({
      code: 'INTERNAL_ERROR',
      details: { schema_errors: expect.arrayContaining([expect.stringContaining('/data')]) },
    });
    await client.close();
  });
});

function rawServer(args: string[]) {
  const child = spawn(process.execPath, [BIN, 'mcp', ...args], { env: mcpEnv(), stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
  return { child, exited, stdout: () => stdout, stderr: () => stderr };
}

async function until(check: () => boolean, ms = 20000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('requests beyond the limits', () => {
  it('answers each with a JSON-RPC error naming the limit (the id when it can be recovered), and keeps serving', async () => {
    const s = rawServer(['--root', root]);
    const send = (msg: object | string) =>
      s.child.stdin.write(`${typeof msg === 'string' ? msg : JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
    const replies = () =>
      s
        .stdout()
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l));
    const reply = (id: unknown) => replies().find((r) => r.id === id);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    // 10 MiB and more on one line: the id comes first here, so it is recovered.
    send({ id: 2, method: 'tools/call', params: { name: 'explain', arguments: { code: 'x'.repeat(10 * 1024 * 1024) } } });
    // ... and last here, after the huge params.
    send(
      `{"jsonrpc":"2.0","method":"tools/call","params":{"name":"explain","arguments":{"code":"${'y'.repeat(10 * 1024 * 1024)}"}},"id":"last"}`,
    );
    send({ id: 3, method: 'tools/call', params: { name: 'explain', arguments: { code: 'z'.repeat(200 * 1024) } } });
    send({ id: 4, method: 'tools/call', params: { name: 'explain', arguments: 'OUTPUT_CLOSED' } });
    send({ id: 5, method: 'tools/call', params: { name: 'explain', arguments: ['OUTPUT_CLOSED'] } });
    send('{"jsonrpc": "2.0", "id": 6, "method": tools/call}');
    send({ id: 7, method: 'tools/call', params: { name: 'explain', arguments: { code: 'OUTPUT_CLOSED' } } });
    await until(() => reply(7) !== undefined && replies().length >= 8, 60000);
    s.child.stdin.end();
    expect(await s.exited).toBe(0);

    expect(reply(2).error).toMatchObject({
      code: -32600,
      message: expect.stringContaining('over the limit of 10485760 bytes (10 MiB)'),
      data: { limit: 'request_bytes', limit_bytes: 10485760 },
    });
    expect(reply('last').error).toMatchObject({ code: -32600, data: { limit: 'request_bytes' } });
    expect(reply(3).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Argument `code` of tool explain takes 204800 bytes'),
      data: { limit: 'argument_bytes', limit_bytes: 131071, argument: 'code' },
    });
    for (const id of [4, 5]) {
      expect(reply(id).error).toMatchObject({ code: -32602, data: { param: 'arguments' } });
      expect(reply(id).error.message).toMatch(/^`params\.arguments` must be an object .*, not (a string|an array)\.$/);
    }
    // Not JSON: the id cannot be known.
    expect(reply(null).error).toMatchObject({ code: -32700, message: expect.stringContaining('not JSON') });
    expect(reply(6)).toBeUndefined();
    expect(reply(7).result.structuredContent).toMatchObject({ success: true, data: { code: 'OUTPUT_CLOSED' } });
    for (const r of replies()) if (r.error) expect(r.error.message, JSON.stringify(r.error)).not.toContain('\n');
  }, 90000);
});

describe('the server process', () => {
  it('writes only protocol messages to stdout, logs to stderr, and exits 0 when stdin closes', async () => {
    const s = rawServer(['--root', root]);
    const send = (msg: object) => s.child.stdin.write(`${JSON.stringify({ jsonrpc: '2.0', ...msg })}\n`);
    send({
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
    });
    send({ method: 'notifications/initialized' });
    send({ id: 2, method: 'tools/list' });
    send({ id: 3, method: 'tools/call', params: { name: 'doctor', arguments: { debug: true } } });
    await until(() => s.stdout().split('\n').filter(Boolean).length >= 3);
    s.child.stdin.end();
    expect(await s.exited).toBe(0);
    const lines = s
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.jsonrpc, l.id])).toEqual([
      ['2.0', 1],
      ['2.0', 2],
      ['2.0', 3],
    ]);
    expect(lines[0].result.serverInfo).toMatchObject({ name: 'docket' });
    expect(lines[0].result.instructions).toContain('context');
    expect(lines[2].result.structuredContent.error.code).toBe('UNKNOWN_FLAG');
    expect(s.stderr()).toContain(`docket mcp: serving ${realpathSync(root)} with ${present.length} tools over stdio.`);
    expect(s.stderr()).toContain('stopped after 1 tool call (1 failed)');
  });

  it('prints its own envelope on stderr in JSON mode, and stops cleanly on SIGTERM', async () => {
    const s = rawServer(['--root', root, '--format', 'json']);
    s.child.stdin.write(
      `${JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } })}\n`,
    );
    await until(() => s.stdout().includes('"id":1'));
    s.child.kill('SIGTERM');
    expect(await s.exited).toBe(0);
    expect(s.stdout().split('\n').filter(Boolean)).toHaveLength(1);
    const env = JSON.parse(s.stderr().trim().split('\n').pop()!);
    expectValidEnvelope(env, 'mcp');
    expect(env.data).toMatchObject({ server: { name: 'docket' }, tools: present, calls: 0, failed_calls: 0 });
  });

  it('prints its summary as Markdown on stderr with --format md', async () => {
    const s = rawServer(['--root', root, '--format', 'md']);
    s.child.stdin.end();
    expect(await s.exited).toBe(0);
    expect(s.stdout()).toBe('');
    expect(s.stderr()).toMatch(/^# docket mcp\n/);
    expect(s.stderr()).toContain('- **calls:** 0');
  });

  it('reports start-up errors on stderr only, with the exit code', async () => {
    const missing = path.join(root, 'nope');
    const text = await docketBin(['mcp', '--root', missing]);
    expect(text.exitCode).toBe(66);
    expect(text.stdout).toBe('');
    expect(text.stderr).toMatch(/^ERROR \[ROOT_NOT_FOUND\]/);
    const json = await docketBin(['mcp', '--root', missing, '--json']);
    expect(json.exitCode).toBe(66);
    expect(json.stdout).toBe('');
    const env = JSON.parse(json.stderr);
    expectValidEnvelope(env);
    expect(env.error.code).toBe('ROOT_NOT_FOUND');
    const flag = await docketBin(['mcp', '--root', root, '--timeout', '0', '--json']);
    expect(flag.exitCode).toBe(64);
    expect(flag.stdout).toBe('');
  });
});
