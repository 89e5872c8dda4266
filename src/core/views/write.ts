import path from 'node:path';
import { mainNamespace } from '../config/load.js';
import type { RepoConfig } from '../config/types.js';
import { ChangedFile } from '../fs/changed-file.js';
import type { IndexNode } from '../index/graph.js';
import { stateFilePath } from '../state/file.js';
import { DocketError } from '../../errors/docket-error.js';
import { filterOf } from '../state/index-view.js';
import { stateViews } from '../state/nodes.js';
import { renderCatalog } from './catalog.js';
import { KANBAN_CSS_FILE, KANBAN_FILE, renderKanban } from './kanban.js';
import { viewDocuments, type ViewModel } from './model.js';
import type { ViewFile } from '../../contract/data/document-index.js';
export type { ViewFile };

/** `index --output-catalog` / `--output-kanban`: which views to write. */
export interface ViewRequest {
  /** The catalogue's file name (catalog_name, or --catalog-name); undefined: no catalogue. */
  catalog?: string;
  kanban: boolean;
}

/**
 * What `index --output-catalog` / `--output-kanban` ask for; undefined when neither. A
 * --catalog-name must be a Markdown file name (a view elsewhere would be governed) other than
 * the board's.
 */
export function viewRequest(
  config: RepoConfig,
  flags: { catalog: boolean; catalogName?: string; kanban: boolean },
): ViewRequest | undefined {
  if (!flags.catalog && !flags.kanban) return undefined;
  const name = flags.catalogName?.trim();
  if (name !== undefined && (!/^[^/\\\0]+\.md$/i.test(name) || name.startsWith('.') || name.toLowerCase() === KANBAN_FILE)) {
    throw new DocketError(
      'INVALID_FLAG_VALUE',
      `--catalog-name "${name.slice(0, 80)}" is not a Markdown file name of its own (such as catalogue.md).`,
      {
        suggestion: 'Give a file name ending in .md, without a directory, other than kanban.md.',
        details: { flag: '--catalog-name', value: name.slice(0, 80) },
      },
    );
  }
  return { ...(flags.catalog ? { catalog: name ?? config.catalog_name } : {}), kanban: flags.kanban };
}

/** The files a request names, in `dir` (repository-relative), none written yet. */
export function requestedViews(dir: string, request: ViewRequest): ViewFile[] {
  const at = (name: string) => path.posix.join(dir, name);
  return [
    ...(request.catalog !== undefined ? [{ view: 'catalog' as const, path: at(request.catalog), written: false }] : []),
    ...(request.kanban
      ? [
          { view: 'kanban' as const, path: at(KANBAN_FILE), written: false },
          { view: 'kanban_css' as const, path: at(KANBAN_CSS_FILE), written: false },
        ]
      : []),
  ];
}

/**
 * Writes the requested views of `model` into model.dir, each atomically and only when its
 * bytes change; never through a symbolic link nor outside the repository (ChangedFile's checks).
 */
async function writeViews(config: RepoConfig, model: ViewModel, request: ViewRequest): Promise<ViewFile[]> {
  const kanban = request.kanban ? renderKanban(model) : undefined;
  const out: ViewFile[] = [];
  for (const file of requestedViews(model.dir, request)) {
    const text = file.view === 'catalog' ? renderCatalog(model) : file.view === 'kanban' ? kanban!.markdown : kanban!.css;
    const changed = ChangedFile.open(config.root, path.join(config.root, file.path), { write: true, hash: false });
    changed.add(text);
    out.push({ ...file, written: (await changed.finish()).written });
  }
  return out;
}

/** Where the views go: the default namespace's index directory, beside project-state.yaml, where every command excludes them from governance. */
export function viewsDir(config: RepoConfig): string {
  return path.posix.dirname(stateFilePath(config));
}

/** Build time as the views print it: UTC, to the second. */
const builtAt = (now: Date) => `${now.toISOString().slice(0, 19)}Z`;

/**
 * The views of an index run: its nodes with their project-state.yaml entries, kept by the
 * run's filters, written as requested. `now` only with --include-timestamp.
 */
export async function writeIndexViews(
  config: RepoConfig,
  nodes: readonly IndexNode[],
  request: ViewRequest,
  opts: { filters?: { status: string[]; implState: string[] }; now?: Date },
): Promise<ViewFile[]> {
  const docs = viewDocuments(nodes, await stateViews(config));
  const main = mainNamespace(config.namespaces);
  const model: ViewModel = {
    project_name: config.project_name,
    repo_prefix: main.repo_prefix,
    dir: viewsDir(config),
    documents: opts.filters ? docs.filter(filterOf(config, opts.filters)) : docs,
    ...(opts.filters ? { filters: { status: opts.filters.status, impl_state: opts.filters.implState } } : {}),
    ...(opts.now ? { built_at: builtAt(opts.now) } : {}),
  };
  return writeViews(config, model, request);
}
