import type { Style } from '../style.js';
import type { InstallPrecommitData } from '../../../contract/commands.js';

export function renderInstallPrecommitText(d: InstallPrecommitData, style: Style): string {
  const hooks = d.added_hooks.join(', ');
  if (d.already_present) return `${style.dim('unchanged')} ${d.hook_path} ${style.dim('(docket hooks already present)')}\n`;
  if (d.dry_run) return `${style.yellow('would add')} ${hooks} to ${d.hook_path} ${style.dim('(dry run: nothing was written)')}\n`;
  return `${style.green('installed')} ${hooks} in ${d.hook_path}\n`;
}
