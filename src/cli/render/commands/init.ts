import { safeText, type Style } from '../style.js';
import type { InitData } from '../../../contract/commands.js';

export function renderInitText(data: InitData, style: Style): string {
  const lines = [`${style.bold(safeText(data.project_name))}  prefix ${style.cyan(data.repo_prefix)}, docs in ${data.docs_root}/`];
  const [created, updated] = data.dry_run ? ['would create', 'would update'] : ['created', 'updated'];
  for (const p of data.created_paths) lines.push(`  ${style.green(created)}  ${p}`);
  for (const p of data.updated_paths) lines.push(`  ${style.yellow(updated)}  ${p}`);
  for (const p of data.skipped_paths) lines.push(`  ${style.dim('exists ')}  ${style.dim(p)}`);
  if (data.created_paths.length === 0 && data.updated_paths.length === 0)
    lines.push(style.dim('  Nothing to do: the repository is already initialised.'));
  else if (data.dry_run) lines.push(style.dim('  Dry run: nothing was written.'));
  return `${lines.join('\n')}\n`;
}
