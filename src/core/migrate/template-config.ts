/**
 * The legacy template keys of docops.config.yaml moved into `document_types`, at the top level
 * and in each namespace: `type_directories.<t>` becomes `document_types.<T>.directory`,
 * `templates.<t>` becomes `document_types.<T>.template` (a bare file name is taken from the
 * templates directory, and a renamed template file gets its new name). The edit is made on
 * the YAML Document, so comments stay. An entry `document_types` already sets wins: the legacy
 * one is left where it is, with a warning.
 */
import type { Document, Pair, Scalar, YAMLMap } from 'yaml';
import { BUILTIN_TYPE_DIRECTORIES, normalizeTypeKey } from '../config/defaults.js';
import type { Issue } from '../issues.js';
import { QUIET, yamlLib } from '../yaml/lib.js';
import type { ConfigChange } from '../../contract/data/migrate.js';
export type { ConfigChange };

/** One mapping that may hold the legacy keys: the top level, or a namespace. */
export interface ConfigLevel {
  path: (string | number)[];
  /** Its templates directory (repository-relative). */
  templatesDir: string;
}

export interface ConfigMigration {
  text: string;
  changes: ConfigChange[];
  /** Legacy entries found, and those moved. */
  found: number;
  migrated: number;
  warnings: Issue[];
}

const TYPE_KEY = /^[A-Z]{1,64}$/;

function dotted(p: readonly (string | number)[]): string {
  return p.map((s, i) => (typeof s === 'number' ? `[${s}]` : `${i === 0 ? '' : '.'}${s}`)).join('');
}

