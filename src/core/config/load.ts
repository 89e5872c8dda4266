import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import { note } from '../diagnostics.js';
import type { Issue } from '../issues.js';
import {
  CONFIG_FILE,
  DEFAULT_CATALOG_NAME,
  DEFAULT_DOC_STATUSES,
  DEFAULT_DOCOPS_VERSION,
  DEFAULT_DOCS_ROOT,
  DEFAULT_EXCLUDED_PREFIX,
  DEFAULT_IMPL_STATES,
  DEFAULT_NAMESPACE_NAME,
  GENERATED_VIEW_FILES,
  NAMESPACE_KEYS,
  TOP_LEVEL_KEYS,
  derivePrefix,
  indexDirOf,
} from './defaults.js';
import { applyDocumentTypes, builtinDocumentTypes, sortTypes } from './document-types.js';
import { configPrefix } from './keys.js';
import { withIndexFormat } from './index-format.js';
import { readConfigText } from './read-file.js';
import { ConfigReader, isPlainObject, type PlainObject, type YamlPath } from './reader.js';
import type { NamespaceConfig, RepoConfig } from './types.js';
import { YamlSource } from './yaml-source.js';

export interface LoadedConfig {
  config: RepoConfig;
  /** Config findings (unknown keys, refused paths, legacy keys): always warnings. */
  warnings: Issue[];
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** `catalog_name`: a file name (its last segment is used, as the Python DocOps CLI does). */
function catalogName(reader: ConfigReader, data: PlainObject): string {
  const raw = reader.str(data, 'catalog_name', []);
  if (raw === undefined || raw === '') return DEFAULT_CATALOG_NAME;
  const base = path.posix.basename(raw.replace(/\\/g, '/'));
  if (base === '' || base === '.' || base === '..') {
    reader.warn(
      'CONFIG_VALUE_IGNORED',
      ['catalog_name'],
      `\`catalog_name\` (${raw}) names no file; ${DEFAULT_CATALOG_NAME} is used.`,
      'Set catalog_name to a file name such as catalogue.md.',
    );
    return DEFAULT_CATALOG_NAME;
  }
  if (base !== raw)
    reader.warn(
      'CONFIG_VALUE_IGNORED',
      ['catalog_name'],
      `\`catalog_name\` is a file name in each index directory: only ${base} of ${raw} is used.`,
      `Set catalog_name to ${base}.`,
    );
  return base;
}

function buildNamespace(
  reader: ConfigReader,
  top: PlainObject,
  ns: PlainObject,
  p: YamlPath,
  fallbackName: string,
  projectName: string,
  catalog: string,
): NamespaceConfig {
  const own = (key: string) => (ns === top ? undefined : reader.str(ns, key, p));
  const inherited = (key: string) => own(key) ?? reader.str(top, key, []);
  const pathOf = (key: string) => (ns !== top && Object.hasOwn(ns, key) ? [...p, key] : [key]);

  // The implicit namespace is named by the top-level `name`, then `namespace` (reference §4.1).
  const name = (ns === top ? reader.str(top, 'name', []) || reader.str(top, 'namespace', []) : reader.str(ns, 'name', p)) || fallbackName;
  const prefixRaw = inherited('repo_prefix');
  // The value as written (reader.str trims), so that normalising it can be reported.
  const prefixOwner = ns !== top && typeof ns.repo_prefix === 'string' ? ns : top;
  const prefixWritten = typeof prefixOwner.repo_prefix === 'string' ? prefixOwner.repo_prefix : prefixRaw;
  const docsRootRaw = inherited('docs_root');
  const docsRoot = docsRootRaw ? reader.safePath(docsRootRaw, pathOf('docs_root'), DEFAULT_DOCS_ROOT)! : DEFAULT_DOCS_ROOT;
  const defaultSchema = `${docsRoot}/00-governance/metadata.schema.json`;
  const schemaRaw = inherited('schema_path');
  const schemaPath = schemaRaw ? reader.safePath(schemaRaw, pathOf('schema_path'), defaultSchema)! : defaultSchema;

  const listOf = (key: string, asPath: boolean): string[] => {
    const items: { value: string; p: YamlPath }[] = [];
    reader.strList(top, key, []).forEach((value, i) => items.push({ value, p: [key, i] }));
    if (ns !== top) reader.strList(ns, key, p).forEach((value, i) => items.push({ value, p: [...p, key, i] }));
    const values = asPath
      ? items.map((it) => reader.safePath(it.value, it.p)).filter((v): v is string => v !== undefined)
      : items.map((it) => it.value);
    return unique(values);
  };

  const types = builtinDocumentTypes();
  applyDocumentTypes(reader, top, [], docsRoot, types);
  if (ns !== top) applyDocumentTypes(reader, ns, p, docsRoot, types);

  /** A namespace's own list replaces the top-level one; absent or empty: the defaults. */
  const listOrDefault = (key: string, defaults: readonly string[]): string[] => {
    const values = ns !== top && Object.hasOwn(ns, key) ? reader.strList(ns, key, p) : reader.strList(top, key, []);
    return values.length > 0 ? unique(values) : [...defaults];
  };
  const indexDir = indexDirOf(docsRoot);
  const owner = inherited('default_owner');
  return {
    name,
    repo_prefix: prefixWritten === undefined ? derivePrefix(projectName) : configPrefix(reader, prefixWritten, pathOf('repo_prefix')),
    docs_root: docsRoot,
    schema_path: schemaPath,
    docops_version: inherited('docops_version') ?? DEFAULT_DOCOPS_VERSION,
    ...(owner ? { default_owner: owner } : {}),
    excluded_paths: listOf('excluded_paths', true),
    excluded_filename_prefixes: unique([...listOf('excluded_filename_prefixes', false), DEFAULT_EXCLUDED_PREFIX]),
    // The Python DocOps CLI's generated views are never governed documents (reference §4.1 excluded_files).
    excluded_files: unique([...listOf('excluded_files', true), ...[catalog, ...GENERATED_VIEW_FILES].map((f) => `${indexDir}/${f}`)]),
    document_types: sortTypes(types),
    templates_dir: `${docsRoot === '.' ? '' : `${docsRoot}/`}00-governance/templates`,
    valid_doc_statuses: listOrDefault('valid_doc_statuses', DEFAULT_DOC_STATUSES),
    valid_impl_states: listOrDefault('valid_impl_states', DEFAULT_IMPL_STATES),
  };
}

/** The default namespace: the one rooted at `docs`, else the first. */
export function mainNamespace(namespaces: readonly NamespaceConfig[]): NamespaceConfig {
  return namespaces.find((ns) => ns.docs_root === DEFAULT_DOCS_ROOT) ?? namespaces[0]!;
}

/** Parses the text of docops.config.yaml (pure: no I/O beyond path checks). */
export function parseConfig(root: string, text: string): LoadedConfig {
  const source = YamlSource.parse(CONFIG_FILE, text.replace(/^\uFEFF/, ''));
  const data = source.toJS() ?? {};
  if (!isPlainObject(data)) {
    throw new DocketError('CONFIG_INVALID', `${CONFIG_FILE}: the file must be a mapping of keys to values.`, {
      suggestion: `Start ${CONFIG_FILE} with keys such as \`repo_prefix: ACME\`; \`docket init\` writes a complete example.`,
      details: { path: CONFIG_FILE },
    });
  }
  const reader = new ConfigReader(root, source);
  reader.unknownKeys(data, TOP_LEVEL_KEYS, []);
  const projectName = reader.str(data, 'project_name', []) || path.basename(root);
  const catalog = catalogName(reader, data);
  // Read (so their types are checked) even when `namespaces` makes them unused.
  reader.str(data, 'name', []);
  reader.str(data, 'namespace', []);

  const namespaces: NamespaceConfig[] = [];
  const rawNamespaces = data.namespaces;
  if (rawNamespaces !== undefined && rawNamespaces !== null && !Array.isArray(rawNamespaces))
    reader.invalid(['namespaces'], 'a list of namespace mappings');
  (Array.isArray(rawNamespaces) ? rawNamespaces : []).forEach((item, i) => {
    if (!isPlainObject(item)) {
      reader.warn('CONFIG_VALUE_IGNORED', ['namespaces', i], `namespaces[${i}] is not a mapping and was ignored.`);
      return;
    }
    reader.unknownKeys(item, NAMESPACE_KEYS, ['namespaces', i]);
    namespaces.push(buildNamespace(reader, data, item, ['namespaces', i], `ns${i + 1}`, projectName, catalog));
  });
  if (namespaces.length === 0) namespaces.push(buildNamespace(reader, data, data, [], DEFAULT_NAMESPACE_NAME, projectName, catalog));

  const main = mainNamespace(namespaces);
  const defaultIndex = `${indexDirOf(main.docs_root)}/docket.index.json`;
  const indexRaw = reader.str(data, 'index_path', []);
  const owner = reader.str(data, 'default_owner', []);
  const config: RepoConfig = {
    root,
    config_path: CONFIG_FILE,
    project_name: projectName,
    docops_version: reader.str(data, 'docops_version', []) ?? DEFAULT_DOCOPS_VERSION,
    index_path: indexRaw ? reader.safePath(indexRaw, ['index_path'], defaultIndex)! : defaultIndex,
    catalog_name: catalog,
    ...(owner ? { default_owner: owner } : {}),
    namespaces,
    raw: data,
  };
  return { config, warnings: reader.warnings };
}

/**
 * A config that sets nothing (empty, blank or comments only, or `{}`) loads as the defaults:
 * said in every command, since the prefix then comes from the folder's name.
 */
function emptyWarning(config: RepoConfig): Issue {
  const ns = mainNamespace(config.namespaces);
  return {
    code: 'CONFIG_EMPTY',
    severity: 'warning',
    message: `${CONFIG_FILE} sets nothing (it is empty or only comments): the defaults stand in (docs root ${ns.docs_root}, prefix ${ns.repo_prefix} derived from the folder name "${path.basename(config.root)}", the built-in document types).`,
    path: CONFIG_FILE,
    suggestion: `Write the keys \`docket init\` writes (project_name, repo_prefix, docs_root, schema_path, index_path, document_types), at least \`repo_prefix: ${ns.repo_prefix}\`; or delete the file and run \`docket init --prefix ${ns.repo_prefix}\`.`,
  };
}

/** Reads docops.config.yaml under `root` (a realpath). */
export async function loadConfig(root: string): Promise<LoadedConfig> {
  const { text, warnings } = await readConfigText(root);
  const parsed = parseConfig(root, text);
  if (Object.keys(parsed.config.raw).length === 0) warnings.push(emptyWarning(parsed.config));
  return finishConfig({ config: parsed.config, warnings: [...warnings, ...parsed.warnings] });
}

/**
 * What a config read from the repository (or the defaults standing in for it) still needs from
 * the disk: the format of an index artifact already there. Every way of loading ends here.
 */
export function finishConfig(parsed: LoadedConfig): LoadedConfig {
  const loaded = { ...parsed, config: withIndexFormat(parsed.config, indexDirOf(mainNamespace(parsed.config.namespaces).docs_root)) };
  noteConfig(loaded.config);
  return loaded;
}

/** --verbose: which config was read and the namespaces it gave. */
function noteConfig(config: RepoConfig): void {
  note('config', () => `${config.config_path} read; index_path ${config.index_path}`);
  for (const ns of config.namespaces)
    note('config', () => `namespace ${ns.name}: docs_root ${ns.docs_root}, prefix ${ns.repo_prefix}, schema ${ns.schema_path}`);
}
