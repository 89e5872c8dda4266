import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { ValidateFunction } from 'ajv';
import { createAjv } from '../../contract/ajv.js';
import { closest } from '../../core/text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Envelope } from '../envelope.js';
import { redactEnvelope } from '../safe-envelope.js';
import { toDocketError } from '../to-docket-error.js';
import { checkPaths, toArgv, validateArguments } from './arguments.js';
import { withToolCalls } from './advice.js';
import { argvLimitError } from './argv-limits.js';
import { fitEnvelope } from './fit.js';
import { CallGate } from './gate.js';
import { runCommand, serverErrorEnvelope } from './runner.js';
import { DocketStdioTransport } from './transport.js';
import type { Tool } from './tools.js';
import type { ServeStats } from '../../contract/mcp.js';
import { toJson } from '../render/json.js';

export interface ServeOptions {
  name: string;
  version: string;
  root: string;
  bin: string;
  tools: readonly Tool[];
  maxResultBytes: number;
  timeoutMs: number;
  /** Aborts to stop the server (SIGINT/SIGTERM). */
  signal: AbortSignal;
  debug(message: string): void;
}

export type { ServeStats } from '../../contract/mcp.js';

function instructions(tools: readonly Tool[], root: string): string {
  const names = tools.map((t) => t.definition.name);
  const has = (n: string) => names.includes(n);
  const lines = [
    `docket governs the Markdown documentation (IDs, frontmatter, types, statuses) of the repository at ${root}. Every tool returns docket's JSON envelope; branch on status, then success, then error.code.`,
  ];
  if (has('context')) lines.push('Start with `context` to learn the ID prefix, document types and paths.');
  if (has('init'))
    lines.push(
      'If it fails with CONFIG_NOT_FOUND, the repository is not set up yet: `init` (with apply: true) creates the config, the docs tree, the schema and templates; its advice names that call.',
    );
  if (has('doctor')) lines.push('`doctor` diagnoses the setup.');
  if (has('check')) lines.push('`check` validates the documents.');
  const writers = tools.filter((t) => t.preview).map((t) => `\`${t.definition.name}\``);
  if (writers.length > 0)
    lines.push(
      `${writers.slice(0, -1).join(', ')}${writers.length > 1 ? ' and ' : ''}${writers.at(-1)!} only preview their changes unless called with apply: true.`,
    );
  if (has('explain')) lines.push('`explain` says what any code means and how to fix it.');
  return lines.join(' ');
}

const outputValidators = new WeakMap<Tool, ValidateFunction>();
let ajv: ReturnType<typeof createAjv> | undefined;

/**
 * A result that does not match the tool's published outputSchema would make a client reject
 * the call with a schema error; it becomes a clear INTERNAL_ERROR result instead (a docket bug).
 */
