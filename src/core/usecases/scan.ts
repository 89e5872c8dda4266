import { checkpoint } from '../interrupt.js';
import path from 'node:path';
import { unsafeRoot } from '../config/fallback.js';
import { loadConfig, parseConfig } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { todayIso } from '../dates.js';
import { ignoreFilesOf, listMarkdown } from '../engine/documents/walk.js';
import { claimedIds } from '../ids/claim.js';
import type { Advice, Issue } from '../issues.js';
import { configSha256, schemaFacts } from '../scan/config-facts.js';
import { adrImportAdvice } from '../scan/adr-dir.js';
import { nonDocumentLinks } from '../scan/non-documents.js';
import { predictRemaining, type RemainingFindings } from '../scan/predict.js';
import { planAdoption } from '../scan/plan.js';
import { writePlan } from '../scan/plan-file.js';
import { folderType, surveyFile, type SurveyedFile } from '../scan/read.js';
import {
  NAMESPACE_ROOT,
  PLAN_KIND,
  PLAN_VERSION,
  SKIPPED_DIRS,
  type DirectorySummary,
  type NamespaceSuggestion,
  type ScannedFile,
  type TypeSuggestion,
} from '../scan/types.js';
import type { ItemSink } from '../stream.js';
import { DocketError } from '../../errors/docket-error.js';
import { PROTOCOL_ASSETS } from '../protocol/assets.js';
import type { ScanData } from '../../contract/data/scan.js';
export type { ScanData };

export interface ScanOptions {
  plan?: string;
  /** Survey even the file-system root or a home directory. */
  force?: boolean;
  /** The user's home directory as the environment says (HOME). */
  home?: string;
  env: NodeJS.ProcessEnv;
  now: Date;
  signal?: AbortSignal;
  cmd(command: string): string;
  sink?: ItemSink;
  /** false: files `.gitignore` ignores are walked too (--no-ignore). */
  ignoreFiles?: boolean;
  /** Progress for a person at a terminal (ignored when `sink` is set: a stream reports its own). */
  progress?(phase: string, done: number, total: number): void;
}

export interface ScanResult {
  data: ScanData;
  warnings: Issue[];
  advice: Advice[];
  partial: boolean;
}

/** Files surveyed between two progress records of a stream. */
const PROGRESS_EVERY = 32;

async function configOrDefaults(root: string): Promise<{ config: RepoConfig; found: boolean; warnings: Issue[] }> {
  try {
    const loaded = await loadConfig(root);
    return { config: loaded.config, found: true, warnings: loaded.warnings };
  } catch (error) {
    if (!(error instanceof DocketError) || error.code !== 'CONFIG_NOT_FOUND') throw error;
    return { config: parseConfig(root, '').config, found: false, warnings: [] };
  }
}

/**
 * Hidden directories (.git, .github, .docket, ...) and build or dependency folders are not
 * surveyed, nor docket's own templates (the templates directory and configured templates),
 * nor the agent-instruction files `protocol sync` manages (AGENTS.md: init writes it).
 */
function surveyed(config: RepoConfig): (rel: string) => boolean {
  const templates = new Set([
    ...config.namespaces.flatMap((ns) => Object.values(ns.document_types).flatMap((t) => (t.template ? [t.template] : []))),
    ...PROTOCOL_ASSETS.map((a) => a.path),
  ]);
  const dirs = config.namespaces.map((ns) => `${ns.templates_dir}/`);
  return (rel) =>
    !rel
      .split('/')
      .slice(0, -1)
      .some((d) => d.startsWith('.') || SKIPPED_DIRS.has(d)) &&
    !templates.has(rel) &&
    !dirs.some((d) => rel.startsWith(d));
}

function prefixFor(name: string): string {
  const letters = name.toUpperCase().replace(/[^A-Z]/g, '');
  return (letters.length >= 3 ? letters : `${letters}DOC`).slice(0, 10);
}

/**
 * The suggested namespaces, and the docs tree governed now when there are any: a config that
 * lists namespaces governs only theirs, so adding the suggestions alone would drop it.
 */
