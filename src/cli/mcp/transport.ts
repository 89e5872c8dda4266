import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { ErrorCode, JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { jsonLine, toJson } from '../render/json.js';
import { recoverId, LineSplitter, type Line } from './lines.js';

/** The longest request line read (the SDK's own limit, which ended the session instead). */
const MAX_REQUEST_BYTES = 10 * 1024 * 1024;

type Id = string | number | null;

interface Refusal {
  id: Id;
  code: number;
  message: string;
  data?: Record<string, unknown>;
}

function idOf(value: unknown): Id {
  const id = value && typeof value === 'object' ? (value as { id?: unknown }).id : undefined;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * What the SDK would answer with a long multi-line validation dump (-32603), or not at all:
 * a tools/call whose `name` is not a string or whose `arguments` is not an object.
 */
function callShapeProblem(message: Record<string, unknown>): Refusal | undefined {
  if (message.method !== 'tools/call' || !('id' in message)) return undefined;
  const params = message.params;
  const id = idOf(message);
  if (!isPlainObject(params))
    return {
      id,
      code: ErrorCode.InvalidParams,
      message: 'tools/call needs `params`, an object with `name` and `arguments`.',
      data: { param: 'params' },
    };
  if (typeof params.name !== 'string')
    return {
      id,
      code: ErrorCode.InvalidParams,
      message: '`params.name` must be a string: the name of a tool from tools/list.',
      data: { param: 'name' },
    };
  if (params.arguments !== undefined && !isPlainObject(params.arguments)) {
    const got = params.arguments === null ? 'null' : Array.isArray(params.arguments) ? 'an array' : `a ${typeof params.arguments}`;
    return {
      id,
      code: ErrorCode.InvalidParams,
      message: `\`params.arguments\` must be an object of the tool's arguments (its inputSchema), not ${got}.`,
      data: { param: 'arguments' },
    };
  }
  return undefined;
}

/**
 * The stdio transport of `docket mcp`. Unlike the SDK's, every request gets an answer and the
 * session goes on: a line over MAX_REQUEST_BYTES, text that is not JSON, a message that is not
 * JSON-RPC, or a malformed tools/call is answered with a JSON-RPC error naming the limit or the
 * fault (with the request's id when it can be recovered, else null), and the next line is read
 * as usual. Messages are written by docket's one JSON serializer.
 */
export class DocketStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private readonly lines: LineSplitter;

  constructor(
    private readonly debug: (message: string) => void,
    private readonly maxRequestBytes = MAX_REQUEST_BYTES,
    private readonly stdin: NodeJS.ReadableStream = process.stdin,
    private readonly stdout: NodeJS.WritableStream = process.stdout,
  ) {
    this.lines = new LineSplitter(maxRequestBytes);
  }

  private readonly onData = (chunk: Buffer | string) => {
    for (const line of this.lines.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk)) this.receive(line);
  };

  private readonly onStdinError = (error: Error) => this.onerror?.(error);

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStdinError);
  }

  private receive(line: Line): void {
    if (line.kind === 'oversized') {
      const id = recoverId(line.head, line.tail);
      this.debug(`request of ${line.bytes} bytes refused (limit ${this.maxRequestBytes}), id ${toJson(id)}`);
      this.refuse({
        id,
        code: ErrorCode.InvalidRequest,
        message: `The request is ${line.bytes} bytes, over the limit of ${this.maxRequestBytes} bytes (${this.maxRequestBytes / 1024 / 1024} MiB) per message; it was not read. Send smaller arguments.`,
        data: { limit: 'request_bytes', limit_bytes: this.maxRequestBytes, request_bytes: line.bytes },
      });
      return;
    }
    if (line.text.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line.text);
    } catch (error) {
      this.refuse({ id: null, code: ErrorCode.ParseError, message: `The request is not JSON: ${(error as Error).message}.` });
      return;
    }
    const parsed = JSONRPCMessageSchema.safeParse(value);
    if (!parsed.success) {
      // A notification (no id) gets no answer, as JSON-RPC prescribes; anything else does.
      if (isPlainObject(value) && 'method' in value && !('id' in value)) return;
      this.refuse({
        id: idOf(value),
        code: ErrorCode.InvalidRequest,
        message:
          'The message is not a JSON-RPC 2.0 request: it needs "jsonrpc": "2.0", an "id" (string or integer), a "method" string, and "params" as an object when present.',
      });
      return;
    }
    const problem = callShapeProblem(value as Record<string, unknown>);
    if (problem) {
      this.refuse(problem);
      return;
    }
    this.onmessage?.(parsed.data);
  }

  private refuse(r: Refusal): void {
    void this.send({
      jsonrpc: '2.0',
      id: r.id,
      error: { code: r.code, message: r.message, ...(r.data ? { data: r.data } : {}) },
    } as unknown as JSONRPCMessage);
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(jsonLine(message))) resolve();
      else this.stdout.once('drain', () => resolve());
    });
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStdinError);
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.onclose?.();
  }
}