function conform(tool: Tool, envelope: Envelope, opts: Pick<ServeOptions, 'root' | 'debug'>): Envelope {
  let validate = outputValidators.get(tool);
  if (!validate) {
    ajv ??= createAjv();
    validate = ajv.compile(tool.definition.outputSchema);
    outputValidators.set(tool, validate);
  }
  if (validate(envelope)) return envelope;
  const errors = (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  opts.debug(`tool ${tool.definition.name}: result does not match its outputSchema: ${errors.join('; ')}`);
  return serverErrorEnvelope(
    tool.commandId,
    opts.root,
    new DocketError('INTERNAL_ERROR', `docket ${tool.commandId} returned a result that does not match its published schema.`, {
      suggestion: 'This is a bug in docket: report it with the command and the errors in details.',
      details: { schema_errors: errors },
    }),
  );
}

function result(envelope: Envelope): CallToolResult {
  return {
    content: [{ type: 'text', text: toJson(envelope) }],
    structuredContent: envelope as unknown as Record<string, unknown>,
    // A run that completed with findings is a result (success: false in it); only an error is an error.
    isError: envelope.error !== undefined,
  };
}

export interface DocketServer {
  server: Server;
  stats: ServeStats;
  /** Stops running commands (their calls end as error envelopes). */
  shutdown: AbortController;
}

/** The MCP server and its two handlers, not yet connected to a transport. */
export function createServer(opts: Omit<ServeOptions, 'signal'>): DocketServer {
  const stats: ServeStats = { calls: 0, failed_calls: 0 };
  const byName = new Map(opts.tools.map((t) => [t.definition.name, t]));
  const gate = new CallGate();
  const shutdown = new AbortController();
  const server = new Server(
    { name: opts.name, version: opts.version, title: 'docket' },
    { capabilities: { tools: { listChanged: false } }, instructions: instructions(opts.tools, opts.root) },
  );
  const runner = {
    bin: opts.bin,
    root: opts.root,
    timeoutMs: opts.timeoutMs,
    agent: () => server.getClientVersion()?.name,
    debug: opts.debug,
  };

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: opts.tools.map((t) => ({ ...t.definition })) }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const name = request.params.name;
    const tool = byName.get(name);
    if (!tool) {
      // The MCP specification makes an unknown tool a protocol error (-32602), not a tool result.
      // (A plain error with `code`: McpError would prefix its message twice on the client.)
      const known = [...byName.keys()].sort();
      const guesses = closest(name, known, 3);
      const message = `Unknown tool "${name}".${guesses.length > 0 ? ` Did you mean "${guesses[0]}"?` : ''} Tools: ${known.join(', ')}.`;
      throw Object.assign(new Error(message), {
        code: ErrorCode.InvalidParams,
        data: { code: 'UNKNOWN_COMMAND', did_you_mean: guesses, valid_tools: known },
      });
    }
    const args = request.params.arguments ?? {};
    // A command line the system would refuse (E2BIG) is a protocol error naming the limit.
    const tooLarge = argvLimitError(tool, toArgv(tool, args, opts.root));
    if (tooLarge) throw tooLarge;
    stats.calls++;
    let envelope: Envelope;
    try {
      validateArguments(tool, args);
      checkPaths(tool, args, opts.root);
      const writes = tool.mutates && (!tool.preview || args.apply === true);
      const signal = AbortSignal.any([extra.signal, shutdown.signal]);
      envelope = await gate.run(writes, () => runCommand(runner, tool.commandId, toArgv(tool, args, opts.root), signal));
    } catch (error) {
      envelope = serverErrorEnvelope(tool.commandId, opts.root, toDocketError(error));
    }
    envelope = conform(tool, fitEnvelope(redactEnvelope(withToolCalls(envelope, opts.tools)), opts.maxResultBytes), opts);
    if (!envelope.success) stats.failed_calls++;
    opts.debug(`tool ${name}: ${envelope.status}, success ${envelope.success}${envelope.error ? `, ${envelope.error.code}` : ''}`);
    return result(envelope);
  });
  server.onerror = (error) => opts.debug(`protocol error: ${error.message}`);
  return { server, stats, shutdown };
}

/**
 * Serves the tools over stdio until stdin closes or `signal` aborts. Stdout carries only
 * protocol messages (the SDK transport writes them); commands run as child processes whose
 * output is captured, and logs go to stderr.
 */
export async function serve(opts: ServeOptions): Promise<ServeStats> {
  const { server, stats, shutdown } = createServer(opts);
  const transport = new DocketStdioTransport(opts.debug);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  const stop = () => {
    shutdown.abort();
    void server.close();
  };
  process.stdin.once('end', stop);
  process.stdin.once('close', stop);
  opts.signal.addEventListener('abort', stop, { once: true });
  try {
    await closed;
  } finally {
    process.stdin.off('end', stop);
    process.stdin.off('close', stop);
    opts.signal.removeEventListener('abort', stop);
    shutdown.abort();
  }
  return stats;
}
