import { safeText, type Style } from '../style.js';
import type { OrgInstallData, OrgStatusData, OrgVendorData } from '../../../contract/commands.js';

export function renderOrgInstallText(d: OrgInstallData, style: Style): string {
  const what = `${d.profile} ${d.version} (${d.source})`;
  if (d.already_installed) return `${style.dim('unchanged')} ${what} is already installed in ${safeText(d.target_dir)}\n`;
  if (d.dry_run)
    return `${style.yellow('would install')} ${what} to ${safeText(d.target_dir)}${d.replaced_version ? ` replacing ${d.replaced_version}` : ''} ${style.dim('(dry run: nothing was written)')}\n`;
  return `${style.green('installed')} ${what} to ${safeText(d.target_dir)}${d.replaced_version ? ` (replaced ${d.replaced_version})` : ''}\n`;
}

export function renderOrgVendorText(d: OrgVendorData, style: Style): string {
  const mark: Record<string, string> = {
    create: style.green('create '),
    update: style.yellow('update '),
    replace: style.red('replace'),
    conflict: style.red('conflict'),
    collision: style.red('same ID'),
    unchanged: style.dim('same   '),
  };
  const lines = [
    `${d.dry_run ? style.yellow('dry run:') : style.green('vendored:')} ${d.profile} ${d.version} (${d.source}) ${style.dim(d.digest.slice(0, 19))}`,
  ];
  for (const f of d.files) lines.push(`  ${mark[f.action]} ${f.path}`);
  for (const c of d.collisions) lines.push(`  ${style.red('refused')} ${c.document_id} is already the ID of ${c.existing_path}`);
  if (d.config_action !== 'unchanged')
    lines.push(`  ${style.yellow('update ')} docops.config.yaml ${style.dim('(adds the org namespace)')}`);
  const lockNote = d.lock_format === 'meminit' ? ` ${style.dim("(the Python DocOps CLI's lock)")}` : '';
  if (d.lock_action !== 'unchanged')
    lines.push(`  ${d.lock_action === 'create' ? style.green('create ') : style.yellow('update ')} ${d.lock_path}${lockNote}`);
  return `${lines.join('\n')}\n`;
}

export function renderOrgStatusText(d: OrgStatusData, style: Style): string {
  const v = (x: { version: string | null; digest: string | null } | null) =>
    x && x.version ? `${x.version} ${style.dim((x.digest ?? '').slice(0, 19))}` : style.dim('-');
  const lines = [
    `${style.bold(`profile ${d.profile}`)}  ${d.up_to_date ? style.green('up to date') : style.yellow('not up to date')}`,
    `  built-in   ${v(d.builtin)}`,
    `  installed  ${d.installed.present ? (d.installed.valid ? v(d.installed) : style.red('invalid')) : style.dim('not installed')}  ${style.dim(safeText(d.installed.path))}`,
  ];
  if (d.meminit_installed.present)
    lines.push(
      `  meminit    ${d.meminit_installed.valid ? v(d.meminit_installed) : style.red('invalid')}  ${style.dim(safeText(d.meminit_installed.path))}`,
    );
  lines.push(
    `  lock       ${d.lock.present ? (d.lock.valid ? v(d.lock) : style.red('invalid')) : style.dim('not vendored')}${d.lock.path ? `  ${style.dim(d.lock.path)}` : ''}${d.lock.format === 'meminit' ? ` ${style.dim("(the Python DocOps CLI's lock)")}` : ''}`,
  );
  for (const f of d.drift) lines.push(`  ${style.yellow(f.state.padEnd(8))} ${f.path}`);
  return `${lines.join('\n')}\n`;
}
