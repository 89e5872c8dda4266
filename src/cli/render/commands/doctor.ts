import { safeText, type Style } from '../style.js';
import type { DoctorData } from '../../../contract/commands.js';

export function renderDoctorText(data: DoctorData, style: Style): string {
  const mark = { ok: style.green('✔'), warn: style.yellow('⚠'), error: style.red('✖') } as const;
  const width = Math.max(...data.checks.map((c) => c.name.length));
  const lines = data.checks.map((c) => `${mark[c.status]} ${c.name.padEnd(width)}  ${safeText(c.message)}`);
  return `${lines.join('\n')}\n`;
}