/** A template path as the Python DocOps CLI reads it: a bare name lives in the templates directory; then its new name. */
export function templatePath(raw: string, templatesDir: string, renamed: ReadonlyMap<string, string>): string {
  const clean = raw.trim().replace(/\\/g, '/').replace(/^\.\//, '');
  const rel = clean.includes('/') ? clean : `${templatesDir}/${clean}`;
  return renamed.get(rel) ?? rel;
}

function pairFor(map: YAMLMap | undefined, type: string): Pair | undefined {
  const { isScalar } = yamlLib();
  // Keys read from the file are Scalar nodes; keys set here are plain strings.
  return map?.items.find((p) => {
    const key: unknown = isScalar(p.key) ? p.key.value : p.key;
    return typeof key === 'string' && normalizeTypeKey(key) === type;
  });
}

function skipped(message: string, p: readonly (string | number)[]): Issue {
  return {
    code: 'MIGRATE_SKIPPED',
    severity: 'warning',
    message,
    path: 'docops.config.yaml',
    suggestion: `Resolve \`${dotted(p)}\` by hand: keep the entry you mean under document_types and delete the other.`,
  };
}

/** Moves one level's legacy entries; `opts` says which keys to migrate. */
function migrateLevel(
  doc: Document.Parsed,
  level: ConfigLevel,
  renamed: ReadonlyMap<string, string>,
  opts: { typeDirs: boolean; templates: boolean },
  out: ConfigMigration,
): void {
  const { isMap, isScalar } = yamlLib();
  const map = level.path.length === 0 ? doc.contents : doc.getIn(level.path, true);
  if (!isMap(map)) return;
  const legacy = (key: string) => {
    const node = map.get(key, true);
    return isMap(node) ? node : undefined;
  };
  const dirs = opts.typeDirs ? legacy('type_directories') : undefined;
  const templates = opts.templates ? legacy('templates') : undefined;
  const found = map.get('document_types', true);
  if (found !== undefined && !isMap(found)) return;
  let types = found as YAMLMap | undefined;
  // Templates document_types names already follow their files' new names.
  for (const pair of types?.items ?? []) {
    const entry = pair.value;
    const tpl = isMap(entry) ? entry.get('template') : undefined;
    const next = typeof tpl === 'string' ? renamed.get(tpl.trim().replace(/^\.\//, '')) : undefined;
    if (!isMap(entry) || next === undefined) continue;
    entry.set('template', next);
    out.migrated++;
    out.changes.push({
      type: 'config',
      action: 'update',
      path: dotted([...level.path, 'document_types', isScalar(pair.key) ? String(pair.key.value) : '', 'template']),
      value: next,
    });
  }
  if (!dirs && !templates) return;
  const entryOf = (type: string): YAMLMap => {
    if (!types) {
      map.set('document_types', doc.createNode({}));
      types = map.get('document_types', true) as unknown as YAMLMap;
    }
    const pair = pairFor(types, type);
    if (pair && isMap(pair.value)) return pair.value;
    types.set(type, doc.createNode({}));
    return types.get(type, true) as unknown as YAMLMap;
  };
  const move = (
    source: YAMLMap,
    key: string,
    field: 'directory' | 'template',
    value: (raw: string, type: string) => string | undefined,
  ) => {
    // A comment above the first entry belongs to the list of entries: it goes with the first one moved.
    let leading = source.commentBefore ?? undefined;
    for (const pair of [...source.items]) {
      const rawKey = isScalar(pair.key) ? String(pair.key.value) : '';
      const type = normalizeTypeKey(rawKey);
      const from = [...level.path, key, rawKey];
      out.found++;
      const raw = isScalar(pair.value) && typeof pair.value.value === 'string' ? pair.value.value : undefined;
      const existing = pairFor(types, type);
      const taken = existing && isMap(existing.value) && existing.value.has(field);
      const to = raw === undefined ? undefined : value(raw, type);
      if (!TYPE_KEY.test(type) || to === undefined || taken) {
        const why = taken
          ? `document_types.${type}.${field} is already set and wins`
          : !TYPE_KEY.test(type)
            ? 'its type is not a word of letters'
            : field === 'template' && raw !== undefined
              ? `${type} has no directory to give a new document_types entry`
              : 'its value is not text';
        out.warnings.push(skipped(`Skipping \`${dotted(from)}\`: ${why}; the entry was left as written.`, from));
        continue;
      }
      const entry = entryOf(type);
      if (field === 'template' && !entry.has('directory')) {
        const dir = dirsOf(type);
        entry.set('directory', dir);
        out.changes.push({
          type: 'config',
          action: 'add',
          path: dotted([...level.path, 'document_types', type, 'directory']),
          value: dir!,
        });
      }
      // The legacy entry's comments travel with its value.
      const moved = doc.createPair(field, to);
      const oldKey = isScalar(pair.key) ? pair.key : undefined;
      const oldValue = isScalar(pair.value) ? pair.value : undefined;
      const before = [leading, oldKey?.commentBefore].filter(Boolean).join('\n');
      leading = undefined;
      if (before) (moved.key as Scalar).commentBefore = before;
      if (oldValue?.comment) (moved.value as Scalar).comment = oldValue.comment;
      entry.delete(field);
      entry.add(moved);
      source.delete(pair.key);
      out.migrated++;
      out.changes.push(
        { type: 'config', action: 'add', path: dotted([...level.path, 'document_types', type, field]), value: to },
        { type: 'config', action: 'remove', path: dotted(from) },
      );
    }
    if (source.items.length === 0) map.delete(key);
  };
  // A template's new entry needs a directory: its legacy one (moved first), else the built-in one.
  const dirsOf = (type: string): string | undefined => {
    const entry = pairFor(types, type)?.value;
    if (isMap(entry) && entry.has('directory')) return String(entry.get('directory'));
    return BUILTIN_TYPE_DIRECTORIES[type];
  };
  if (dirs) move(dirs, 'type_directories', 'directory', (raw) => raw);
  if (templates) {
    move(templates, 'templates', 'template', (raw, type) =>
      dirsOf(type) !== undefined ? templatePath(raw, level.templatesDir, renamed) : undefined,
    );
  }
}

/** Migrates every level of the config text; the text is unchanged when nothing moved. */
export function migrateConfig(
  text: string,
  levels: readonly ConfigLevel[],
  renamed: ReadonlyMap<string, string>,
  opts: { typeDirs: boolean; templates: boolean },
): ConfigMigration {
  const doc = yamlLib().parseDocument(text, { ...QUIET });
  const out: ConfigMigration = { text, changes: [], found: 0, migrated: 0, warnings: [] };
  if (doc.errors.length > 0) return out;
  for (const level of levels) migrateLevel(doc, level, renamed, opts, out);
  if (out.migrated > 0) out.text = doc.toString({ lineWidth: 0 });
  return out;
}
