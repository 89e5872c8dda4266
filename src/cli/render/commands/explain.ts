import type { CodeExplanation, CodeList } from '../../../core/usecases/explain.js';
import type { Style } from '../style.js';

export function renderExplainText(data: CodeExplanation | CodeList, style: Style): string {
  if ('codes' in data) {
    const width = Math.max(...data.codes.map((c) => c.code.length));
    const rows = data.codes.map((c) => `  ${style.bold(c.code.padEnd(width))}  ${style.dim(`${c.kind.padEnd(9)} exit ${String(c.exit_code).padEnd(3)}`)}  ${c.summary}`);
    const exits = data.exit_codes.map((e) => `  ${String(e.exit_code).padStart(3)}  ${e.meaning}`);
    return `${style.bold(`${data.count} codes`)}\n${rows.join('\n')}\n\n${style.bold('Exit codes')}\n${exits.join('\n')}\n`;
  }
  const cmds = data.remediation.commands.map((c) => `    ${style.cyan(c)}`).join('\n');
  return (
    `${style.bold(data.code)}  ${style.dim(`(${data.kind} · ${data.category} · exit ${data.exit_code})`)}\n` +
    `${data.summary}\n\n` +
    `${style.bold('Cause:')} ${data.cause}\n` +
    `${style.bold('Fix:')}   ${data.remediation.action}\n` +
    (cmds ? `${cmds}\n` : '')
  );
}
