import * as Flags from '@oclif/core/flags';
import type { Command } from '@oclif/core/command';
import { globalFlags } from './flags.js';
import { isAgentCommand, previewOf, toolName } from './mcp/manifest.js';
import { BASE_FORMATS } from './options.js';
import type { ArgInfo, CommandInfo, FlagInfo } from '../contract/data/meta.js';

type LoadableFlag =
  | Command.Flag.Cached
  | {
      name: string;
      type: string;
      description?: string;
      summary?: string;
      char?: string;
      options?: readonly string[];
      default?: unknown;
      multiple?: boolean;
      allowNo?: boolean;
    };

const GLOBAL = new Set(Object.keys(globalFlags));
const integerParse = Flags.integer().parse;

function flagInfo(name: string, flag: LoadableFlag): FlagInfo {
  const f = flag as Record<string, unknown>;
  const info: FlagInfo = { name, type: f.type === 'boolean' ? 'boolean' : 'option', description: String(f.summary ?? f.description ?? '') };
  if (info.type === 'option') info.value_type = f.valueType === 'integer' || f.parse === integerParse ? 'integer' : 'string';
  if (typeof f.char === 'string') info.char = f.char;
  if (Array.isArray(f.options)) info.options = [...(f.options as string[])];
  if (f.default !== undefined && typeof f.default !== 'function') info.default = f.default;
  if (f.multiple) info.multiple = true;
  if (f.allowNo) info.allow_no = true;
  return info;
}

/** Describes commands from oclif's manifest (no command file is imported). */
export function describeCommands(commands: readonly Command.Loadable[]): CommandInfo[] {
  return commands
    .filter((c) => !c.hidden)
    .map((c) => {
      const extra = c as unknown as { mutates?: boolean; formats?: string[] };
      const args: ArgInfo[] = Object.entries(c.args ?? {}).map(([name, a]) => ({
        name,
        required: Boolean(a.required),
        description: String(a.description ?? ''),
        ...(((a as { multiple?: boolean }).multiple ?? false) ? { multiple: true } : {}),
      }));
      const flags = Object.entries(c.flags ?? {})
        .filter(([name]) => !GLOBAL.has(name))
        .map(([name, f]) => flagInfo(name, f as LoadableFlag));
      const id = c.id.replace(/:/g, ' ');
      const preview = previewOf(c);
      return {
        id,
        summary: String(c.summary ?? c.description ?? ''),
        mutates: Boolean(extra.mutates),
        formats: [...(extra.formats ?? BASE_FORMATS)],
        args,
        flags,
        ...(preview ? { preview } : {}),
        ...(isAgentCommand(id) ? { mcp_tool: toolName(id) } : {}),
      };
    });
}

export function describeGlobalFlags(): FlagInfo[] {
  return Object.entries(globalFlags).map(([name, f]) => flagInfo(name, f as unknown as LoadableFlag));
}
