import { existsSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { commandOf, connect, present, REQUIRED_ARGUMENTS, structured } from '../helpers/mcp.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// The MCP server starts a docket process for each tool call: these tests call many tools
// (the server's own behaviour is tested in test/commands/mcp.test.ts).
let root: string;
let session: { client: Client; stderr: () => string };

beforeAll(async () => {
  root = tempDir();
  const init = await docket(['init', '--root', root, '--prefix', 'ACME', '--json']);
  expect(init.exitCode).toBe(0);
  session = await connect(root);
});

afterAll(async () => {
  await session?.client.close();
});

describe('docket mcp over stdio, with the SDK client', () => {
  it('calls every tool: structuredContent is a valid envelope, mirrored as text, isError only for an error', async () => {
    for (const name of present) {
      const r = await session.client.callTool({ name, arguments: REQUIRED_ARGUMENTS[name] ?? {} });
      const env = structured(r);
      // An error envelope's data is {} (state_get: no state yet).
      expectValidEnvelope(env, env.error ? undefined : commandOf(name));
      expect(env.command).toBe(commandOf(name));
      expect(env.root).toBe(realpathSync(root));
      expect((r.content as any[])[0]).toEqual({ type: 'text', text: JSON.stringify(env) });
      expect(r.isError, name).toBe(env.error !== undefined);
    }
    const doctor = structured(
      await session.client.callTool({ name: 'doctor', arguments: { strict: true, max_findings: 0, fields: ['status', 'totals'] } }),
    );
    expect(doctor.data).toEqual({ status: 'ok', totals: { violations: 0, warnings: 0 } });
    expectValidEnvelope(doctor, 'doctor', { projected: true });
    const explain = structured(await session.client.callTool({ name: 'explain', arguments: { code: 'CONFIG_NOT_FOUND' } }));
    expect(explain.data.code).toBe('CONFIG_NOT_FOUND');
  });
});

describe('check, fix and new over stdio', () => {
  it('check reports findings; fix and new are dry runs unless apply is true; results match the published schemas', async () => {
    const repo = realpathSync(tempDir());
    expect((await docket(['init', '--root', repo, '--prefix', 'ACME', '--json'])).exitCode).toBe(0);
    const file = `${repo}/docs/45-adr/adr-001-first.md`;
    const text =
      '---\ndocument_id: ACME-ADR-001\ntype: ADR\ntitle: First\nstatus: draft\nversion: "0.1"\nlast_updated: "2026-01-31"\nowner: Team\ndocops_version: "2.0"\n---\n# First\n\nSee [x](missing.md).\n';
    writeFileSync(file, text);
    const s = await connect(repo);
    try {
      const { tools } = await s.client.listTools();
      const check = tools.find((t) => t.name === 'check')!;
      expect(Object.keys(check.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['paths', 'strict', 'max_findings']));
      expect(check.inputSchema.properties).not.toHaveProperty('exit_zero');
      expect(tools.find((t) => t.name === 'new')!.inputSchema.properties).toMatchObject({ apply: { type: 'boolean', default: false } });

      const checked = await s.client.callTool({ name: 'check', arguments: {} });
      const env = structured(checked);
      expectValidEnvelope(env, 'check');
      // A check that completed with findings is a result, not an error (issue 40).
      expect(checked.isError).toBe(false);
      expect(env.success).toBe(false);
      expect(env.violations.map((v: any) => v.code)).toEqual(['SCHEMA_VALIDATION', 'LINK_BROKEN']);
      // Advice names the tool calls a client can make, beside the command lines (issue 40).
      expect(env.advice).toContainEqual(
        expect.objectContaining({ command: expect.stringMatching(/^docket fix /), tool: { name: 'fix', arguments: { apply: false } } }),
      );
      expect(env.advice).toContainEqual(expect.objectContaining({ tool: { name: 'explain', arguments: { code: 'SCHEMA_VALIDATION' } } }));
      expect(env.data).toMatchObject({ files_checked: 1, files_failed: 1, totals: { violations: 2, warnings: 0 }, truncated: false });
      const capped = structured(await s.client.callTool({ name: 'check', arguments: { paths: ['docs/45-adr'], max_findings: 1 } }));
      expectValidEnvelope(capped, 'check');
      expect(capped.violations, JSON.stringify(capped)).toHaveLength(1);
      expect(capped.data.truncated).toBe(true);

      const preview = structured(await s.client.callTool({ name: 'fix', arguments: {} }));
      expectValidEnvelope(preview, 'fix');
      expect(preview.data).toMatchObject({ dry_run: true, fixed: 1 });
      expect(readFileSync(file, 'utf8')).toBe(text);

      const draft = structured(await s.client.callTool({ name: 'new', arguments: { type: 'ADR', title: 'Speak MCP' } }));
      expectValidEnvelope(draft, 'new');
      expect(draft.data).toMatchObject({ dry_run: true, created: false, would_create: true, document_id: 'ACME-ADR-002' });
      expect(existsSync(`${repo}/${draft.data.path}`)).toBe(false);

      const created = structured(await s.client.callTool({ name: 'new', arguments: { type: 'ADR', title: 'Speak MCP', apply: true } }));
      expectValidEnvelope(created, 'new');
      expect(created.data).toMatchObject({ dry_run: false, created: true });
      expect(existsSync(`${repo}/${created.data.path}`)).toBe(true);

      const applied = structured(await s.client.callTool({ name: 'fix', arguments: { apply: true } }));
      expectValidEnvelope(applied, 'fix');
      expect(applied.data).toMatchObject({ dry_run: false, fixed: 1, remaining: 1 });
      expect(readFileSync(file, 'utf8')).toContain('status: Draft');
    } finally {
      await s.client.close();
    }
  });
});
