import { createHash } from 'node:crypto';
import { readSync } from 'node:fs';
import { itemsText, NODE_KEYS } from './artifact.js';
import type { StoredResult } from '../cache/index-cache.js';
import type { IndexNode } from './graph.js';

/**
 * Reading the index artifact without holding it (tens of megabytes in a large repository). The artifact is
 * pretty JSON whose strings escape their line feeds, so a raw line feed occurs only between
 * tokens, and the indentation says how deep a line is. Each item of its top-level arrays
 * (namespaces by name, nodes by ID, edges by source, each array sorted) starts with
 * ITEM_START and ends at the first ITEM_END after it; its first key is its sort key. The three
 * arrays follow one another, so all items of the file are in one order: (kind, key).
 */
const ITEM_START = '\n    {\n      "';
const ITEM_END = '\n    }';

/** The kinds of item, in the order their arrays have in the artifact. */
export const NAMESPACE_ITEM = 0;
export const NODE_ITEM = 1;
export const EDGE_ITEM = 2;
export type ItemKind = typeof NAMESPACE_ITEM | typeof NODE_ITEM | typeof EDGE_ITEM;
const KINDS: Readonly<Record<string, ItemKind>> = { name: NAMESPACE_ITEM, document_id: NODE_ITEM, source: EDGE_ITEM };

/** An item: where it starts (its line feed), its kind and its sort key. */
export interface ItemRef {
  at: number;
  kind: ItemKind;
  key: string;
}

/** Bytes read at a time by the streamed passes. */
const CHUNK = 1 << 20;
/** Bytes read at a time by the small reads of a lookup (items are a few hundred bytes). */
const WINDOW = 4096;

const before = (a: ItemRef, kind: ItemKind, key: string) => a.kind < kind || (a.kind === kind && a.key < key);

/** Small reads at given offsets of an open artifact of `size` bytes. */
export class ArtifactFile {
  constructor(
    readonly fd: number,
    readonly size: number,
  ) {}

  /** Bytes [from, to), clamped to the file. */
  read(from: number, to: number): Buffer {
    const [a, b] = [Math.max(0, from), Math.min(this.size, to)];
    const buf = Buffer.allocUnsafe(Math.max(0, b - a));
    let got = 0;
    while (got < buf.length) {
      const n = readSync(this.fd, buf, got, buf.length - got, a + got);
      if (n === 0) return buf.subarray(0, got);
      got += n;
    }
    return buf;
  }

  /** Bytes from `from` through the first `end` at or after it; undefined when there is none. */
  through(from: number, end: string): Buffer | undefined {
    let buf = this.read(from, from + WINDOW);
    for (;;) {
      const i = buf.indexOf(end);
      if (i >= 0) return buf.subarray(0, i + Buffer.byteLength(end));
      if (from + buf.length >= this.size) return undefined;
      buf = Buffer.concat([buf, this.read(from + buf.length, from + 2 * buf.length)]);
    }
  }

  /** The first item that starts at or after `from`; undefined when none does, or its first line is not a key with a string value. */
  itemAt(from: number): ItemRef | undefined {
    const skipped = this.through(from, ITEM_START);
    if (!skipped) return undefined;
    const at = from + skipped.length - ITEM_START.length;
    const line = this.through(at + ITEM_START.length, ',\n')?.toString('utf8');
    const colon = line?.indexOf('": ') ?? -1;
    if (!line || colon < 0) return undefined;
    const kind = Object.hasOwn(KINDS, line.slice(0, colon)) ? KINDS[line.slice(0, colon)] : undefined;
    const key = parseString(line.slice(colon + 3, -2));
    return kind === undefined || key === undefined ? undefined : { at, kind, key };
  }

  /**
   * The first item at or after (kind, key) in the artifact's order, found by bisecting the
   * file's offsets (a few dozen small reads, however large the file); undefined when there is none.
   */
  lowerBound(kind: ItemKind, key: string): ItemRef | undefined {
    let [lo, hi] = [0, this.size];
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const item = this.itemAt(mid);
      // Every item from mid on (there is none before hi, or this one is the first) is at or after the key.
      if (!item || item.at >= hi || !before(item, kind, key)) hi = mid;
      else lo = item.at + 1;
    }
    return this.itemAt(lo);
  }

  /** The text of the item at `at`, from its indentation to its closing brace. */
  itemText(at: number): string | undefined {
    return this.through(at + 1, ITEM_END)?.toString('utf8');
  }

  /** The item at `at` and its text, when it parses and writes back (keys in `keys` order) to the same bytes. */
  parsedItem<T extends object>(at: number, keys: readonly string[]): { text: string; item: T } | undefined {
    const text = this.itemText(at);
    let item: unknown;
    try {
      item = JSON.parse(text ?? '');
    } catch {
      return undefined;
    }
    return item && typeof item === 'object' && itemsText([item], keys) === text ? { text, item: item as T } : undefined;
  }
}