function withMainTree(config: RepoConfig, found: Map<string, NamespaceSuggestion>): NamespaceSuggestion[] {
  const out = [...found.values()];
  const main = config.namespaces.length === 1 ? config.namespaces[0]! : undefined;
  if (out.length > 0 && main && !found.has(main.docs_root))
    out.push({ name: main.name, docs_root: main.docs_root, repo_prefix: main.repo_prefix });
  return out.sort((a, b) => (a.docs_root < b.docs_root ? -1 : 1));
}

function toItem(f: SurveyedFile): ScannedFile {
  return {
    path: f.rel,
    governed: f.governed,
    frontmatter: f.state,
    document_id: f.document_id ?? null,
    suggested_type: f.suggestedType ?? null,
  };
}

/**
 * `docket scan`: a read-only survey of Markdown files for adopting docket (works without a
 * config: then it assumes the defaults `init` writes), and a plan of actions to adopt the
 * files it can: move into the type directory, rename to the convention, add frontmatter.
 */
export async function runScan(root: string, opts: ScanOptions): Promise<ScanResult> {
  // scan needs no config, so nothing else stops it from walking the whole disk (a root of `/`).
  const unsafe = opts.force ? undefined : unsafeRoot(root, opts.home);
  if (unsafe) {
    throw new DocketError('ROOT_REFUSED', `scan does not survey ${root}: ${unsafe.why}.`, {
      suggestion: "Pass the repository's directory as --root, or add --force to survey this directory anyway.",
      details: { root, reason: unsafe.reason },
    });
  }
  const { config, found, warnings } = await configOrDefaults(root);
  const sink = opts.sink;
  if (opts.ignoreFiles === false) config.ignoreFiles = false;
  const listing = await listMarkdown(root, '.', opts.signal, ignoreFilesOf(config));
  warnings.push(...listing.unreadable);
  const paths = listing.markdown.filter(surveyed(config));
  const dirs = new Map<string, DirectorySummary>();
  const files: ScannedFile[] = [];
  const candidates: SurveyedFile[] = [];
  const ids: string[] = [];
  const claimed = await claimedIds(root);
  const namespaces = new Map<string, NamespaceSuggestion>();
  const counts = { governed: 0, without: 0, invalid: 0 };
  let partial = listing.unreadable.length > 0;
  for (let i = 0; i < paths.length; i++) {
    // One file at a time: reads are synchronous, so the checkpoint is what lets a signal in.
    const wait = checkpoint(i, opts.signal, 'Interrupted while surveying files.');
    if (wait) await wait;
    const f = await surveyFile(config, paths[i]!);
    const dir = path.posix.dirname(f.rel);
    const d = dirs.get(dir) ?? { path: dir, markdown_files: 0, without_frontmatter: 0, governed: 0 };
    d.markdown_files++;
    if (f.state === 'missing') d.without_frontmatter++;
    if (f.governed) d.governed++;
    dirs.set(dir, d);
    if (f.governed) counts.governed++;
    if (f.state === 'missing') counts.without++;
    if (f.state === 'invalid') counts.invalid++;
    if (f.state === 'unreadable') {
      partial = true;
      if (f.problem)
        warnings.push({
          code: 'FILE_UNREADABLE',
          severity: 'warning',
          message: f.problem.message,
          path: f.rel,
          ...(f.problem.suggestion ? { suggestion: f.problem.suggestion } : {}),
        });
    }
    if (f.document_id) ids.push(f.document_id);
    // Every governed file that can be read is a candidate: the planner decides what each needs.
    if (f.governed && f.state !== 'unreadable') candidates.push({ ...f, links: f.links.length > 0 ? [f.links[0]!] : [] });
    const ns = NAMESPACE_ROOT.exec(f.rel.split('/').slice(0, 3).join('/'));
    if (ns && !config.namespaces.some((n) => n.docs_root === ns[0]) && !namespaces.has(ns[0]))
      namespaces.set(ns[0], { name: ns[2]!, docs_root: ns[0], repo_prefix: prefixFor(ns[2]!) });
    const item = toItem(f);
    if (sink) await sink.item('file', item);
    else files.push(item);
    if (paths.length > 1000 && ((i + 1) % PROGRESS_EVERY === 0 || i + 1 === paths.length))
      await (sink ?? opts).progress?.('read', i + 1, paths.length);
  }
  const sha = found ? await configSha256(root) : undefined;
  const facts = await schemaFacts(config);
  const links = await nonDocumentLinks(config, listing.symlinks.filter(surveyed(config)));
  const plan = await planAdoption(candidates, {
    config,
    ids,
    claimed,
    links,
    required: facts.required,
    statuses: facts.statuses,
    today: todayIso(opts.now, opts.env),
    env: opts.env,
    ...(sha ? { configSha256: sha } : {}),
  });
  if (sink) for (const a of plan.actions) await sink.item('action', a);
  let planPath: string | null = null;
  let remaining: RemainingFindings | undefined;
  if (opts.plan !== undefined) {
    const written = { kind: PLAN_KIND, plan_version: PLAN_VERSION, config: found ? 'found' : 'defaults', actions: plan.actions } as const;
    planPath = await writePlan(root, opts.plan, written);
    // Only with a config: without one `check` does not run at all (init first).
    if (found)
      remaining = await predictRemaining(config, written, { claimed: new Set(claimed), ...(opts.signal ? { signal: opts.signal } : {}) });
  }
  const suggestedTypes: TypeSuggestion[] = [];
  for (const dir of [...dirs.keys()].sort()) {
    const ns =
      config.namespaces.find((n) => n.docs_root === '.' || dir === n.docs_root || dir.startsWith(`${n.docs_root}/`)) ??
      config.namespaces[0]!;
    const type = folderType(path.posix.basename(dir), ns);
    const t = type ? ns.document_types[type] : undefined;
    if (!type || !t) continue;
    const target = t.directory === '.' ? ns.docs_root : ns.docs_root === '.' ? t.directory : `${ns.docs_root}/${t.directory}`;
    if (target !== dir) suggestedTypes.push({ directory: dir, type, target_directory: target });
  }
  const advice: Advice[] = [];
  const adr = found ? undefined : await adrImportAdvice(root, listing.markdown);
  if (!found)
    advice.push({
      code: 'NEXT_INIT',
      message: adr
        ? `No docops.config.yaml: the survey assumed the defaults \`init\` writes. ${adr.why}`
        : 'No docops.config.yaml: the survey assumed the defaults `init` writes. Initialise the repository first.',
      command: opts.cmd(adr ? `init ${adr.flags}` : 'init'),
    });
  if (plan.actions.length > 0) {
    advice.push(
      planPath
        ? {
            code: 'NEXT_SCAN_APPLY',
            message: `Preview the ${plan.actions.length} planned action${plan.actions.length === 1 ? '' : 's'} (nothing is written without --apply).`,
            command: opts.cmd(`fix --plan ${planPath}`),
          }
        : {
            code: 'NEXT_SCAN_APPLY',
            message: 'Write the plan to a file, then preview and apply it with `docket fix --plan`.',
            command: opts.cmd('scan --plan .docket/scan-plan.json'),
          },
    );
  }
  if (found) advice.push({ code: 'NEXT_CHECK', message: 'Check the governed documents against the rules.', command: opts.cmd('check') });
  return {
    data: {
      config: found ? 'found' : 'defaults',
      markdown_files: paths.length,
      governed: counts.governed,
      without_frontmatter: counts.without,
      invalid_frontmatter: counts.invalid,
      directories: [...dirs.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
      suggested_types: suggestedTypes,
      suggested_namespaces: withMainTree(config, namespaces),
      files,
      actions: sink ? [] : plan.actions,
      plan: {
        path: planPath,
        written: planPath !== null,
        actions: plan.actions.length,
        unplanned: plan.unplanned,
        kept: plan.kept,
        undecided: plan.undecided,
        ungoverned: plan.ungoverned,
        stated: plan.stated,
        ...(remaining ? { remaining } : {}),
      },
    },
    warnings,
    advice,
    partial,
  };
}
