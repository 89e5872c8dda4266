import type { Style } from '../style.js';
import type { Capabilities } from '../../../contract/commands.js';

export function renderCapabilitiesText(data: Capabilities, style: Style): string {
  const width = Math.max(...data.commands.map((c) => c.id.length));
  const commands = data.commands.map(
    (c) => `  ${style.bold(c.id.padEnd(width))}  ${c.mutates ? style.yellow('writes') : style.dim('reads ')}  ${c.summary}`,
  );
  const flags = data.global_flags.map((f) => `  --${f.allow_no ? `[no-]${f.name}` : f.name}`.padEnd(24) + `  ${style.dim(f.description)}`);
  return (
    `${style.bold(`docket ${data.version}`)}  output schema ${data.output_schema_version}, node ${data.node.running} (needs ${data.node.required})\n` +
    `formats: ${data.formats.join(', ')}\n\n${style.bold('Commands')}\n${commands.join('\n')}\n\n` +
    `${style.bold('Global flags')}\n${flags.join('\n')}\n\n` +
    `${data.codes.length} codes: run \`docket explain --list\`.\n`
  );
}
