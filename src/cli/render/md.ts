import type { Issue } from '../../core/issues.js';
import type { Envelope } from '../envelope.js';
import { truncationNote } from './findings.js';
import { safeText } from './style.js';

/** Escapes a value for a Markdown table cell: pipes, line breaks, HTML, control characters. */
export function mdCell(value: unknown): string {
  if (value === undefined || value === null || value === '') return '';
  const s = Array.isArray(value)
    ? value.map((v) => (v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
  return safeText(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\\(?!u\{)/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, '<br>');
}

export function mdTable(headers: readonly string[], rows: readonly unknown[][]): string {
  const head = `| ${headers.map(mdCell).join(' | ')} |\n| ${headers.map(() => '---').join(' | ')} |\n`;
  return head + rows.map((r) => `| ${r.map(mdCell).join(' | ')} |`).join('\n') + '\n';
}

function issuesTable(issues: readonly Issue[]): string {
  return mdTable(
    ['Code', 'Severity', 'Path', 'Line', 'Message', 'Suggestion'],
    issues.map((i) => [i.code, i.severity, i.path, i.line, i.message, i.suggestion]),
  );
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

function dataSection(data: Record<string, unknown>, level: number): string {
  let list = '';
  let rest = '';
  for (const [key, value] of Object.entries(data)) {
    if (isScalar(value) || (Array.isArray(value) && value.every(isScalar))) {
      list += `- **${mdCell(key)}:** ${mdCell(Array.isArray(value) && value.length === 0 ? '(none)' : value)}\n`;
    } else if (Array.isArray(value)) {
      const columns = [...new Set(value.flatMap((row) => Object.keys(row as object)))];
      rest += `\n${'#'.repeat(level)} ${mdCell(key)}\n\n${mdTable(
        columns,
        value.map((row) => columns.map((c) => (row as Record<string, unknown>)[c])),
      )}`;
    } else {
      rest += `\n${'#'.repeat(level)} ${mdCell(key)}\n\n${dataSection(value as Record<string, unknown>, Math.min(level + 1, 6))}`;
    }
  }
  return list + rest;
}

/** Markdown for PRs and prompts: a heading, a summary list, tables. */
export function renderMarkdown(env: Envelope, body?: string): string {
  let out = `# docket ${mdCell(env.command)}\n\n`;
  out += `- **Success:** ${env.success ? 'yes' : 'no'}\n- **Status:** ${env.status}\n`;
  out += `- **Violations:** ${env.violations.length}\n- **Warnings:** ${env.warnings.length}\n`;
  if (env.error) {
    out += `\n## Error\n\n- **Code:** \`${env.error.code}\`\n- **Message:** ${mdCell(env.error.message)}\n`;
    if (env.error.suggestion) out += `- **Suggestion:** ${mdCell(env.error.suggestion)}\n`;
  }
  if (body !== undefined) out += `\n${body}`;
  else if (Object.keys(env.data).length > 0) out += `\n## Result\n\n${dataSection(env.data, 3)}`;
  if (env.violations.length > 0) out += `\n## Violations\n\n${issuesTable(env.violations)}`;
  if (env.warnings.length > 0) out += `\n## Warnings\n\n${issuesTable(env.warnings)}`;
  const note = truncationNote(env);
  if (note) out += `\n_${note}_\n`;
  if (env.advice.length > 0) {
    out += `\n## Next steps\n\n${env.advice.map((a) => `- ${mdCell(a.message)}${a.command ? ` \`${a.command.replace(/`/g, "'")}\`` : ''}`).join('\n')}\n`;
  }
  return out;
}
