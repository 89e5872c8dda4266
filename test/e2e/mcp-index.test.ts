import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, cleanEnv, REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

let root: string;
let client: Client;

beforeAll(async () => {
  root = tempDir();
  cpSync(path.join(REPO, 'test/fixtures/index-graph'), root, { recursive: true });
  const env = Object.fromEntries(Object.entries(cleanEnv()).filter(([, v]) => v !== undefined)) as Record<string, string>;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--root', root],
    env,
    stderr: 'pipe',
    cwd: REPO,
  });
  client = new Client({ name: 'docket-e2e', version: '1.0.0' });
  await client.connect(transport);
});

afterAll(async () => {
  await client?.close();
});

const call = async (name: string, args: Record<string, unknown> = {}) => {
  const r = (await client.callTool({ name, arguments: args })) as { structuredContent: Record<string, any>; isError?: boolean };
  expectValidEnvelope(r.structuredContent, name);
  return r;
};

describe('docket mcp: index and navigation tools', () => {
  it('lists index, resolve, identify, link and scan with their annotations', async () => {
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    for (const name of ['index', 'resolve', 'identify', 'link', 'scan']) expect(byName.has(name), name).toBe(true);
    expect(byName.get('resolve')!.annotations).toMatchObject({ readOnlyHint: true });
    expect(byName.get('index')!.annotations).toMatchObject({ readOnlyHint: false, idempotentHint: true });
    expect(Object.keys(byName.get('index')!.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['no_cache', 'rebuild_cache']));
    expect(byName.get('resolve')!.inputSchema.required).toEqual(['id']);
  });

  it('index writes the artifact; resolve, identify and link answer from it', async () => {
    const index = await call('index');
    expect(index.structuredContent.data).toMatchObject({ node_count: 5, written: true });
    expect(existsSync(path.join(root, 'docs/01-indices/docket.index.json'))).toBe(true);
    expect((await call('resolve', { id: 'GRAPH-ADR-002' })).structuredContent.data.path).toBe('docs/45-adr/adr-002-use-sqlite.md');
    expect((await call('identify', { path: 'docs/10-prd/prd-001-checkout.md' })).structuredContent.data.document_id).toBe('GRAPH-PRD-001');
    expect((await call('link', { id: 'GRAPH-PRD-001', from: 'docs/45-adr/adr-001-use-postgres.md' })).structuredContent.data.href).toBe(
      '../10-prd/prd-001-checkout.md',
    );
    const unknown = await call('resolve', { id: 'graph-adr-2' });
    expect(unknown.isError).toBe(true);
    expect(unknown.structuredContent.error.details.did_you_mean).toEqual(['GRAPH-ADR-002']);
  });

  it('scan runs, and path arguments outside the root are refused', async () => {
    expect((await call('scan')).structuredContent.data.config).toBe('found');
    const outside = (await client.callTool({ name: 'identify', arguments: { path: '/etc/passwd' } })) as {
      isError?: boolean;
      structuredContent: Record<string, any>;
    };
    expect(outside.isError).toBe(true);
    expect(outside.structuredContent.error.code).toBe('PATH_OUTSIDE_ROOT');
  });
});
