import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { ManifestCommand } from '../../src/cli/mcp/manifest.js';
import { AGENT_COMMANDS, toolName } from '../../src/cli/mcp/manifest.js';
import { BIN, cleanEnv, REPO } from './cli.js';

/** The built CLI's manifest: what `docket mcp` makes its tools from. */
export const manifest = JSON.parse(readFileSync(path.join(REPO, 'oclif.manifest.json'), 'utf8')) as {
  commands: Record<string, ManifestCommand>;
};
const commandIds = AGENT_COMMANDS.filter((id) => manifest.commands[id.replace(/ /g, ':')]);
/** The tool names ("state get" is state_get). */
export const present = commandIds.map(toolName);
export const commandOf = (tool: string) => commandIds[present.indexOf(tool)]!;
/** Arguments of the tools that require some (the others are called with none). */
export const REQUIRED_ARGUMENTS: Record<string, Record<string, unknown>> = {
  state_get: { id: 'ACME-ADR-001' },
  state_set: { id: 'ACME-ADR-001', impl_state: 'Not Started' },
};

export function mcpEnv(): Record<string, string> {
  return Object.fromEntries(Object.entries(cleanEnv()).filter(([, v]) => v !== undefined)) as Record<string, string>;
}

/** `docket mcp --root root` started over stdio, with the SDK's client connected to it. */
export async function connect(root: string, extra: string[] = []): Promise<{ client: Client; stderr: () => string }> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [BIN, 'mcp', '--root', root, ...extra],
    env: mcpEnv(),
    stderr: 'pipe',
    cwd: REPO,
  });
  let stderr = '';
  transport.stderr!.on('data', (d) => (stderr += d));
  const client = new Client({ name: 'docket-e2e', version: '1.0.0' });
  await client.connect(transport);
  return { client, stderr: () => stderr };
}

export const structured = (r: any) => r.structuredContent as Record<string, any>;
