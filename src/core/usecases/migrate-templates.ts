import { promises as fs } from 'node:fs';
import path from 'node:path';
import { CONFIG_FILE } from '../config/defaults.js';
import { loadConfig, mainNamespace, parseConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { unifiedDiff, renameDiff } from '../fix/diff.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { writeFileSet, type SetFile } from '../fs/file-set.js';
import { assertWritable } from '../fs/paths.js';
import type { Advice, Issue } from '../issues.js';
import { replacePlaceholders } from '../migrate/placeholders.js';
import { migrateConfig, templatePath, type ConfigLevel } from '../migrate/template-config.js';
import { decodeText, readBytesOf } from '../move/plan.js';
import { DocketError } from '../../errors/docket-error.js';

import type { TemplateChange, MigrateTemplatesData } from '../../contract/data/migrate.js';
export type { MigrateTemplatesData };

export interface MigrateTemplatesOptions {
  apply: boolean;
  backup: boolean;
  typeDirs: boolean;
  templates: boolean;
  placeholders: boolean;
  renameFiles: boolean;
  now: Date;
  cmd(command: string): string;
}

interface FileEdit {
  rel: string;
  to?: string;
  old: Buffer;
  before: string;
  after: string;
  bom: boolean;
}

/** `template-NNN-<type>.md`, the Python DocOps CLI's legacy template names. */
const LEGACY_NAME = /^template-\d{3}-([a-z0-9][a-z0-9-]*)\.md$/i;

function skip(message: string, rel: string): Issue {
  return {
    code: 'MIGRATE_SKIPPED',
    severity: 'warning',
    message,
    path: rel,
    suggestion: 'Make this change by hand, or remove what blocks it and run migrate-templates again.',
  };
}

/** The regular Markdown files of a templates directory (symbolic links are never followed). */
async function templateFiles(root: string, dir: string): Promise<string[]> {
  const entries = await fs.readdir(path.join(root, dir), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.toLowerCase().endsWith('.md'))
    .map((e) => `${dir}/${e.name}`)
    .sort();
}

/** New names for legacy template files: `<type>.template.md`, else `<type>.template.<i>.md`. */
function planRenames(files: readonly string[], warnings: Issue[]): Map<string, string> {
  const taken = new Set(files.map((f) => f.toLowerCase()));
  const renamed = new Map<string, string>();
  for (const rel of files) {
    const m = LEGACY_NAME.exec(path.posix.basename(rel));
    if (!m) continue;
    const dir = path.posix.dirname(rel);
    const type = m[1]!.toLowerCase();
    const candidates = [`${type}.template.md`, ...Array.from({ length: 99 }, (_, i) => `${type}.template.${i + 1}.md`)];
    const name = candidates.find((c) => !taken.has(`${dir}/${c}`.toLowerCase()));
    if (!name) {
      warnings.push(skip(`${rel} keeps its name: ${type}.template.md and its 99 numbered variants are taken.`, rel));
      continue;
    }
    taken.add(`${dir}/${name}`.toLowerCase());
    renamed.set(rel, `${dir}/${name}`);
  }
  return renamed;
}

/** The effective directory and template of every type in every namespace (to prove the migrated config reads the same). */
function effective(config: RepoConfig, renamed: ReadonlyMap<string, string>, mapTemplate: boolean): string {
  return JSON.stringify(
    config.namespaces.map((ns) =>
      Object.values(ns.document_types).map((t) => [
        t.type,
        t.directory,
        t.template === undefined ? null : mapTemplate ? templatePath(t.template, ns.templates_dir, renamed) : t.template,
      ]),
    ),
  );
}

async function backupFiles(root: string, now: Date, edits: readonly { rel: string; old: Buffer }[]): Promise<string> {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  for (const dir of ['.docket', '.docket/migrations']) {
    const stat = await fs.lstat(path.join(root, dir)).catch(() => undefined);
    if (stat?.isSymbolicLink())
      throw new DocketError('SYMLINK_REFUSED', `Refusing to write the backup through ${dir}: it is a symbolic link.`, {
        details: { path: dir },
      });
  }
  await fs.mkdir(path.join(root, '.docket/migrations'), { recursive: true });
  await fs.writeFile(path.join(root, '.docket/.gitignore'), '*\n', { flag: 'wx' }).catch(() => undefined);
  let rel = `.docket/migrations/backup-${stamp}`;
  for (let i = 2; ; i++) {
    assertWritable(root, path.join(root, rel));
    const made = await fs.mkdir(path.join(root, rel)).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
        return false;
      },
    );
    if (made) break;
    rel = `.docket/migrations/backup-${stamp}-${i}`;
  }
  for (const e of edits) {
    const target = path.join(root, rel, e.rel);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomic(root, target, e.old);
  }
  return rel;
}

/**
 * `docket migrate-templates`: the legacy `type_directories` and `templates` config keys into
 * `document_types`, legacy template names (`template-NNN-<type>.md`) to `<type>.template.md`
 * and legacy placeholders to `{{variable}}`. A dry run unless `apply`; then the files changed
 * are first copied to `.docket/migrations/backup-<UTC time>/` (unless `backup` is off) and all
 * written as one set.
 */
