import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { toolCallOf, withToolCalls } from '../../src/cli/mcp/advice.js';
import type { ManifestCommand } from '../../src/cli/mcp/manifest.js';
import { AGENT_COMMANDS } from '../../src/cli/mcp/manifest.js';
import { buildTool } from '../../src/cli/mcp/tools.js';
import { REPO } from '../helpers/cli.js';

/** Issue 40: advice in an MCP result names the tool call an MCP client can make. */
const manifest = JSON.parse(readFileSync(path.join(REPO, 'oclif.manifest.json'), 'utf8')) as { commands: Record<string, ManifestCommand> };
const tools = AGENT_COMMANDS.filter((id) => manifest.commands[id.replace(/ /g, ':')]).map((id) =>
  buildTool({ ...manifest.commands[id.replace(/ /g, ':')]!, id: id.replace(/ /g, ':') }, REPO),
);

describe('advice as tool calls', () => {
  it.each([
    ['docket fix --apply', { name: 'fix', arguments: { apply: true } }],
    ['docket fix', { name: 'fix', arguments: { apply: false } }],
    ['docket fix --no-dry-run --namespace billing', { name: 'fix', arguments: { apply: true, namespace: 'billing' } }],
    ['docket index --root /srv/repo', { name: 'index', arguments: {} }],
    ['docket explain LINK_BROKEN', { name: 'explain', arguments: { code: 'LINK_BROKEN' } }],
    [
      "docket check 'docs/my file.md' docs/b.md --strict",
      { name: 'check', arguments: { paths: ['docs/my file.md', 'docs/b.md'], strict: true } },
    ],
    ["docket new ADR 'It'\\''s time'", { name: 'new', arguments: { type: 'ADR', title: "It's time", apply: true } }],
    ['docket check --max-findings 5', { name: 'check', arguments: { max_findings: 5 } }],
    [
      'docket new ADR "Record \\"architecture\\" decisions"',
      { name: 'new', arguments: { type: 'ADR', title: 'Record "architecture" decisions', apply: true } },
    ],
    ['docket init --prefix ACME', { name: 'init', arguments: { prefix: 'ACME', apply: true } }],
    ['docket init --dry-run', { name: 'init', arguments: { apply: false } }],
  ])('%s', (command, call) => {
    expect(toolCallOf(command, tools)).toEqual(call);
  });

  it.each(['docket install-precommit', 'docket check --exit-zero', 'docket fix --bogus', 'git status', "docket check 'unterminated"])(
    'none for %s (no tool takes it)',
    (command) => {
      expect(toolCallOf(command, tools)).toBeUndefined();
    },
  );

  it('tool descriptions mention only what the tool accepts: no flags, no exit codes, arguments by their names', () => {
    for (const tool of tools) {
      const { description, inputSchema } = tool.definition;
      expect(description, tool.definition.name).not.toMatch(/--[a-z]|\bexit \d|\$\(docket/i);
      const properties = Object.keys(inputSchema.properties as object);
      for (const [, name] of description.matchAll(/`([a-z_]+)(?::[^`]*)?`/g)) {
        if (['init', 'apply'].includes(name!) || !/^[a-z_]+$/.test(name!)) continue;
        expect(properties, `${tool.definition.name}: \`${name}\``).toContain(name);
      }
    }
    const link = tools.find((t) => t.definition.name === 'link')!.definition.description;
    expect(link).toContain('relative to `from` when given');
  });

  it('adds the call to the advice that has one, keeping the command', () => {
    const env = {
      advice: [
        { code: 'FIX_AVAILABLE', message: 'Fix it.', command: 'docket fix --apply' },
        { code: 'X', message: 'Set up pre-commit.', command: 'docket install-precommit' },
      ],
    } as never;
    expect((withToolCalls(env, tools) as { advice: unknown[] }).advice).toEqual([
      { code: 'FIX_AVAILABLE', message: 'Fix it.', command: 'docket fix --apply', tool: { name: 'fix', arguments: { apply: true } } },
      { code: 'X', message: 'Set up pre-commit.', command: 'docket install-precommit' },
    ]);
  });
});
