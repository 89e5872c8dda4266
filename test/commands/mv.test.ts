import { existsSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, docket, REPO } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const FROM = 'docs/45-adr/adr-002-use-redis.md';
const TO = 'docs/45-adr/adr-002-use-valkey.md';

describe('mv', () => {
  it('JSON data follows its schema; text and md show the move and the diff; a move onto itself changes nothing', async () => {
    const root = copyFixture('mv-links');
    const r = await docket(['mv', FROM, TO, '--root', root, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'mv');
    // The document's own links stay as they are (same directory): a pure rename, and one link to it.
    expect(r.json!.data).toMatchObject({ dry_run: true, from: FROM, to: TO, links_rewritten: 1 });
    expect(r.json!.data.changes[0]).toEqual({
      path: FROM,
      action: 'move',
      to: TO,
      links: 0,
      diff: `diff --git a/${FROM} b/${TO}\nsimilarity index 100%\nrename from ${FROM}\nrename to ${TO}\n`,
    });
    expect(r.json!.data.changes[1]).toMatchObject({ path: 'docs/45-adr/adr-001-use-postgres.md', action: 'edit_links', links: 1 });
    expect(r.json!.data.changes[1].diff).toContain('-and [Redis](adr-002-use-redis.md), the');
    const text = await docket(['mv', 'docs/45-adr/adr-001-use-postgres.md', 'docs/45-adr/adr-001-pg.md', '--root', root]);
    expect(text.stdout).toContain(
      'Dry run: docs/45-adr/adr-001-use-postgres.md → docs/45-adr/adr-001-pg.md, 6 links rewritten (3 other files); nothing was written.',
    );
    expect(text.stdout).toContain('+[pg]: <adr-001-pg.md> "Postgres"');
    const md = await docket(['mv', 'docs/45-adr/adr-001-use-postgres.md', 'docs/45-adr/adr-001-pg.md', '--root', root, '--format', 'md']);
    expect(md.stdout).toContain('- **Links rewritten:** 6');
    expect(md.stdout).toContain('```diff\ndiff --git a/docs/45-adr/adr-001-use-postgres.md b/docs/45-adr/adr-001-pg.md\n');
    const same = await docket(['mv', FROM, FROM, '--root', root, '--json', '--apply']);
    expect(same.json!.data).toEqual({ dry_run: false, from: FROM, to: FROM, links_rewritten: 0, changes: [] });
    expect(existsSync(path.join(root, 'docs/45-adr/adr-001-pg.md'))).toBe(false);
  });

  it('the MCP tool previews by default and writes only with apply: true', async () => {
    const root = copyFixture('mv-links');
    const env = Object.fromEntries(Object.entries(cleanEnv()).filter(([, v]) => v !== undefined)) as Record<string, string>;
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [BIN, 'mcp', '--root', root],
      env,
      stderr: 'pipe',
      cwd: REPO,
    });
    const client = new Client({ name: 'docket-mv-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const tool = (await client.listTools()).tools.find((t) => t.name === 'mv')!;
      expect(tool.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
      expect(Object.keys(tool.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['apply', 'source', 'target']));
      expect(tool.inputSchema.required).toEqual(['source', 'target']);
      const preview = (await client.callTool({ name: 'mv', arguments: { source: FROM, target: TO } })).structuredContent as any;
      expectValidEnvelope(preview, 'mv');
      expect(preview.data.dry_run).toBe(true);
      expect(existsSync(path.join(root, FROM))).toBe(true);
      const outside = (await client.callTool({ name: 'mv', arguments: { source: FROM, target: '../x.md', apply: true } }))
        .structuredContent as any;
      expect(outside.error.code).toBe('PATH_OUTSIDE_ROOT');
      const applied = (await client.callTool({ name: 'mv', arguments: { source: FROM, target: TO, apply: true } }))
        .structuredContent as any;
      expectValidEnvelope(applied, 'mv');
      expect(applied.root).toBe(realpathSync(root));
      expect(applied.data.dry_run).toBe(false);
      expect(existsSync(path.join(root, FROM))).toBe(false);
      expect(readFileSync(path.join(root, TO), 'utf8')).toContain('# Use Redis');
    } finally {
      await client.close();
    }
  });
});
