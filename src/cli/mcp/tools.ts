import { dataKeys, readDataSchema, type JsonSchema } from '../../contract/data-schema.js';
import {
  AGENT_COMMANDS,
  previewOf,
  toolName,
  type ManifestArg,
  type ManifestCommand,
  type ManifestFlag,
  type Preview,
} from './manifest.js';
import { outputSchemaFor } from './schemas.js';

/** Global flags a tool never takes: the server always answers in JSON, from its own root, on the protocol channel. */
// exit-zero changes only the process exit code, which a tool result does not carry (isError means an error, not findings).
const SERVER_OWNED_FLAGS = new Set(['format', 'json', 'root', 'output', 'color', 'debug', 'verbose', 'exit-zero']);
/** The flags that choose between writing and previewing. */
const PREVIEW_FLAGS = new Set(['apply', 'dry-run']);
/** Flags that read the terminal; commands may name more in `static terminalFlags`. */
const TERMINAL_FLAGS = new Set(['edit', 'editor', 'interactive', 'open']);
/** Names that hold repository paths when a command does not declare `static pathParams`. */
const PATH_NAME = /^(?:path|paths|file|files|dir|directory|target|template)$|[-_](?:path|paths|file|files|dir)$/;

export interface Param {
  /** The property name in the tool's arguments (snake_case). */
  property: string;
  kind: 'arg' | 'flag' | 'apply';
  /** The arg or flag name on the command line. */
  name: string;
  flag?: ManifestFlag;
  /** The last arg of a non-strict command takes several values. */
  variadic?: boolean;
  /** Values are repository paths, refused outside the root. */
  path?: boolean;
  /** An array joined into one comma-separated flag value (`fields`). */
  joined?: boolean;
}

export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema;
  outputSchema: JsonSchema;
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: boolean };
}

export interface Tool {
  /** The command id, space-separated ("adr new"). */
  commandId: string;
  /** The oclif id ("adr:new"). */
  oclifId: string;
  mutates: boolean;
  preview?: Preview;
  params: Param[];
  definition: ToolDefinition;
}

const snake = (name: string) => name.replace(/-/g, '_');

function flagSchema(flag: ManifestFlag): JsonSchema {
  const description = String(flag.summary ?? flag.description ?? '');
  if (flag.type === 'boolean') {
    return {
      type: 'boolean',
      description: flag.allowNo ? `${description} (false passes --no-${flag.name})` : description,
      ...(flag.allowNo ? {} : { default: false }),
    };
  }
  const item: JsonSchema =
    flag.valueType === 'integer'
      ? {
          type: 'integer',
          ...(flag.min !== undefined ? { minimum: flag.min } : {}),
          ...(flag.max !== undefined ? { maximum: flag.max } : {}),
        }
      : { type: 'string' };
  if (flag.options && flag.options.length > 0) item.enum = [...flag.options];
  const dflt = flag.default !== undefined && typeof flag.default !== 'function' ? flag.default : undefined;
  if (flag.multiple)
    return { type: 'array', items: item, description, ...(dflt !== undefined ? { default: Array.isArray(dflt) ? dflt : [dflt] } : {}) };
  return { ...item, description, ...(dflt !== undefined ? { default: dflt } : {}) };
}

function argSchema(arg: ManifestArg, variadic: boolean): JsonSchema {
  const item: JsonSchema = { type: 'string' };
  if (arg.options && arg.options.length > 0) item.enum = [...arg.options];
  const description = String(arg.description ?? '');
  if (variadic) return { type: 'array', items: item, description };
  return { ...item, description, ...(arg.default !== undefined && typeof arg.default !== 'function' ? { default: arg.default } : {}) };
}

/**
 * The command's text as a tool's: what a client cannot pass is left out (a sentence naming a
 * flag the tool does not take; the process's exit codes, text output and shell lines, which a
 * tool result does not have), and flags and args are named as the tool's arguments (`--from` is `from`, PATHS is
 * `paths`, `--apply` is `apply: true`).
 */
function forTool(text: string, params: readonly Param[]): string {
  const argument = new Map(params.map((p) => [p.kind === 'arg' ? p.name.toUpperCase() : p.name, p.property]));
  const named = (flag: string) => (PREVIEW_FLAGS.has(flag) ? params.some((p) => p.kind === 'apply') : argument.has(flag));
  return (
    text
      .replace(/\s*\(exits? \d+[^)]*\)/gi, '')
      .split(/(?<!\b(?:e\.g|i\.e))(?<=\.)\s+/)
      // Exit codes, text output and shell lines are the command line's, not a tool's.
      .filter(
        (sentence) =>
          !/^exits? \d|\btext output\b|\$\(docket/i.test(sentence) &&
          [...sentence.matchAll(/--(?:no-)?([a-z][a-z0-9-]*)/g)].every((m) => named(m[1]!)),
      )
      .map((sentence) =>
        sentence
          .replace(/--(no-)?([a-z][a-z0-9-]*)/g, (_m, no: string | undefined, flag: string) =>
            PREVIEW_FLAGS.has(flag) ? `\`apply: ${(flag === 'apply') !== Boolean(no)}\`` : `\`${argument.get(flag)!}\``,
          )
          .replace(/\b[A-Z]{3,}\b/g, (word) => (argument.has(word) ? `\`${argument.get(word)!}\`` : word)),
      )
      .join(' ')
  );
}

