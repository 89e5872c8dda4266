import type { FindingsData } from '../cli/agent/findings-types.js';
import type { Envelope } from '../cli/envelope.js';
import type { McpData } from '../cli/mcp/types.js';
import type { Capabilities } from '../core/usecases/capabilities.js';
import type { ContextData } from '../core/usecases/context.js';
import type { DoctorData } from '../core/usecases/doctor.js';
import type { CodeExplanation, CodeList } from '../core/usecases/explain.js';
import type { IndexData } from '../core/usecases/index.js';
import type { InitData } from '../core/usecases/init.js';
import type { IdentifyData, LinkData, ResolveData } from '../core/usecases/navigate.js';
import type { ScanData } from '../core/usecases/scan.js';

/**
 * The `data` type of each command, keyed by command id (space-separated for subcommands).
 * A command added to docket adds its entry here, from the type its use case exports.
 */
export interface CommandDataMap {
  capabilities: Capabilities;
  context: ContextData;
  doctor: DoctorData & FindingsData;
  explain: CodeExplanation | CodeList;
  identify: IdentifyData;
  index: IndexData;
  init: InitData;
  link: LinkData;
  mcp: McpData;
  resolve: ResolveData;
  scan: ScanData;
}

export type CommandId = keyof CommandDataMap;

/** The data type of a command; commands this version does not know get a plain record. */
export type DataOf<C extends string> = C extends CommandId ? CommandDataMap[C] : Record<string, unknown>;

/** The envelope of command C. */
export type EnvelopeOf<C extends string> = Envelope<DataOf<C>>;

/** Any known command's envelope, discriminated by `command`. */
export type KnownEnvelope = { [C in CommandId]: Envelope<CommandDataMap[C]> & { command: C } }[CommandId];

export type { Advice, Issue, Severity } from '../core/issues.js';
export type { Envelope, ErrorInfo, Status } from '../cli/envelope.js';
export type { Capabilities, CodeExplanation, CodeList, ContextData, DoctorData, FindingsData, IdentifyData, IndexData, InitData, LinkData, McpData, ResolveData, ScanData };
