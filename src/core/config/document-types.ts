import path from 'node:path';
import { BUILTIN_TYPE_DESCRIPTIONS, BUILTIN_TYPE_DIRECTORIES, DOCUMENT_TYPE_KEYS, LEGACY_KEYS } from './defaults.js';
import { configTypeKey } from './keys.js';
import { type ConfigReader, isPlainObject, type PlainObject, type YamlPath } from './reader.js';
import type { DocumentTypeConfig } from './types.js';

/** Type directories stay inside the docs root: '.' or a clean relative path without '..'. */
function typeDirectory(reader: ConfigReader, docsRoot: string, raw: unknown, p: YamlPath): string | undefined {
  if (typeof raw !== 'string' || raw.trim() === '') return undefined;
  let value = raw.trim().replace(/\\/g, '/');
  if (value.startsWith(`${docsRoot}/`)) value = value.slice(docsRoot.length + 1);
  const clean = path.posix.normalize(value).replace(/^\.\//, '').replace(/\/+$/, '') || '.';
  if (path.posix.isAbsolute(clean) || clean === '..' || clean.startsWith('../')) {
    reader.warn(
      'CONFIG_PATH_REFUSED',
      p,
      `Type directory ${raw} leaves the docs root and was ignored.`,
      'Use a directory relative to the docs root.',
    );
    return undefined;
  }
  return clean;
}

export function builtinDocumentTypes(): Record<string, DocumentTypeConfig> {
  const out: Record<string, DocumentTypeConfig> = {};
  for (const [type, directory] of Object.entries(BUILTIN_TYPE_DIRECTORIES)) {
    out[type] = { type, directory, description: BUILTIN_TYPE_DESCRIPTIONS[type], source: 'builtin' };
  }
  return out;
}

/**
 * Applies one config level's `type_directories`, `templates` (legacy) and `document_types`
 * onto `types`, in that order, so the modern key wins.
 */
export function applyDocumentTypes(
  reader: ConfigReader,
  obj: PlainObject,
  p: YamlPath,
  docsRoot: string,
  types: Record<string, DocumentTypeConfig>,
): void {
  for (const legacy of Object.keys(LEGACY_KEYS)) {
    if (Object.hasOwn(obj, legacy)) {
      // A note, not a warning: the Python DocOps CLI reads these keys and its `org vendor` writes
      // `type_directories`, so a repository it governs must pass `doctor --strict` with them.
      reader.warn(
        'CONFIG_DEPRECATED_KEY',
        [...p, legacy],
        `\`${legacy}\` is the legacy form of ${LEGACY_KEYS[legacy]}; docket reads it as written.`,
        `Nothing to do; to modernise, move the entries of \`${legacy}\` into \`document_types\`.`,
        'info',
      );
    }
  }
  const legacyDirs = reader.map(obj, 'type_directories', p) ?? {};
  for (const [rawType, rawDir] of Object.entries(legacyDirs)) {
    const type = configTypeKey(reader, rawType, [...p, 'type_directories', rawType], true);
    const dir = typeDirectory(reader, docsRoot, rawDir, [...p, 'type_directories', rawType]);
    if (!dir) continue;
    types[type] = { ...types[type], type, directory: dir, source: 'config' };
  }
  const legacyTemplates = reader.map(obj, 'templates', p) ?? {};
  for (const [rawType, rawTemplate] of Object.entries(legacyTemplates)) {
    // The Python DocOps CLI lower-cases these keys (reference §4.1): lower case is their usual form.
    const type = configTypeKey(reader, rawType, [...p, 'templates', rawType], false);
    const existing = types[type];
    if (!existing || typeof rawTemplate !== 'string') continue;
    const template = reader.safePath(rawTemplate, [...p, 'templates', rawType]);
    if (template) types[type] = { ...existing, template, source: 'config' };
  }
  const documentTypes = reader.map(obj, 'document_types', p) ?? {};
  for (const [rawType, entry] of Object.entries(documentTypes)) {
    const ep = [...p, 'document_types', rawType];
    const type = configTypeKey(reader, rawType, ep, true);
    if (!isPlainObject(entry)) {
      reader.warn('CONFIG_VALUE_IGNORED', ep, `Document type ${rawType} must be a mapping with a \`directory\`; ignored.`);
      continue;
    }
    reader.unknownKeys(entry, DOCUMENT_TYPE_KEYS, ep);
    const dir = typeDirectory(reader, docsRoot, entry.directory, [...ep, 'directory']);
    if (!dir) {
      reader.warn(
        'CONFIG_VALUE_IGNORED',
        ep,
        `Document type ${rawType} has no usable \`directory\`; ignored.`,
        `Add \`directory: <folder under ${docsRoot}>\`.`,
      );
      continue;
    }
    const template = typeof entry.template === 'string' ? reader.safePath(entry.template, [...ep, 'template']) : undefined;
    const description = typeof entry.description === 'string' ? entry.description : types[type]?.description;
    types[type] = { type, directory: dir, ...(template ? { template } : {}), ...(description ? { description } : {}), source: 'config' };
  }
}

export function sortTypes(types: Record<string, DocumentTypeConfig>): Record<string, DocumentTypeConfig> {
  return Object.fromEntries(
    Object.keys(types)
      .sort()
      .map((k) => [k, types[k]!]),
  );
}
