import type { Envelope } from '../envelope.js';
import type { Tool } from './tools.js';

export interface ToolCall {
  name: string;
  arguments: Record<string, unknown>;
}

/** Splits a command line as docket quotes it (plain words, '...' with '\'' inside, or "..." with \" inside). */
function words(line: string): string[] | undefined {
  const out: string[] = [];
  const re = /\s*(?:'((?:[^']|'\\'')*)'|"((?:[^"\\]|\\.)*)"|([^\s'"]+))/gy;
  for (let m = re.exec(line); m; m = re.exec(line)) {
    out.push(m[1] !== undefined ? m[1].replace(/'\\''/g, "'") : m[2] !== undefined ? m[2].replace(/\\(.)/g, '$1') : m[3]!);
    if (re.lastIndex >= line.trimEnd().length) return out;
  }
  return line.trim() === '' ? out : undefined;
}

/** The flags that choose between writing and previewing: the `apply` argument stands for them. */
const PREVIEW_FLAGS = new Set(['apply', 'dry-run']);
/** Flags an advice line may carry that the server sets itself (a tool takes none of them). */
const SERVER_FLAGS = new Set(['--root', '--format']);

/**
 * The tool call an advice's command line stands for, when a tool takes everything it says
 * (`docket fix --apply` is `fix` with `apply: true`); undefined otherwise (a command no tool
 * serves, or a flag the tool does not take): the agent then reads `message` and `command`.
 */
export function toolCallOf(command: string, tools: readonly Tool[]): ToolCall | undefined {
  const argv = words(command);
  if (!argv || argv[0] !== 'docket') return undefined;
  const rest = argv.slice(1);
  const tool = [...tools]
    .sort((a, b) => b.commandId.length - a.commandId.length)
    .find((t) => t.commandId.split(' ').every((w, i) => rest[i] === w));
  if (!tool) return undefined;
  const out: Record<string, unknown> = {};
  const positional = tool.params.filter((p) => p.kind === 'arg');
  let next = 0;
  let writes: boolean | undefined;
  const tokens = rest.slice(tool.commandId.split(' ').length);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (!token.startsWith('--')) {
      const param = positional[Math.min(next, positional.length - 1)];
      if (!param) return undefined;
      if (param.variadic) out[param.property] = [...((out[param.property] as string[] | undefined) ?? []), token];
      else if (out[param.property] === undefined) {
        out[param.property] = token;
        next++;
      } else return undefined;
      continue;
    }
    const [flagName, inline] = token.split(/=(.*)/s) as [string, string | undefined];
    if (SERVER_FLAGS.has(flagName)) {
      if (inline === undefined) i++;
      continue;
    }
    const negated = flagName.startsWith('--no-');
    const name = negated ? flagName.slice(5) : flagName.slice(2);
    if (tool.preview && PREVIEW_FLAGS.has(name)) {
      // --apply and --no-dry-run write; --dry-run and --no-apply preview.
      writes = (name === 'apply') !== negated;
      continue;
    }
    const param = tool.params.find((p) => p.kind === 'flag' && p.name === name);
    if (!param) return undefined;
    if (param.flag?.type === 'boolean') {
      out[param.property] = !negated;
    } else {
      const value = inline ?? tokens[++i];
      if (value === undefined) return undefined;
      const typed = param.flag?.valueType === 'integer' ? Number(value) : value;
      out[param.property] = param.joined ? value.split(',') : typed;
    }
  }
  // The command line writes unless it says otherwise, for a command whose preview is --dry-run (new).
  if (tool.preview) out.apply = writes ?? tool.preview.mode === 'dry-run';
  return { name: tool.definition.name, arguments: out };
}

/** Each advice of a tool result gains the tool call its command stands for (see toolCallOf). */
export function withToolCalls(envelope: Envelope, tools: readonly Tool[]): Envelope {
  if (envelope.advice.length === 0) return envelope;
  const advice = envelope.advice.map((a) => {
    const call = a.command === undefined ? undefined : toolCallOf(a.command, tools);
    return call ? { ...a, tool: call } : a;
  });
  return { ...envelope, advice };
}