/** A JSON string's value; undefined for any other text. */
function parseString(text: string): string | undefined {
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** What a streamed pass read: the file's size and SHA-256. */
interface ReadSummary {
  size: number;
  sha256: string;
}

/**
 * One read of the whole file through one buffer (grown when `visit` keeps much), every byte
 * hashed. `visit` sees the bytes read so far from `start` on, and says from where they must
 * be seen again (a pattern or line that the next read may complete); it sees them once more
 * at the end of the file.
 */
function scanFile(fd: number, chunk: number, visit: (view: Buffer, start: number) => number): ReadSummary {
  const hash = createHash('sha256');
  let buf = Buffer.allocUnsafe(2 * chunk);
  let [len, start] = [0, 0];
  for (;;) {
    if (buf.length - len < chunk) buf = Buffer.concat([buf.subarray(0, len), Buffer.allocUnsafe(chunk)]);
    const n = readSync(fd, buf, len, chunk, start + len);
    hash.update(buf.subarray(len, len + n));
    len += n;
    const keep = Math.max(0, Math.min(len, visit(buf.subarray(0, len), start)));
    if (n === 0) break;
    buf.copyWithin(0, keep, len);
    [start, len] = [start + keep, len - keep];
  }
  return { size: start + len, sha256: hash.digest('hex') };
}

/**
 * One read of the whole file, every byte hashed: where each pattern first occurs (the offset
 * of its first byte, -1 when it does not). `chunk`: bytes read at a time.
 */
export function findFirst(fd: number, patterns: readonly string[], chunk = CHUNK): ReadSummary & { at: number[] } {
  const needles = patterns.map((p) => Buffer.from(p));
  const tail = Math.max(0, ...needles.map((n) => n.length - 1));
  const at = patterns.map(() => -1);
  const read = scanFile(fd, chunk, (view, start) => {
    needles.forEach((needle, i) => {
      const found = at[i]! < 0 ? view.indexOf(needle) : -1;
      if (found >= 0) at[i] = start + found;
    });
    // The last bytes may begin a pattern that the next read completes.
    return view.length - tail;
  });
  return { ...read, at };
}

/**
 * One read of the whole file, every byte hashed: the ID of every node, in the artifact's
 * order (sorted); undefined when a node's first line is not a string. `chunk`: bytes read at a time.
 */
export function nodeIdsOf(fd: number, chunk = CHUNK): ReadSummary & { ids: string[] | undefined } {
  const head = Buffer.from(`${ITEM_START}document_id": `);
  let ids: string[] | undefined = [];
  const read = scanFile(fd, chunk, (view) => {
    for (let at = view.indexOf(head); at >= 0; at = view.indexOf(head, at + 1)) {
      const end = view.indexOf(',\n', at + head.length);
      // The line goes on in the next read.
      if (end < 0) return at;
      const id = parseString(view.toString('utf8', at + head.length, end));
      if (id === undefined) ids = undefined;
      else ids?.push(id);
    }
    return view.length - head.length + 1;
  });
  return { ...read, ids };
}

/**
 * One read of the whole file, every byte hashed: every node, in the artifact's order (sorted by
 * ID); undefined when an item does not parse as a node. `chunk`: bytes read at a time.
 */
export function nodesOf(fd: number, chunk = CHUNK): ReadSummary & { nodes: IndexNode[] | undefined } {
  const head = Buffer.from(`${ITEM_START}document_id": `);
  const end = Buffer.from(ITEM_END);
  let nodes: IndexNode[] | undefined = [];
  const read = scanFile(fd, chunk, (view) => {
    for (let at = view.indexOf(head); at >= 0; at = view.indexOf(head, at + 1)) {
      const close = view.indexOf(end, at + head.length);
      // The item goes on in the next read.
      if (close < 0) return at;
      let node: IndexNode | undefined;
      try {
        node = JSON.parse(view.toString('utf8', at + 1, close + end.length)) as IndexNode;
      } catch {
        node = undefined;
      }
      if (node && typeof node.document_id === 'string' && typeof node.path === 'string') nodes?.push(node);
      else nodes = undefined;
      at = close;
    }
    return view.length - head.length + 1;
  });
  return { ...read, nodes };
}

/** The node with this ID in the artifact; null when the ID is no node's, undefined when its item does not read back. */
export function readNode(file: ArtifactFile, id: string): IndexNode | null | undefined {
  const item = file.lowerBound(NODE_ITEM, id);
  if (!item || item.kind !== NODE_ITEM || item.key !== id) return null;
  // The item must read back to its own bytes.
  const parsed = file.parsedItem<IndexNode>(item.at, NODE_KEYS);
  if (!parsed || parsed.item.document_id !== id || !Array.isArray(parsed.item.related_ids)) return undefined;
  return parsed.item;
}

/** A node's second line: its path (nodes are the only items with a "path" key). */
const pathLine = (rel: string) => `\n      "path": ${JSON.stringify(rel)},\n`;
const ID_LINE = '\n      "document_id": ';

/**
 * The node IDs of these paths (a path that is not a node has none), found in one read of the
 * artifact, which must be the stored one: a node's first line is its ID and its second its
 * path. Undefined when the artifact is not the stored one, or does not read as it should.
 */
export function nodeIdsAt(
  file: ArtifactFile,
  stored: Pick<StoredResult, 'artifact_size' | 'artifact_sha256'>,
  paths: readonly string[],
): Map<string, string> | undefined {
  const scan = findFirst(file.fd, paths.map(pathLine));
  if (scan.size !== stored.artifact_size || scan.sha256 !== stored.artifact_sha256) return undefined;
  const ids = new Map<string, string>();
  for (let i = 0; i < paths.length; i++) {
    const at = scan.at[i]!;
    if (at < 0) continue;
    const head = file.read(at - 256, at).toString('utf8');
    const line = head.slice(head.lastIndexOf(ID_LINE) + ID_LINE.length);
    if (!head.includes(ID_LINE) || !line.endsWith(',')) return undefined;
    const id = parseString(line.slice(0, -1));
    if (id === undefined) return undefined;
    ids.set(paths[i]!, id);
  }
  return ids;
}
