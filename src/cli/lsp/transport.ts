import {
  AbstractMessageReader,
  ErrorCodes,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/lib/common/api.js';

type Id = string | number | null;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function idOf(message: Record<string, unknown>): Id {
  const id = message.id;
  return typeof id === 'string' || (typeof id === 'number' && Number.isFinite(id)) ? id : null;
}

/** Why a decoded JSON value is not a JSON-RPC message docket's connection can take, if it is not. */
function invalidMessage(value: unknown): string | undefined {
  if (!isObject(value)) return 'A JSON-RPC message must be a JSON object.';
  if ('method' in value) {
    if (typeof value.method !== 'string') return '`method` must be a string.';
    if (value.params !== undefined && !isObject(value.params) && !Array.isArray(value.params))
      return '`params` must be an object or an array.';
    return undefined;
  }
  if ('id' in value && ('result' in value || 'error' in value)) return undefined;
  return 'A JSON-RPC message needs a `method` (a request or notification) or an `id` with a `result` or `error` (a response).';
}

/**
 * The server's reader: the stream reader of vscode-jsonrpc, with garbage answered instead of
 * dropped. A body that is not JSON gets a Parse error (-32700) response, and a JSON value that
 * is no JSON-RPC message an Invalid Request (-32600), both with the message's id when it has
 * one (else null), as JSON-RPC 2.0 asks; the connection then goes on reading.
 */
export class GuardedReader extends AbstractMessageReader implements MessageReader {
  constructor(
    private readonly inner: MessageReader,
    private readonly writer: MessageWriter,
    private readonly log: (message: string) => void,
  ) {
    super();
    inner.onError((error) => {
      this.log(`unreadable message: ${error.message}`);
      this.refuse(null, ErrorCodes.ParseError, `Parse error: ${error.message.split('\n')[0]}`);
    });
    inner.onClose(() => this.fireClose());
    inner.onPartialMessage((info) => this.firePartialMessage(info));
  }

  private refuse(id: Id, code: number, message: string): void {
    void this.writer.write({ jsonrpc: '2.0', id, error: { code, message } } as Message).catch(() => undefined);
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      const problem = invalidMessage(message);
      if (problem === undefined) return callback(message);
      this.log(`invalid message: ${problem}`);
      const id = isObject(message) ? idOf(message) : null;
      // A notification (no id) gets no answer, unless it is no message at all.
      if (!isObject(message) || id !== null || !('method' in message))
        this.refuse(id, ErrorCodes.InvalidRequest, `Invalid Request: ${problem}`);
    });
  }

  override dispose(): void {
    super.dispose();
    this.inner.dispose();
  }
}
