import { CODES, isCode } from '../../../errors/codes.js';
import type { Severity } from '../../../core/issues.js';

/** Rule metadata for CI formats, read from the one code table (never a second copy). */
export interface RuleText {
  id: string;
  /** PascalCase name, e.g. LinkBroken. */
  name: string;
  summary: string;
  cause: string;
  action: string;
  commands: readonly string[];
  category: string;
  /** The level a finding of this code has unless stated otherwise. */
  level: 'error' | 'warning' | 'note';
}

export function sarifLevel(severity: Severity): 'error' | 'warning' | 'note' {
  return severity === 'error' ? 'error' : severity === 'warning' ? 'warning' : 'note';
}

function pascal(code: string): string {
  return code
    .toLowerCase()
    .split('_')
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join('');
}

export function ruleText(code: string): RuleText {
  if (!isCode(code)) {
    return {
      id: code,
      name: pascal(code),
      summary: code,
      cause: '',
      action: `Run \`docket explain ${code}\`.`,
      commands: [],
      category: 'unknown',
      level: 'warning',
    };
  }
  const spec = CODES[code];
  const level = spec.kind === 'warning' ? 'warning' : spec.kind === 'advice' ? 'note' : 'error';
  return {
    id: code,
    name: pascal(code),
    summary: spec.summary,
    cause: spec.cause,
    action: spec.remediation.action,
    commands: spec.remediation.commands,
    category: spec.category,
    level,
  };
}

/** Plain-text help: what to do, the commands that help, and where to read more. */
export function helpText(rule: RuleText): string {
  const lines = [rule.action];
  if (rule.cause) lines.push(`Usual cause: ${rule.cause}`);
  if (rule.commands.length > 0) lines.push(`Commands: ${rule.commands.join('; ')}`);
  lines.push(`More: docket explain ${rule.id}`);
  return lines.join('\n');
}

/** The same help as Markdown (GitHub shows it on the alert). */
export function helpMarkdown(rule: RuleText): string {
  let out = `**${rule.id}**: ${rule.summary}\n\n`;
  if (rule.cause) out += `**Usual cause.** ${rule.cause}\n\n`;
  out += `**How to fix.** ${rule.action}\n`;
  const commands = [...rule.commands, `docket explain ${rule.id}`];
  out += `\n\`\`\`sh\n${commands.join('\n')}\n\`\`\`\n`;
  return out;
}
