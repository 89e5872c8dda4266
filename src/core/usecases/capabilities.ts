import { CODES } from '../../errors/codes.js';
import { EXIT_MEANINGS } from '../../errors/types.js';
import { MEMINIT_ENV_FALLBACKS } from '../env.js';
import type { FlagInfo, CommandInfo, Capabilities } from '../../contract/data/meta.js';
export type { FlagInfo, CommandInfo, Capabilities };

const ENVIRONMENT = [
  { name: 'DOCKET_FORMAT', description: 'Default output format when --format/--json is not given (text, json, md, ...).' },
  { name: 'DOCKET_RUN_ID', description: "Pins the envelope's run_id (a UUID) for reproducible output." },
  { name: 'DOCKET_CORRELATION_ID', description: 'Default for --correlation-id.' },
  { name: 'DOCKET_DEBUG', description: 'Set to 1 to print diagnostics and stack traces to stderr (like --debug).' },
  { name: 'DOCKET_AGENT', description: 'Names the calling agent in `docket context` when it cannot be detected.' },
  { name: 'DOCKET_DEFAULT_OWNER', description: 'Default owner for new documents.' },
  { name: 'DOCKET_TODAY', description: 'Pins "today" (YYYY-MM-DD) for last_updated (new, fix) and {{date}}, for reproducible output.' },
  {
    name: 'DOCKET_WALK_LIMIT',
    description:
      'Markdown files a walk (scan, check, index, context --deep) lists before it stops (1 to 1000000000, default 100000); past it the run is partial (WALK_LIMIT_REACHED).',
  },
  {
    name: 'DOCKET_DEEP_BUDGET_MS',
    description:
      'Time budget of `context --deep` in milliseconds (0 to 3600000, default 10000); past it the list is partial (DEEP_BUDGET_EXCEEDED).',
  },
  {
    name: 'DOCKET_LOCK_TIMEOUT_MS',
    description:
      "How long `new --id` waits for another process holding the same ID claim, and `state set` for the state file's lock (default 10000).",
  },
  {
    name: 'DOCKET_ACTOR_ID',
    description: 'Names who makes a change in `state set` (updated_by) when --actor is not given; default: the user name.',
  },
  { name: 'VISUAL', description: 'Editor for `new --edit` (preferred over EDITOR).' },
  { name: 'EDITOR', description: 'Editor for `new --edit` when VISUAL is not set.' },
  { name: 'XDG_DATA_HOME', description: 'Base of the org profile directory (docket/profiles/); default ~/.local/share.' },
  { name: 'NO_COLOR', description: 'Any non-empty value disables colour.' },
  { name: 'FORCE_COLOR', description: 'Forces colour on (0 or false forces it off), even when piped.' },
  // The Python DocOps CLI's names, read in place of docket's own when those are not set.
  ...Object.entries(MEMINIT_ENV_FALLBACKS).map(([docket, meminit]) => ({
    name: meminit,
    description: `Read in place of ${docket} when that is not set (the Python DocOps CLI's name for it)${docket === 'DOCKET_RUN_ID' ? '; ignored when not a UUID, as that tool does' : ''}.`,
  })),
].sort((a, b) => (a.name < b.name ? -1 : 1));

export function buildCapabilities(input: {
  version: string;
  outputSchemaVersion: string;
  globalFlags: FlagInfo[];
  commands: CommandInfo[];
  nodeRequired: string;
}): Capabilities {
  const byName = (a: { name: string }, b: { name: string }) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const commands = input.commands
    .map((c) => ({ ...c, flags: [...c.flags].sort(byName), formats: [...c.formats].sort() }))
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  return {
    name: 'docket',
    version: input.version,
    output_schema_version: input.outputSchemaVersion,
    node: { required: input.nodeRequired, running: process.versions.node },
    formats: [...new Set(commands.flatMap((c) => c.formats))].sort(),
    global_flags: [...input.globalFlags].sort(byName),
    commands,
    codes: Object.entries(CODES)
      .map(([code, spec]) => ({ code, kind: spec.kind, exit_code: spec.exit, category: spec.category }))
      .sort((a, b) => (a.code < b.code ? -1 : 1)),
    exit_codes: Object.entries(EXIT_MEANINGS).map(([exit, meaning]) => ({ exit_code: Number(exit), meaning })),
    environment: ENVIRONMENT,
  };
}
