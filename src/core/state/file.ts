import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { indexDirOf } from '../config/defaults.js';
import { mainNamespace } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { SAFE_READ_FLAGS } from '../fs/chunks.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import type { Issue } from '../issues.js';
import { parseSimpleConfig } from '../config/simple-yaml.js';
import { QUIET, yamlLib } from '../yaml/lib.js';
import { yamlString } from './yaml-out.js';
import { DocketError } from '../../errors/docket-error.js';
import { ENTRY_KEYS, STATE_SCHEMA_VERSION, utcTimestamp, type StateEntry } from './model.js';

/** Far above any real work queue (thousands of entries are a few megabytes): past it the file is refused unread. */
const MAX_STATE_BYTES = 32 * 1024 * 1024;
const STATE_FILE = 'project-state.yaml';
const STRING_FIELDS = ['impl_state', 'updated', 'updated_by', 'notes', 'priority', 'assignee', 'next_action'] as const;
const REQUIRED = ['impl_state', 'updated', 'updated_by'] as const;
const LIST_FIELDS = ['depends_on', 'blocked_by'] as const;

export interface StateFile {
  /** Repository-relative path. */
  rel: string;
  abs: string;
  exists: boolean;
  /** No state_schema_version: the 1.0 layout, upgraded on the next write. */
  legacy: boolean;
  /** Entries by document ID, in the file's order. */
  entries: Map<string, StateEntry>;
  /** The line of each entry's ID (1-based). */
  lines: Map<string, number>;
  /** Structural problems: every state command refuses a file that has any. */
  violations: Issue[];
  /** SHA-256 of the bytes read (undefined: no file). */
  sha256?: string;
}

