import { FILLABLE } from '../../../core/fix/values.js';
import { mdTable } from '../md.js';
import type { Style } from '../style.js';
import type { ScanData } from '../../../contract/commands.js';
import type { PlanAction } from '../../../contract/data/scan.js';

// JSON data has sorted keys: fields are listed in the order they are written.
function rank(field: string): number {
  const i = (FILLABLE as readonly string[]).indexOf(field);
  return i === -1 ? FILLABLE.length : i;
}

function describe(a: PlanAction): string {
  switch (a.action) {
    case 'add_frontmatter':
      return `add frontmatter (${a.frontmatter.document_id ?? '?'}, ${a.frontmatter.type ?? '?'})`;
    case 'add_fields':
      return `add ${Object.keys(a.fields)
        .sort((x, y) => rank(x) - rank(y))
        .join(', ')}`;
    case 'set_fields':
      return `set ${Object.keys(a.fields)
        .sort((x, y) => rank(x) - rank(y))
        .join(', ')}`;
    case 'exclude':
      return `add to excluded_files (no type could be suggested): ${a.files.join(', ')}`;
    default:
      return `${a.action} to ${a.to}`;
  }
}

export function renderScanText(d: ScanData, style: Style): string {
  const lines = [
    style.bold(
      `${d.markdown_files} Markdown file${d.markdown_files === 1 ? '' : 's'}, ${d.governed} would be governed, ${d.without_frontmatter} without frontmatter${d.invalid_frontmatter ? `, ${d.invalid_frontmatter} with invalid frontmatter` : ''}`,
    ),
    d.config === 'defaults' ? style.dim('  (no docops.config.yaml: assuming the defaults `docket init` writes)') : '',
    '',
  ].filter((l, i) => l !== '' || i === 2);
  if (d.directories.length > 0) {
    lines.push(style.bold('Directories'));
    const width = Math.max(...d.directories.map((x) => x.path.length));
    for (const x of d.directories)
      lines.push(
        `  ${x.path.padEnd(width)}  ${String(x.markdown_files).padStart(4)} ${x.markdown_files === 1 ? 'file ' : 'files'}  ${String(x.without_frontmatter).padStart(4)} without frontmatter  ${String(x.governed).padStart(4)} governed`,
      );
    lines.push('');
  }
  if (d.suggested_types.length > 0) {
    lines.push(style.bold('Suggested type directories'));
    for (const t of d.suggested_types) lines.push(`  ${t.directory} → ${t.target_directory}  ${style.dim(t.type)}`);
    lines.push('');
  }
  if (d.suggested_namespaces.length > 0) {
    lines.push(style.bold('Suggested namespaces'));
    for (const n of d.suggested_namespaces) lines.push(`  ${n.name}  ${n.docs_root}  ${style.dim(`prefix ${n.repo_prefix}`)}`);
    lines.push('');
  }
  lines.push(
    style.bold(
      `Plan: ${d.plan.actions} action${d.plan.actions === 1 ? '' : 's'}${d.plan.written ? ` written to ${d.plan.path}` : ' (not written: use --plan FILE)'}`,
    ),
  );
  for (const a of d.actions) lines.push(`  ${a.path}  ${describe(a)}`);
  for (const k of d.plan.kept) lines.push(style.dim(`  kept in place: ${k.path} (${k.reason})`));
  for (const u of d.plan.undecided) lines.push(style.dim(`  type undecided: ${u.path} (${u.types.join(' or ')}): set \`type\` yourself`));
  for (const u of d.plan.ungoverned) lines.push(style.dim(`  left ungoverned: ${u.path} (${u.reason})`));
  for (const n of d.plan.stated)
    lines.push(style.dim(`  ${n.path}: ${n.field} "${n.stated}" ${n.value === null ? 'not kept' : `kept as "${n.value}"`}: ${n.note}`));
  if (d.plan.remaining) {
    const r = d.plan.remaining;
    lines.push(
      '',
      style.bold(
        r.findings === 0
          ? 'After the plan, `check` will report nothing.'
          : `After the plan, \`check\` will still report ${r.findings} finding${r.findings === 1 ? '' : 's'} (${r.errors} error${r.errors === 1 ? '' : 's'}):`,
      ),
    );
    for (const c of r.codes) {
      lines.push(`  ${c.code} ×${c.count}  ${style.dim(c.paths.join(', ') + (c.count > c.paths.length ? ', …' : ''))}`);
      for (const m of c.messages) lines.push(`    ${m}`);
    }
  }
  if (d.plan.unplanned.length > 0)
    lines.push(
      style.dim(
        `  ${d.plan.unplanned.length} governed file(s) need a person (invalid frontmatter, a type that is not configured, or no type and no config yet): ${d.plan.unplanned.slice(0, 5).join(', ')}${d.plan.unplanned.length > 5 ? ', …' : ''}`,
      ),
    );
  return `${lines.join('\n')}\n`;
}

export function renderScanMarkdown(d: ScanData): string {
  let out = `## Scan\n\n- **Markdown files:** ${d.markdown_files}\n- **Would be governed:** ${d.governed}\n- **Without frontmatter:** ${d.without_frontmatter}\n- **Config:** ${d.config}\n`;
  if (d.directories.length > 0)
    out += `\n### Directories\n\n${mdTable(
      ['Directory', 'Files', 'Without frontmatter', 'Governed'],
      d.directories.map((x) => [x.path, x.markdown_files, x.without_frontmatter, x.governed]),
    )}`;
  if (d.suggested_types.length > 0)
    out += `\n### Suggested type directories\n\n${mdTable(
      ['Directory', 'Type', 'Target'],
      d.suggested_types.map((t) => [t.directory, t.type, t.target_directory]),
    )}`;
  if (d.suggested_namespaces.length > 0)
    out += `\n### Suggested namespaces\n\n${mdTable(
      ['Name', 'Docs root', 'Prefix'],
      d.suggested_namespaces.map((n) => [n.name, n.docs_root, n.repo_prefix]),
    )}`;
  out += `\n### Plan (${d.plan.actions} action${d.plan.actions === 1 ? '' : 's'}${d.plan.path ? `, ${d.plan.path}` : ''})\n\n`;
  if (d.actions.length > 0)
    out += mdTable(
      ['Path', 'Action'],
      d.actions.map((a) => [a.path, describe(a)]),
    );
  if (d.plan.ungoverned.length > 0)
    out += `\n### Left ungoverned\n\n${mdTable(
      ['Path', 'Why'],
      d.plan.ungoverned.map((u) => [u.path, u.reason]),
    )}`;
  if (d.plan.remaining && d.plan.remaining.findings > 0)
    out += `\n### What \`check\` will still report\n\n${mdTable(
      ['Code', 'Severity', 'Count', 'Example'],
      d.plan.remaining.codes.map((c) => [c.code, c.severity, c.count, c.messages.join('; ')]),
    )}`;
  return out;
}
