import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './cli.js';
import { copyFixture, tempDir, writeTree } from './fixtures.js';

export const DEFAULT_CONFIG = 'repo_prefix: ACME\ndocs_root: docs\ndefault_owner: Platform Team\n';

/** The default metadata schema written where docops.config.yaml expects it, unless present. */
export function ensureSchema(root: string, rel = 'docs/00-governance/metadata.schema.json'): void {
  const target = path.join(root, rel);
  if (existsSync(target)) return;
  mkdirSync(path.dirname(target), { recursive: true });
  copyFileSync(path.join(REPO, 'schemas/metadata.schema.json'), target);
}

/**
 * A rule fixture (test/fixtures/<name>) copied to a temp dir; fixtures hold only what the
 * rule needs, so the default config and schema are added when the fixture has none.
 */
export function ruleFixture(name: string, opts: { schema?: boolean } = {}): string {
  const root = copyFixture(name);
  if (!existsSync(path.join(root, 'docops.config.yaml'))) writeTree(root, { 'docops.config.yaml': DEFAULT_CONFIG });
  if (opts.schema !== false) ensureSchema(root);
  return root;
}

export interface DocFields {
  [key: string]: string | undefined;
}

/** A governed document's text: valid frontmatter by default, fields overridable (undefined removes). */
export function doc(fields: DocFields = {}, body = '# Title\n\nText.\n'): string {
  const base: DocFields = {
    document_id: 'ACME-ADR-001',
    type: 'ADR',
    title: 'Title',
    status: 'Draft',
    version: '"0.1"',
    last_updated: '"2026-01-31"',
    owner: 'Platform Team',
    docops_version: '"2.0"',
  };
  const merged = { ...base, ...fields };
  const lines = Object.entries(merged)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join('\n')}\n---\n${body}`;
}

/** A fresh repository with the default config and schema, plus `files`. */
export function repo(files: Record<string, string | Buffer> = {}): string {
  const root = tempDir();
  writeTree(root, { 'docops.config.yaml': DEFAULT_CONFIG, ...files });
  ensureSchema(root);
  return root;
}