export async function runMigrateTemplates(
  root: string,
  opts: MigrateTemplatesOptions,
): Promise<{ data: MigrateTemplatesData; warnings: Issue[]; advice: Advice[] }> {
  const loaded = await loadConfig(root);
  const config = loaded.config;
  const warnings: Issue[] = [];
  const main = mainNamespace(config.namespaces);
  const dirs = [...new Set(config.namespaces.map((ns) => ns.templates_dir))].sort();
  const found = (await Promise.all(dirs.map((d) => templateFiles(config.root, d)))).flat();
  const renamed = opts.renameFiles ? planRenames(found, warnings) : new Map<string, string>();
  const changes: TemplateChange[] = [...renamed].map(([from, to]) => ({ type: 'file' as const, action: 'rename' as const, from, to }));
  const edits = new Map<string, FileEdit>();
  // The config: levels in file order (top, then each namespace).
  const configBytes = await readBytesOf(path.join(config.root, CONFIG_FILE));
  const configText = configBytes && decodeText(configBytes);
  const levels: ConfigLevel[] = [{ path: [], templatesDir: main.templates_dir }];
  if (Array.isArray(config.raw.namespaces))
    config.namespaces.forEach((ns, i) => levels.push({ path: ['namespaces', i], templatesDir: ns.templates_dir }));
  const migrated = configText
    ? migrateConfig(configText.text, levels, renamed, { typeDirs: opts.typeDirs, templates: opts.templates })
    : { text: '', changes: [], found: 0, migrated: 0, warnings: [] };
  warnings.push(...migrated.warnings);
  if (configBytes && configText && migrated.text !== configText.text) {
    const same = effective(config, renamed, true) === effective(parseConfig(config.root, migrated.text).config, renamed, false);
    if (same) {
      edits.set(CONFIG_FILE, { rel: CONFIG_FILE, old: configBytes, before: configText.text, after: migrated.text, bom: configText.bom });
      changes.push(...migrated.changes);
    } else {
      warnings.push(
        skip(
          `${CONFIG_FILE} was left as written: migrated, it would give some document type another directory or template.${renamed.size > 0 ? ' The template files keep their names too, so that it still finds them.' : ''}`,
          CONFIG_FILE,
        ),
      );
      renamed.clear();
      changes.length = 0;
    }
  }
  // Templates: every one in the templates directories, and those the config names elsewhere.
  const named = config.namespaces.flatMap((ns) => Object.values(ns.document_types).flatMap((t) => (t.template ? [t.template] : [])));
  let replacements = 0;
  for (const rel of [...new Set([...found, ...named])].sort()) {
    const bytes = await readBytesOf(path.join(config.root, rel));
    const decoded = bytes && decodeText(bytes);
    if (!bytes || !decoded) continue;
    const to = renamed.get(rel);
    const result = opts.placeholders ? replacePlaceholders(decoded.text) : { text: decoded.text, replacements: [], leftovers: [] };
    for (const r of result.replacements)
      changes.push({ type: 'file', action: 'replace', file: to ?? rel, from: r.from, to: r.to, count: r.count });
    replacements += result.replacements.reduce((n, r) => n + r.count, 0);
    if (result.leftovers.length > 0)
      warnings.push(
        skip(`Unsupported legacy placeholders in ${to ?? rel}: ${result.leftovers.join(', ')}; they were left as written.`, to ?? rel),
      );
    if (to !== undefined || result.text !== decoded.text)
      edits.set(rel, { rel, ...(to !== undefined ? { to } : {}), old: bytes, before: decoded.text, after: result.text, bom: decoded.bom });
  }
  const ordered = [...edits.values()].sort((a, b) => (a.rel < b.rel ? -1 : 1));
  let backup: string | null = null;
  if (opts.apply && ordered.length > 0) {
    if (opts.backup) backup = await backupFiles(config.root, opts.now, ordered);
    const set: SetFile[] = ordered.map((e) => ({
      rel: e.rel,
      old: e.old,
      bytes: Buffer.from(`${e.bom ? '\uFEFF' : ''}${e.after}`, 'utf8'),
      ...(e.to !== undefined ? { to: e.to } : {}),
    }));
    await writeFileSet(config.root, set);
  }
  const advice: Advice[] = [];
  if (!opts.apply && ordered.length > 0)
    advice.push({
      code: 'NEXT_APPLY',
      message: `Write these changes to ${ordered.length} file${ordered.length === 1 ? '' : 's'}${opts.backup ? ' (after a backup)' : ''}.`,
      command: opts.cmd('migrate-templates --apply'),
    });
  if (opts.apply && ordered.length > 0)
    advice.push({ code: 'NEXT_DOCTOR', message: 'Check the migrated config and templates.', command: opts.cmd('doctor') });
  return {
    data: {
      dry_run: !opts.apply,
      config_file: CONFIG_FILE,
      templates_dir: main.templates_dir,
      backup_path: backup,
      summary: {
        config_entries_found: migrated.found,
        config_entries_migrated: edits.has(CONFIG_FILE) ? migrated.migrated : 0,
        template_files_found: found.length,
        template_files_renamed: renamed.size,
        placeholder_replacements: replacements,
      },
      changes,
      files: ordered.map((e) => ({
        path: e.rel,
        ...(e.to !== undefined ? { to: e.to } : {}),
        diff: e.to !== undefined && e.before === e.after ? renameDiff(e.rel, e.to) : unifiedDiff(e.before, e.after, e.rel, e.to ?? e.rel),
      })),
    },
    warnings: [...loaded.warnings.filter((w) => w.code !== 'CONFIG_DEPRECATED_KEY'), ...warnings],
    advice,
  };
}