/** `<docs root of the main namespace>/01-indices/project-state.yaml`, where the Python DocOps CLI keeps it. */
export function stateFilePath(config: RepoConfig): string {
  return `${indexDirOf(mainNamespace(config.namespaces).docs_root)}/${STATE_FILE}`;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

async function readBytes(abs: string, rel: string): Promise<Buffer | undefined> {
  const stat = await fs.lstat(abs).catch(() => undefined);
  if (!stat) return undefined;
  if (stat.isSymbolicLink())
    throw new DocketError('SYMLINK_REFUSED', `Refusing to read ${rel}: it is a symbolic link.`, { details: { path: rel } });
  if (!stat.isFile()) throw new DocketError('STATE_SCHEMA_VIOLATION', `${rel} is not a regular file.`, { details: { path: rel } });
  if (stat.size > MAX_STATE_BYTES)
    throw new DocketError('STATE_SCHEMA_VIOLATION', `${rel} is larger than ${MAX_STATE_BYTES} bytes; it was not read.`, {
      details: { path: rel },
    });
  const handle = await fs.open(abs, SAFE_READ_FLAGS);
  try {
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}

/**
 * Reads and checks the structure of the state file (missing: no entries). YAML that does not
 * parse is STATE_YAML_MALFORMED. `previous`: the file as read before, returned as it is when
 * the bytes are the same (not parsed again).
 */
export async function readStateFile(config: RepoConfig, previous?: StateFile): Promise<StateFile> {
  const rel = stateFilePath(config);
  const abs = path.join(config.root, rel);
  const file: StateFile = { rel, abs, exists: false, legacy: false, entries: new Map(), lines: new Map(), violations: [] };
  const bytes = await readBytes(abs, rel);
  if (bytes === undefined) return file;
  file.exists = true;
  file.sha256 = createHash('sha256').update(bytes).digest('hex');
  if (previous?.exists && previous.sha256 === file.sha256 && previous.rel === rel) return previous;
  parseState(bytes.toString('utf8'), file);
  return file;
}

/**
 * Parses `text` into `file`: files of the layout both tools write (block mappings and lists of
 * one-line scalars) through the config loader's fast path, which gives exactly what the `yaml`
 * package gives and declines anything else to it (loading and running that package is most
 * of a read of a 1,000-entry file).
 */
function parseState(text: string, file: StateFile): void {
  const fast = parseSimpleConfig(file.rel, text);
  if (fast) return checkState(fast.toJS(), file, (id) => fast.line(['documents', id]));
  const { LineCounter, parseDocument } = yamlLib();
  const counter = new LineCounter();
  const doc = parseDocument(text, { ...QUIET, lineCounter: counter, uniqueKeys: true });
  if (doc.errors.length > 0) {
    const first = doc.errors[0]!;
    const line = first.linePos?.[0].line;
    throw new DocketError(
      'STATE_YAML_MALFORMED',
      `${file.rel} is not valid YAML${line ? ` (line ${line})` : ''}: ${first.message.split('\n')[0]}`,
      {
        suggestion: `Fix the YAML of ${file.rel}, or restore it from version control.`,
        details: { path: file.rel, ...(line ? { line } : {}) },
      },
    );
  }
  const { isMap, isScalar } = yamlLib();
  const node =
    doc.contents && isMap(doc.contents) ? doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'documents')?.value : undefined;
  const keyNodes = new Map<string, unknown>(
    node && isMap(node) ? node.items.map((p) => [String(isScalar(p.key) ? p.key.value : ''), p.key]) : [],
  );
  const lineOf = (id: string) => {
    const range = (keyNodes.get(id) as { range?: [number, number, number] } | undefined)?.range;
    return range ? counter.linePos(range[0]).line : undefined;
  };
  checkState(doc.toJS({ maxAliasCount: 100 }), file, lineOf);
}

/** The parsed value checked against the file's structure (reference §9.1). */
function checkState(value: unknown, file: StateFile, lineOf: (id: string) => number | undefined): void {
  const bad = (message: string, line?: number) =>
    file.violations.push({ code: 'STATE_SCHEMA_VIOLATION', severity: 'error', message, path: file.rel, ...(line ? { line } : {}) });
  if (value === null || value === undefined) {
    file.legacy = true;
    return;
  }
  if (!isMapping(value)) return void bad(`${file.rel} must be a mapping with \`state_schema_version\` and \`documents\`.`, 1);
  for (const key of Object.keys(value)) if (key !== 'state_schema_version' && key !== 'documents') bad(`Unknown top-level key "${key}".`);
  const version = value.state_schema_version;
  if (version === undefined) file.legacy = true;
  // An unquoted 2.0 is a number in YAML (Python reads it back as "2.0").
  else if (version !== STATE_SCHEMA_VERSION && version !== 2)
    bad(`state_schema_version must be "${STATE_SCHEMA_VERSION}" (found ${JSON.stringify(version)}).`);
  const documents = value.documents;
  if (documents === undefined || documents === null) {
    if (Object.keys(value).length > 0 && version === undefined) bad('`documents` is missing.');
    return;
  }
  if (!isMapping(documents)) return void bad('`documents` must be a mapping of document IDs to entries.');
  for (const [id, raw] of Object.entries(documents)) {
    const line = lineOf(id);
    if (line) file.lines.set(id, line);
    const entry = checkEntry(id, raw, (m) => bad(m, line));
    if (entry) file.entries.set(id, entry);
  }
}

/** One entry, or undefined when it breaks the structure (each problem reported). */
function checkEntry(id: string, raw: unknown, bad: (message: string) => void): StateEntry | undefined {
  if (!isMapping(raw)) return void bad(`The entry of ${id} must be a mapping.`);
  let ok = true;
  const fail = (m: string) => {
    ok = false;
    bad(m);
  };
  for (const key of Object.keys(raw)) if (!(ENTRY_KEYS as readonly string[]).includes(key)) fail(`${id}: unknown field "${key}".`);
  for (const key of REQUIRED) if (raw[key] === undefined || raw[key] === null) fail(`${id}: \`${key}\` is required.`);
  for (const key of STRING_FIELDS)
    if (raw[key] !== undefined && raw[key] !== null && typeof raw[key] !== 'string') fail(`${id}: \`${key}\` must be a string.`);
  for (const key of LIST_FIELDS) {
    const list = raw[key];
    if (list !== undefined && list !== null && !(Array.isArray(list) && list.every((x) => typeof x === 'string')))
      fail(`${id}: \`${key}\` must be a list of document IDs.`);
  }
  const updated = typeof raw.updated === 'string' ? utcTimestamp(raw.updated) : undefined;
  if (typeof raw.updated === 'string' && updated === undefined)
    fail(`${id}: \`updated\` must be an ISO-8601 date-time with an offset, e.g. 2026-01-31T12:00:00+00:00 (found "${raw.updated}").`);
  if (!ok) return undefined;
  const list = (v: unknown) => [...new Set(((v ?? []) as string[]).map((s) => s.trim()).filter((s) => s !== ''))].sort();
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const entry: StateEntry = {
    impl_state: raw.impl_state as string,
    updated: updated!,
    updated_by: raw.updated_by as string,
    depends_on: list(raw.depends_on),
    blocked_by: list(raw.blocked_by),
  };
  for (const key of ['notes', 'priority', 'assignee', 'next_action'] as const) {
    const v = text(raw[key]);
    if (v !== undefined && v !== '') entry[key] = v;
  }
  return entry;
}

/** Every state command refuses a file with structural problems: one error listing them all. */
export function assertWellFormed(file: StateFile): void {
  if (file.violations.length === 0) return;
  const first = file.violations[0]!;
  throw new DocketError(
    'STATE_SCHEMA_VIOLATION',
    `${file.rel} breaks its structure (${file.violations.length} violation${file.violations.length === 1 ? '' : 's'}): ${first.message}`,
    {
      suggestion: `Fix ${file.rel} by hand (\`docket doctor\` lists every problem), or restore it from version control.`,
      details: { path: file.rel, violations: file.violations.map((v) => ({ ...(v.line ? { line: v.line } : {}), message: v.message })) },
    },
  );
}

/** The file's text: version first, entries sorted by ID, fixed key order, defaults omitted, block style (as PyYAML writes it). */
export function serializeState(entries: ReadonlyMap<string, StateEntry>): string {
  const ids = [...entries.keys()].sort();
  if (ids.length === 0) return `state_schema_version: '${STATE_SCHEMA_VERSION}'\ndocuments: {}\n`;
  const out: string[] = [`state_schema_version: '${STATE_SCHEMA_VERSION}'`, 'documents:'];
  for (const id of ids) {
    const e = entries.get(id)!;
    out.push(`  ${yamlString(id)}:`);
    for (const key of ENTRY_KEYS) {
      const v = e[key];
      if (v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || (key === 'priority' && v === 'P2')) continue;
      if (Array.isArray(v)) out.push(`    ${key}:`, ...v.map((item) => `    - ${yamlString(item)}`));
      // A timestamp is quoted: PyYAML would read it plain as a datetime, not a string.
      else out.push(`    ${key}: ${yamlString(v, key === 'updated')}`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** Writes the state file atomically (never through a link). */
export async function writeStateFile(config: RepoConfig, file: StateFile, entries: ReadonlyMap<string, StateEntry>): Promise<void> {
  await writeFileAtomic(config.root, file.abs, serializeState(entries), { overwrite: true });
}
