/** A request line, or what is known of one longer than the limit (its bytes were dropped). */
export type Line = { kind: 'line'; text: string } | { kind: 'oversized'; bytes: number; head: string; tail: string };

/** Bytes of an oversized line kept at each end: enough to find its JSON-RPC `id`. */
const KEEP = 4096;

/**
 * Splits stdin into lines of at most `maxBytes` bytes. A longer line is not buffered: its bytes
 * are counted and dropped up to the next line feed, keeping only both ends, so one huge
 * request costs no memory and the lines after it are read as usual.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private bytes = 0;
  private skipping = false;
  private head = '';
  private tail: Buffer = Buffer.alloc(0);

  constructor(private readonly maxBytes: number) {}

  push(chunk: Buffer): Line[] {
    const out: Line[] = [];
    let pos = 0;
    while (pos < chunk.length) {
      const nl = chunk.indexOf(0x0a, pos);
      const piece = chunk.subarray(pos, nl === -1 ? chunk.length : nl);
      pos = nl === -1 ? chunk.length : nl + 1;
      if (!this.skipping && this.bytes + piece.length > this.maxBytes) this.startSkipping(piece);
      else if (this.skipping) this.skip(piece);
      else {
        this.parts.push(piece);
        this.bytes += piece.length;
      }
      if (nl !== -1) out.push(this.end());
    }
    return out;
  }

  private startSkipping(piece: Buffer): void {
    this.skipping = true;
    this.head = Buffer.concat([...this.parts, piece.subarray(0, KEEP)])
      .subarray(0, KEEP)
      .toString('utf8');
    this.parts = [];
    this.skip(piece);
  }

  private skip(piece: Buffer): void {
    this.bytes += piece.length;
    this.tail = Buffer.concat([this.tail, piece.subarray(-KEEP)]).subarray(-KEEP);
  }

  private end(): Line {
    const line: Line = this.skipping
      ? { kind: 'oversized', bytes: this.bytes, head: this.head, tail: this.tail.toString('utf8') }
      : { kind: 'line', text: Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '') };
    this.parts = [];
    this.bytes = 0;
    this.skipping = false;
    this.head = '';
    this.tail = Buffer.alloc(0);
    return line;
  }
}

const ID_VALUE = String.raw`(-?\d+|"(?:[^"\\]|\\.){0,256}")`;
/** `"id"` among the top-level keys before the first nested value (the usual `{"jsonrpc","id","method",...}` order). */
const ID_IN_HEAD = new RegExp(String.raw`^\s*\{[^{}[\]]*?"id"\s*:\s*${ID_VALUE}`);
/** `"id"` as the last key of the message. */
const ID_IN_TAIL = new RegExp(String.raw`"id"\s*:\s*${ID_VALUE}\s*\}\s*$`);

/** The JSON-RPC id of a message known only by its ends, or null when it cannot be told. */
export function recoverId(head: string, tail: string): string | number | null {
  const found = ID_IN_HEAD.exec(head) ?? ID_IN_TAIL.exec(tail);
  if (!found) return null;
  try {
    const id: unknown = JSON.parse(found[1]!);
    return typeof id === 'string' || (typeof id === 'number' && Number.isSafeInteger(id)) ? id : null;
  } catch {
    return null;
  }
}