function describe(command: ManifestCommand, preview: Preview | undefined, params: readonly Param[]): string {
  const parts = [forTool(String(command.summary ?? command.description ?? `docket ${command.id}`).trim(), params)];
  if (command.summary && command.description) parts.push(forTool(String(command.description).trim(), params));
  if (!command.mutates) parts.push('Read-only.');
  else if (preview) parts.push('Writes files only when `apply` is true; by default it is a dry run that reports what it would change.');
  else parts.push('Writes files in the repository.');
  parts.push("The result is docket's JSON envelope: success, status, data, warnings, violations, advice, and error when it failed.");
  return parts.join(' ');
}

/** Builds the MCP tool of one command from its manifest entry. */
export function buildTool(command: ManifestCommand, packageRoot: string): Tool {
  const commandId = command.id.replace(/:/g, ' ');
  const mutates = Boolean(command.mutates);
  const preview = previewOf(command);
  const pathNames = new Set(command.pathParams ?? []);
  const isPath = (name: string) => (command.pathParams ? pathNames.has(name) : PATH_NAME.test(name));
  const terminal = new Set([...TERMINAL_FLAGS, ...(command.terminalFlags ?? []), ...(command.cliOnlyFlags ?? [])]);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  const params: Param[] = [];
  const add = (param: Param, schema: JsonSchema, isRequired: boolean) => {
    if (properties[param.property])
      throw new Error(`docket ${commandId}: the argument and flag "${param.property}" collide in its MCP tool`);
    properties[param.property] = schema;
    params.push(param);
    if (isRequired) required.push(param.property);
  };

  const args = Object.entries(command.args ?? {}).filter(([, a]) => !a.hidden);
  args.forEach(([name, arg], i) => {
    // oclif takes several values for the last arg of a non-strict command, and for an arg declared `multiple` (check's PATHS).
    const variadic = (command.strict === false || arg.multiple === true) && i === args.length - 1;
    add({ property: snake(name), kind: 'arg', name, variadic, path: isPath(name) }, argSchema(arg, variadic), Boolean(arg.required));
  });
  for (const [name, flag] of Object.entries(command.flags ?? {}).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (flag.hidden || SERVER_OWNED_FLAGS.has(name) || terminal.has(name)) continue;
    // The `apply` property stands for the whole preview choice: --apply and its alias pair --dry-run/--no-dry-run.
    if (preview && (name === preview.flag || PREVIEW_FLAGS.has(name))) continue;
    if (name === 'fields') {
      // The keys --fields accepts are known from the data schema: offer them as an enum.
      const keys = dataKeys(readDataSchema(packageRoot, commandId));
      const description = 'Keep only these top-level keys of data, to save tokens.';
      add(
        { property: 'fields', kind: 'flag', name, flag, joined: true },
        {
          type: 'array',
          items: { type: 'string', ...(keys.length > 0 ? { enum: keys } : {}) },
          minItems: 1,
          uniqueItems: true,
          description,
        },
        false,
      );
      continue;
    }
    add({ property: snake(name), kind: 'flag', name, flag, path: isPath(name) }, flagSchema(flag), Boolean(flag.required));
  }
  if (preview) {
    add(
      { property: 'apply', kind: 'apply', name: preview.flag },
      {
        type: 'boolean',
        default: false,
        description: 'Write the changes. false (the default) is a dry run: the result reports what would change and nothing is written.',
      },
      false,
    );
  }

  const title = `docket ${commandId}`;
  return {
    commandId,
    oclifId: command.id,
    mutates,
    ...(preview ? { preview } : {}),
    params,
    definition: {
      name: toolName(commandId),
      title,
      description: describe(command, preview, params).replace(/\s+/g, ' ').trim(),
      inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false },
      outputSchema: outputSchemaFor(packageRoot, commandId),
      annotations: {
        title,
        readOnlyHint: !mutates,
        destructiveHint: mutates,
        // read-only tools trivially are; writing ones only when they say so
        idempotentHint: !mutates || Boolean(command.idempotent),
        openWorldHint: false,
      },
    },
  };
}

/** One tool per agent-facing command present in the manifest, in AGENT_COMMANDS order. */
export function buildTools(commands: readonly ManifestCommand[], packageRoot: string): Tool[] {
  const byId = new Map(commands.filter((c) => !c.hidden).map((c) => [c.id.replace(/:/g, ' '), c]));
  return AGENT_COMMANDS.flatMap((id) => {
    const command = byId.get(id);
    return command ? [buildTool(command, packageRoot)] : [];
  });
}
