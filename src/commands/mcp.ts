import path from 'node:path';
import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import { writeStderr } from '../cli/io.js';
import type { McpData } from '../contract/mcp.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderMcpText } from '../cli/render/commands/mcp.js';
import { safeText, type Style } from '../cli/render/style.js';

export default class Mcp extends DocketCommand<typeof Mcp, McpData> {
  static override summary = 'Serve docket to AI agents over the Model Context Protocol (stdio).';
  static override description =
    'One tool per agent-facing command (check, fix, new, index, context, doctor, explain, capabilities, ...), for the repository at --root only. ' +
    'Stdout carries protocol messages only; logs, and the summary printed when the client disconnects, go to stderr.';
  static override examples = [
    '<%= config.bin %> mcp --root /path/to/repo',
    '{"mcpServers": {"docket": {"command": "docket", "args": ["mcp", "--root", "/path/to/repo"]}}}',
  ];
  /** It runs writing tools (fix and new with apply: true) on the clients' behalf. */
  static mutates = true;
  static override resultStream = 'stderr' as const;
  static override stopsOnSignal = true;
  static override flags = {
    'max-result-bytes': Flags.integer({
      description: 'Largest tool result, in bytes of JSON; longer lists are cut with an OUTPUT_TRUNCATED marker.',
      default: 256 * 1024,
      min: 4096,
      helpValue: '<bytes>',
    }),
    timeout: Flags.integer({
      description: 'Seconds a tool call may run before it is stopped (TOOL_CALL_TIMEOUT).',
      default: 120,
      min: 1,
      helpValue: '<seconds>',
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<McpData>> {
    const { buildTools } = await import('../cli/mcp/tools.js');
    const { serve } = await import('../cli/mcp/server.js');
    const tools = buildTools(this.config.commands, this.config.root);
    const server = { name: 'docket', version: this.config.version };
    if (ctx.format === 'text') {
      const hint = process.stdin.isTTY
        ? " This is a stdio server for MCP clients: add it to your client's configuration (`docket mcp --help`); Ctrl-C stops it."
        : '';
      await writeStderr(`docket mcp: serving ${safeText(ctx.root)} with ${tools.length} tools over stdio.${hint}\n`);
    }
    const stats = await serve({
      ...server,
      root: ctx.root,
      bin: path.join(this.config.root, 'bin', 'run.js'),
      tools,
      maxResultBytes: this.flags['max-result-bytes'],
      timeoutMs: this.flags.timeout * 1000,
      signal: ctx.signal,
      debug: ctx.debug,
    });
    return { data: { server, tools: tools.map((t) => t.definition.name), ...stats } };
  }

  protected override renderText(env: Envelope<McpData>, style: Style): string {
    return renderMcpText(env.data, style);
  }
}
