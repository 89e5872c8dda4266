import type { Envelope } from '../../envelope.js';
import { mdCell } from '../md.js';
import type { Style } from '../style.js';
import { plural } from '../words.js';
import type { CheckData } from '../../../contract/commands.js';

/** The line above the ESLint-style findings; nothing with --quiet. */
export function renderCheckText(env: Envelope<CheckData>, style: Style, quiet: boolean): string {
  if (quiet) return '';
  const d = env.data;
  const parts = [`${plural(d.files_checked, 'file')} checked`, `${d.files_passed} passed`];
  if (d.files_failed > 0) parts.push(`${d.files_failed} failed`);
  if (d.files_with_warnings > 0) parts.push(`${d.files_with_warnings} with warnings`);
  if (d.ignored_paths.length > 0) parts.push(`${d.ignored_paths.length} ignored`);
  const line = parts.join(', ');
  if (env.violations.length === 0 && env.warnings.length === 0) return `${style.green('✔')} ${line}: no problems.\n`;
  return `${style.bold(line)}${d.strict ? style.dim(' (strict: warnings fail)') : ''}\n`;
}

export function renderCheckMarkdown(data: CheckData): string {
  let out = '## Summary\n\n';
  out += `- **Files checked:** ${data.files_checked}\n- **Passed:** ${data.files_passed}\n- **Failed:** ${data.files_failed}\n`;
  out += `- **With warnings:** ${data.files_with_warnings}\n- **Strict:** ${data.strict ? 'yes' : 'no'}\n`;
  if (data.ignored_paths.length > 0) out += `- **Ignored:** ${data.ignored_paths.map(mdCell).join(', ')}\n`;
  return out;
}
