import { promises as fs } from 'node:fs';
import path from 'node:path';
import { readAsset } from '../assets.js';
import {
  BUILTIN_TYPE_DESCRIPTIONS,
  BUILTIN_TYPE_DIRECTORIES,
  CONFIG_FILE,
  DEFAULT_DOCOPS_VERSION,
  DEFAULT_DOCS_ROOT,
  PREFIX_PATTERN,
  derivePrefix,
} from '../config/defaults.js';
import { findConfigDirectory, present } from '../config/discover.js';
import { finishConfig, loadConfig, parseConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { writeFileAtomic } from '../fs/atomic-write.js';
import { shellWord } from '../text/shell-word.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Advice, Issue } from '../issues.js';
import { initProtocolAssets } from './init-protocol.js';
import type { InitData } from '../../contract/data/authoring.js';
export type { InitData };

export interface InitResult {
  data: InitData;
  warnings: Issue[];
  advice: Advice[];
}

const TEMPLATE_TYPES = ['ADR', 'FDD', 'PRD'] as const;
const GITIGNORE_ENTRY = '.docket/';

function validatePrefix(input: string): string {
  const prefix = input.trim().toUpperCase();
  if (!PREFIX_PATTERN.test(prefix)) {
    throw new DocketError('INVALID_PREFIX', `"${input}" is not a valid prefix: use 3 to 10 letters A-Z.`, {
      suggestion: `Pass --prefix with 3 to 10 letters, e.g. --prefix ${derivePrefix(input).slice(0, 10)}.`,
      details: { prefix: input, pattern: PREFIX_PATTERN.source },
    });
  }
  return prefix;
}

function validateProjectName(input: string): string {
  const name = input.trim();
  if (name === '' || name.length > 200 || /[\u0000-\u001f\u007f]/.test(name)) {
    throw new DocketError('INVALID_FLAG_VALUE', 'The project name must be 1 to 200 characters on one line.', {
      suggestion: 'Pass a short name, e.g. --project-name "Acme Platform".',
    });
  }
  return name;
}

/** A repository-relative directory given on the command line, checked (POSIX, inside the root). */
function validateDirectory(flag: string, input: string): string {
  const dir = path.posix.normalize(input.trim().replace(/\\/g, '/').replace(/\/+$/, ''));
  if (
    dir === '' ||
    dir === '.' ||
    dir === '..' ||
    dir.startsWith('../') ||
    path.posix.isAbsolute(dir) ||
    /[\u0000-\u001f\u007f]/.test(dir)
  ) {
    throw new DocketError('INVALID_FLAG_VALUE', `${flag} "${input}" is not a directory inside the repository.`, {
      suggestion: `Pass a relative directory, e.g. ${flag} doc.`,
    });
  }
  return dir;
}

/** The ADR type's directory relative to the docs root, from --adr-dir (an existing log kept where it is). */
function adrDirectory(docsRoot: string, adrDir: string | undefined): string {
  if (adrDir === undefined) return BUILTIN_TYPE_DIRECTORIES.ADR!;
  if (adrDir === docsRoot) return '.';
  if (!adrDir.startsWith(`${docsRoot}/`)) {
    throw new DocketError('INVALID_FLAG_VALUE', `--adr-dir ${adrDir} is not inside the docs root ${docsRoot}.`, {
      suggestion: `Pass --docs-root ${adrDir.split('/')[0]} too, or an --adr-dir under ${docsRoot}/.`,
    });
  }
  return adrDir.slice(docsRoot.length + 1);
}

function configText(projectName: string, prefix: string, docsRoot: string, adrDir: string): string {
  const q = (s: string) => JSON.stringify(s); // a JSON string is a valid YAML double-quoted scalar
  const p = (s: string) => (/^[\w./-]+$/.test(s) ? s : q(s)); // paths stay plain where YAML reads them as written
  const dirOf = (t: string) => (t === 'ADR' ? adrDir : BUILTIN_TYPE_DIRECTORIES[t]!);
  const types = TEMPLATE_TYPES.map(
    (t) =>
      `  ${t}:\n    directory: ${p(dirOf(t))}\n    template: ${p(`${docsRoot}/00-governance/templates/${t.toLowerCase()}.template.md`)}\n    description: ${q(BUILTIN_TYPE_DESCRIPTIONS[t]!)}\n`,
  ).join('');
  return `# docket configuration (compatible with DocOps docops.config.yaml).
# Built-in types (GOV, PLAN, PRD, SPEC, DESIGN, DECISION, ADR, FDD, TEST, LOG, RUNBOOK, DEVEX)
# are always available; entries under document_types override or add to them.
docops_version: ${q(DEFAULT_DOCOPS_VERSION)}
project_name: ${q(projectName)}
repo_prefix: ${prefix}
docs_root: ${p(docsRoot)}
schema_path: ${p(`${docsRoot}/00-governance/metadata.schema.json`)}
index_path: ${p(`${docsRoot}/01-indices/docket.index.json`)}
excluded_filename_prefixes:
  - WIP-
excluded_paths: []
excluded_files: []
document_types:
${types}`;
}

/**
 * The directory above `root` whose docops.config.yaml governs it, if any: none when `root` is
 * itself a git work tree's top (a repository of its own) or holds a config (init is idempotent).
 */
function enclosingConfigDirectory(root: string): string | undefined {
  if (present(path.join(root, '.git')) || present(path.join(root, CONFIG_FILE))) return undefined;
  const parent = path.dirname(root);
  return parent === root ? undefined : findConfigDirectory(parent);
}

/** Whether a file (or link) is at the path: what a dry run reports as skipped instead of created. */
const occupied = (file: string) =>
  fs.lstat(file).then(
    () => true,
    () => false,
  );

/** Scaffolds a governed docs repository. Idempotent: existing files are never overwritten. */
export async function initRepository(
  root: string,
  opts: {
    prefix?: string;
    projectName?: string;
    docsRoot?: string;
    adrDir?: string;
    force?: boolean;
    dryRun?: boolean;
    /** false (--no-protocol): no agent-instruction files (AGENTS.md, the skill, its script). */
    protocol?: boolean;
    cmd: (c: string) => string;
  },
): Promise<InitResult> {
  const enclosing = opts.force ? undefined : enclosingConfigDirectory(root);
  if (enclosing !== undefined) {
    throw new DocketError(
      'INSIDE_GOVERNED_REPOSITORY',
      `${root} is inside the repository at ${enclosing}, which ${CONFIG_FILE} there already governs.`,
      {
        suggestion: `Run docket from here without init: it uses ${path.join(enclosing, CONFIG_FILE)}. Pass --force to scaffold a nested repository anyway.`,
        details: { config: path.join(enclosing, CONFIG_FILE) },
      },
    );
  }
  const created: string[] = [];
  const updated: string[] = [];
  const skipped: string[] = [];
  const warnings: Issue[] = [];
  const dryRun = opts.dryRun === true;
  const create = async (rel: string, content: string) => {
    if (dryRun) {
      ((await occupied(path.join(root, rel))) ? skipped : created).push(rel);
      return;
    }
    try {
      await writeFileAtomic(root, path.join(root, rel), content);
      created.push(rel);
    } catch (error) {
      if (error instanceof DocketError && error.code === 'FILE_EXISTS') skipped.push(rel);
      else throw error;
    }
  };

  const projectName = validateProjectName(opts.projectName ?? path.basename(root));
  const prefix = opts.prefix !== undefined ? validatePrefix(opts.prefix) : derivePrefix(projectName);
  const docsRoot = opts.docsRoot !== undefined ? validateDirectory('--docs-root', opts.docsRoot) : DEFAULT_DOCS_ROOT;
  const adrDir = adrDirectory(docsRoot, opts.adrDir !== undefined ? validateDirectory('--adr-dir', opts.adrDir) : undefined);
  const fresh = !(await fs.stat(path.join(root, CONFIG_FILE)).then(
    () => true,
    () => false,
  ));
  if (fresh) await create(CONFIG_FILE, configText(projectName, prefix, docsRoot, adrDir));
  else skipped.push(CONFIG_FILE);

  // A dry run reads the config it would write.
  const { config, warnings: configWarnings } =
    dryRun && fresh ? finishConfig(parseConfig(root, configText(projectName, prefix, docsRoot, adrDir))) : await loadConfig(root);
  warnings.push(...configWarnings);
  if (!fresh && (opts.prefix !== undefined || opts.projectName !== undefined || opts.docsRoot !== undefined || opts.adrDir !== undefined)) {
    warnings.push({
      code: 'CONFIG_KEPT',
      severity: 'warning',
      message: `${CONFIG_FILE} already exists and was kept; --prefix, --project-name, --docs-root and --adr-dir were not applied.`,
      path: CONFIG_FILE,
      suggestion: `Edit ${CONFIG_FILE} to change the prefix or project name.`,
    });
  }

  const schema = await readAsset('schemas/metadata.schema.json');
  for (const schemaPath of [...new Set(config.namespaces.map((ns) => ns.schema_path))].sort()) await create(schemaPath, schema);
  for (const ns of config.namespaces) {
    for (const type of TEMPLATE_TYPES) {
      const rel = ns.document_types[type]?.template ?? `${ns.templates_dir}/${type.toLowerCase()}.template.md`;
      await create(rel, await readAsset(`assets/templates/${type.toLowerCase()}.template.md`));
    }
  }
  // Only leaf directories that are still empty need a .gitkeep so git records them. A fresh
  // repository gets every built-in type directory and the index directory; an existing one
  // only its configured ones. Whichever exists is skipped like any existing file: its keep
  // file when it has one, else the directory itself (`dir/`).
  const creatable = new Set(directoriesFor(config, fresh));
  const dirs = directoriesFor(config, true);
  const files = [...created, ...skipped]; // a directory holding the schema or templates needs no keep file
  for (const dir of dirs) {
    if (dirs.some((d) => d.startsWith(`${dir}/`)) || files.some((f) => f.startsWith(`${dir}/`))) continue;
    const exists = await fs.stat(path.join(root, dir)).then(
      (s) => s.isDirectory(),
      () => false,
    );
    if (!exists) {
      if (creatable.has(dir)) await create(`${dir}/.gitkeep`, '');
    } else
      skipped.push(
        (await fs.lstat(path.join(root, dir, '.gitkeep')).then(
          () => true,
          () => false,
        ))
          ? `${dir}/.gitkeep`
          : `${dir}/`,
      );
  }
  await ensureGitignore(root, created, updated, skipped, dryRun);
  const protocol = opts.protocol === false ? undefined : await initProtocolAssets(config, { dryRun, cmd: opts.cmd });
  if (protocol) {
    created.push(...protocol.created);
    skipped.push(...protocol.skipped);
    warnings.push(...protocol.warnings);
  }

  const sort = (a: string[]) => [...new Set(a)].sort();
  return {
    data: {
      project_name: config.project_name,
      repo_prefix: config.namespaces[0]!.repo_prefix,
      docs_root: config.namespaces[0]!.docs_root,
      created_paths: sort(created),
      updated_paths: sort(updated),
      skipped_paths: sort(skipped),
      dry_run: dryRun,
    },
    warnings,
    advice: dryRun
      ? [
          {
            code: 'NEXT_APPLY',
            message: 'This was a dry run: run init without --dry-run to write these files.',
            command: opts.cmd(initCommand(opts)),
          },
        ]
      : [
          { code: 'NEXT_NEW', message: 'Create your first decision record.', command: opts.cmd('new ADR "Record architecture decisions"') },
          { code: 'NEXT_DOCTOR', message: 'Confirm the setup is healthy.', command: opts.cmd('doctor') },
          { code: 'NEXT_CHECK', message: 'Check the governed documents.', command: opts.cmd('check') },
          ...(protocol?.advice ?? []),
        ],
  };
}

/** The init command line that writes what a dry run showed. */
function initCommand(opts: {
  prefix?: string;
  projectName?: string;
  docsRoot?: string;
  adrDir?: string;
  force?: boolean;
  protocol?: boolean;
}): string {
  const valued: [string, string | undefined][] = [
    ['--prefix', opts.prefix],
    ['--project-name', opts.projectName],
    ['--docs-root', opts.docsRoot],
    ['--adr-dir', opts.adrDir],
  ];
  return [
    'init',
    ...valued.flatMap(([flag, value]) => (value !== undefined ? [flag, shellWord(value)] : [])),
    ...(opts.force ? ['--force'] : []),
    ...(opts.protocol === false ? ['--no-protocol'] : []),
  ].join(' ');
}

/** Fresh repositories get every built-in type directory; existing ones only their configured ones. */
function directoriesFor(config: RepoConfig, fresh: boolean): string[] {
  const dirs = new Set<string>();
  for (const ns of config.namespaces) {
    dirs.add(ns.docs_root);
    for (const t of Object.values(ns.document_types)) {
      if (fresh || t.source === 'config') dirs.add(t.directory === '.' ? ns.docs_root : `${ns.docs_root}/${t.directory}`);
    }
  }
  if (fresh) dirs.add(path.posix.dirname(config.index_path));
  return [...dirs].sort();
}

async function ensureGitignore(root: string, created: string[], updated: string[], skipped: string[], dryRun: boolean): Promise<void> {
  const file = path.join(root, '.gitignore');
  const current = await fs.readFile(file, 'utf8').catch(() => undefined);
  if (current === undefined) {
    if (dryRun) ((await occupied(file)) ? skipped : created).push('.gitignore');
    else
      await writeFileAtomic(root, file, `# docket cache\n${GITIGNORE_ENTRY}\n`).then(
        () => created.push('.gitignore'),
        () => skipped.push('.gitignore'),
      );
    return;
  }
  const lines = current.split(/\r?\n/).map((l) => l.trim());
  if (lines.some((l) => l === GITIGNORE_ENTRY || l === '.docket' || l === '/.docket/' || l === '/.docket' || l === '.docket/cache/')) {
    skipped.push('.gitignore');
    return;
  }
  const eol = current.includes('\r\n') ? '\r\n' : '\n';
  const sep = current === '' || current.endsWith('\n') ? '' : eol;
  if (!dryRun) await writeFileAtomic(root, file, `${current}${sep}${eol}# docket cache${eol}${GITIGNORE_ENTRY}${eol}`, { overwrite: true });
  updated.push('.gitignore');
}
