/** Command definitions as oclif.manifest.json holds them (no command file is imported). */

export interface ManifestFlag {
  name: string;
  type: 'boolean' | 'option';
  description?: string;
  summary?: string;
  char?: string;
  options?: readonly string[];
  default?: unknown;
  multiple?: boolean;
  delimiter?: string;
  allowNo?: boolean;
  required?: boolean;
  hidden?: boolean;
  /** Added by scripts/manifest.js for Flags.integer. */
  valueType?: 'integer';
  min?: number;
  max?: number;
}

export interface ManifestArg {
  name: string;
  description?: string;
  required?: boolean;
  /** The arg takes several values (oclif `Args.string({ multiple: true })`). */
  multiple?: boolean;
  options?: readonly string[];
  default?: unknown;
  hidden?: boolean;
}

export interface Preview {
  flag: string;
  mode: 'apply' | 'dry-run';
}

export interface ManifestCommand {
  id: string;
  summary?: string;
  description?: string;
  hidden?: boolean;
  /** false: the command takes a variable number of arguments (the last arg repeats). */
  strict?: boolean;
  args?: Record<string, ManifestArg>;
  flags?: Record<string, ManifestFlag>;
  // DocketCommand statics (see src/cli/base-command.ts)
  mutates?: boolean;
  preview?: Preview;
  pathParams?: readonly string[];
  terminalFlags?: readonly string[];
  cliOnlyFlags?: readonly string[];
  idempotent?: boolean;
}

/**
 * The commands `docket mcp` offers as tools, when they exist: this list is the only place
 * that names them. Everything else about a tool comes from the command's definition.
 */
export const AGENT_COMMANDS: readonly string[] = [
  'check',
  'fix',
  'new',
  'index',
  'resolve',
  'identify',
  'link',
  'graph',
  'context',
  'doctor',
  'scan',
  'explain',
  'capabilities',
  'init',
  'list',
  'mv',
  'state next',
  'state get',
  'state list',
  'state blockers',
  'state set',
  'protocol check',
  'protocol sync',
  'migrate-ids',
  'migrate-templates',
];

/** The MCP tool name of a command id ("adr new" becomes "adr_new"). */
export function toolName(commandId: string): string {
  return commandId.replace(/[: ]/g, '_');
}

export function isAgentCommand(commandId: string): boolean {
  return AGENT_COMMANDS.includes(commandId.replace(/:/g, ' '));
}

/** The preview (dry-run) flag of a writing command: declared, or inferred from an --apply or --dry-run flag. */
export function previewOf(command: ManifestCommand): Preview | undefined {
  if (command.preview) return command.preview;
  if (!command.mutates) return undefined;
  const flags = command.flags ?? {};
  if (flags.apply?.type === 'boolean') return { flag: 'apply', mode: 'apply' };
  if (flags['dry-run']?.type === 'boolean') return { flag: 'dry-run', mode: 'dry-run' };
  return undefined;
}
