import type { Style } from '../style.js';
import type { CodeExplanation, CodeList, ForeignCodeExplanation } from '../../../contract/commands.js';

const FOREIGN = 'a code of the Python DocOps CLI (meminit)';

function commandLines(commands: readonly string[], style: Style): string {
  return commands.map((c) => `    ${style.cyan(c)}`).join('\n');
}

function renderList(data: CodeList, style: Style): string {
  const width = Math.max(...data.codes.map((c) => c.code.length));
  const rows = data.codes.map((c) => {
    // The Python DocOps CLI's codes: no docket kind or exit code, but what replaces them.
    if (c.origin === 'meminit')
      return `  ${style.bold(c.code.padEnd(width))}  ${style.dim('meminit'.padEnd(18))}  ${c.summary} ${style.dim(`docket: ${c.replaced_by.join(', ') || 'no such feature'}`)}`;
    return `  ${style.bold(c.code.padEnd(width))}  ${style.dim(`${c.kind.padEnd(9)} exit ${String(c.exit_code).padEnd(3)}`)}  ${c.summary}`;
  });
  const exits = data.exit_codes.map((e) => `  ${String(e.exit_code).padStart(3)}  ${e.meaning}`);
  return `${style.bold(`${data.count} codes`)}\n${rows.join('\n')}\n\n${style.bold('Exit codes')}\n${exits.join('\n')}\n`;
}

function renderForeign(data: ForeignCodeExplanation, style: Style): string {
  const cmds = commandLines(data.remediation.commands, style);
  return (
    `${style.bold(data.code)}  ${style.dim(`(${FOREIGN}: ${data.meminit.kind}, exit ${data.meminit.exit_code} there)`)}\n` +
    `${data.summary}\n\n` +
    `${style.bold('docket:')} ${data.replaced_by.length > 0 ? data.replaced_by.join(', ') : 'no such feature'}\n` +
    `${style.bold('Instead:')} ${data.remediation.action}\n` +
    (cmds ? `${cmds}\n` : '')
  );
}

export function renderExplainText(data: CodeExplanation | ForeignCodeExplanation | CodeList, style: Style): string {
  if ('codes' in data) return renderList(data, style);
  if (data.origin === 'meminit') return renderForeign(data, style);
  const cmds = commandLines(data.remediation.commands, style);
  return (
    `${style.bold(data.code)}  ${style.dim(`(${data.kind} · ${data.category} · exit ${data.exit_code})`)}\n` +
    `${data.summary}\n\n` +
    `${style.bold('Cause:')} ${data.cause}\n` +
    `${style.bold('Fix:')}   ${data.remediation.action}\n` +
    (cmds ? `${cmds}\n` : '')
  );
}
