import { mainNamespace, parseConfig } from '../config/load.js';
import { CONFIG_FILE } from '../config/defaults.js';
import type { RepoConfig } from '../config/types.js';
import { validateNamespaces } from '../config/validate.js';
import { appendTopLevelItem, parseForEdit, topLevel } from '../yaml/append-item.js';
import { DocketError } from '../../errors/docket-error.js';

export type OrgNamespaceNeed = 'present' | 'add';

function conflict(message: string, details: Record<string, unknown>): DocketError {
  return new DocketError('VENDOR_CONFLICT', message, {
    suggestion: 'Add an `org` namespace for the org documents to docops.config.yaml by hand, or change the conflicting namespace.',
    details,
  });
}

/** Whether the config already has a namespace for the org documents (with the profile's prefix). */
export function orgNamespaceNeed(config: RepoConfig, dir: string, prefix: string): OrgNamespaceNeed {
  const atDir = config.namespaces.find((ns) => ns.docs_root === dir);
  if (atDir) {
    if (atDir.repo_prefix !== prefix)
      throw conflict(`Namespace "${atDir.name}" at ${dir} uses prefix ${atDir.repo_prefix}, but the org documents use ${prefix}.`, {
        namespace: atDir.name,
        prefix: atDir.repo_prefix,
        expected_prefix: prefix,
      });
    return 'present';
  }
  const samePrefix = config.namespaces.find((ns) => ns.repo_prefix === prefix);
  if (samePrefix)
    throw conflict(`Namespace "${samePrefix.name}" already uses prefix ${prefix} for ${samePrefix.docs_root}.`, {
      namespace: samePrefix.name,
      prefix,
    });
  return 'add';
}

function nsYaml(fields: [string, string][], indent: number, gov: boolean): string {
  const pad = ' '.repeat(indent);
  const q = (s: string) => JSON.stringify(s);
  const lines = fields.map(([k, v], i) => `${pad}${i === 0 ? '- ' : '  '}${k}: ${q(v)}`);
  if (gov)
    lines.push(
      `${pad}  document_types:`,
      `${pad}    GOV:`,
      `${pad}      directory: "."`,
      `${pad}      description: "Organisation governance document"`,
    );
  return lines.join('\n');
}

/**
 * Adds the org namespace to docops.config.yaml as text (comments and formatting kept). A
 * single-namespace config gains a `namespaces:` list with its current namespace first, so
 * it stays the main one; the result is loaded again to prove it is valid.
 */
export function addOrgNamespace(text: string, config: RepoConfig, dir: string, prefix: string): string {
  const parsed = parseForEdit(text);
  if (!parsed.ok)
    throw new DocketError('CONFIG_INVALID', `${CONFIG_FILE}: ${parsed.message}`, {
      details: { path: CONFIG_FILE, line: parsed.line ?? null },
    });
  const main = mainNamespace(config.namespaces);
  const taken = new Set(config.namespaces.map((ns) => ns.name.toLowerCase()));
  const name = ['org', 'org-profile', 'organisation'].find((n) => !taken.has(n)) ?? `org-${prefix.toLowerCase()}`;
  const edit = (schemaPath?: string): string | undefined => {
    const fields: [string, string][] = [
      ['name', name],
      ['repo_prefix', prefix],
      ['docs_root', dir],
      ...(schemaPath ? [['schema_path', schemaPath] as [string, string]] : []),
    ];
    const org = (indent: number) => nsYaml(fields, indent, true);
    if (topLevel(parsed.value, 'namespaces') !== undefined) return appendTopLevelItem(text, parsed.value, 'namespaces', org);
    const both = (indent: number) =>
      `${nsYaml(
        [
          ['name', main.name],
          ['repo_prefix', main.repo_prefix],
          ['docs_root', main.docs_root],
        ],
        indent,
        false,
      )}\n${org(indent)}`;
    const withComment = `${text}${text === '' || text.endsWith('\n') ? '' : '\n'}# Added by \`docket org vendor\`: the org documents form a namespace of their own.\n`;
    const reparsed = parseForEdit(withComment);
    return reparsed.ok ? appendTopLevelItem(withComment, reparsed.value, 'namespaces', both) : undefined;
  };
  const orgOf = (candidate: string) =>
    parseConfig(config.root, candidate).config.namespaces.find((ns) => ns.docs_root === dir && ns.repo_prefix === prefix);
  let next = edit();
  // Without a schema_path to inherit, the org namespace would look for <its docs root>/00-governance/
  // metadata.schema.json; the profile's schema is vendored to the main namespace's schema_path.
  if (next !== undefined && orgOf(next) && orgOf(next)!.schema_path !== main.schema_path) next = edit(main.schema_path);
  if (next === undefined)
    throw conflict(`docket cannot add the org namespace to ${CONFIG_FILE} without reformatting it.`, { docs_root: dir, prefix });
  const reloaded = parseConfig(config.root, next).config;
  const added = reloaded.namespaces.find((ns) => ns.docs_root === dir && ns.repo_prefix === prefix);
  if (
    !added ||
    added.schema_path !== main.schema_path ||
    validateNamespaces(reloaded).length > validateNamespaces(config).length ||
    mainNamespace(reloaded.namespaces).docs_root !== mainNamespace(config.namespaces).docs_root
  ) {
    throw conflict(`Adding the org namespace would leave ${CONFIG_FILE} inconsistent; add it by hand.`, { docs_root: dir, prefix });
  }
  return next;
}
