import type { FindingsData } from './findings.js';
import type { Envelope } from './envelope.js';
import type { McpData } from './mcp.js';
import type { LspData } from './lsp.js';
import type { InitData, InstallPrecommitData, ListTypesData, NewData } from './data/authoring.js';
import type { MigrateIdsData, MigrateTemplatesData, MoveData } from './data/migrate.js';
import type { GraphData, IdentifyData, LinkData, ListData, ResolveData } from './data/navigate.js';
import type { OrgInstallData, OrgStatusData, OrgVendorData } from './data/org.js';
import type { ProtocolCheckData, ProtocolSyncData } from './data/protocol.js';
import type { StateBlockersData, StateGetData, StateListData, StateNextData, StateSetData } from './data/state.js';
import type { IndexData } from './data/document-index.js';
import type { CheckData, SiteData } from './data/check.js';
import type { FixData } from './data/fix.js';
import type { ScanData } from './data/scan.js';
import type { CodeExplanation, CodeList, ForeignCodeExplanation, ForeignCodeSummary } from './data/explain.js';
import type { Capabilities, CompletionData, ContextData, DoctorData, VersionData } from './data/meta.js';

/**
 * The `data` type of each command, keyed by command id (space-separated for subcommands).
 * A command added to docket adds its entry here, from its data type in ./data/ (defined there, used by core).
 */
export interface CommandDataMap {
  'adr list': ListData;
  'adr new': NewData;
  capabilities: Capabilities;
  check: CheckData & FindingsData;
  completion: CompletionData;
  context: ContextData;
  doctor: DoctorData & FindingsData;
  /** A docket code, a code of the Python DocOps CLI (origin `meminit`), or with --list all of them. */
  explain: CodeExplanation | ForeignCodeExplanation | CodeList;
  fix: FixData & FindingsData;
  graph: GraphData;
  identify: IdentifyData;
  index: IndexData & FindingsData;
  init: InitData;
  'install-precommit': InstallPrecommitData;
  link: LinkData;
  list: ListData;
  mcp: McpData;
  lsp: LspData;
  'migrate-ids': MigrateIdsData;
  'migrate-templates': MigrateTemplatesData;
  mv: MoveData;
  /** A document, or with --list-types the namespace's types. */
  new: NewData | ListTypesData;
  'org install': OrgInstallData;
  'org status': OrgStatusData;
  'org vendor': OrgVendorData;
  resolve: ResolveData;
  scan: ScanData;
  site: SiteData;
  version: VersionData;
  'state blockers': StateBlockersData;
  'state get': StateGetData;
  'state list': StateListData;
  'state next': StateNextData;
  'state set': StateSetData;
  'protocol check': ProtocolCheckData;
  'protocol sync': ProtocolSyncData;
}

export type CommandId = keyof CommandDataMap;

/** The data type of a command; commands this version does not know get a plain record. */
export type DataOf<C extends string> = C extends CommandId ? CommandDataMap[C] : Record<string, unknown>;

/** The envelope of command C. */
export type EnvelopeOf<C extends string> = Envelope<DataOf<C>>;

/** Any known command's envelope, discriminated by `command`. */
export type KnownEnvelope = { [C in CommandId]: Envelope<CommandDataMap[C]> & { command: C } }[CommandId];

export type { Advice, Issue, Severity } from './issues.js';
export type { Envelope, ErrorInfo, Status } from './envelope.js';
export type {
  Capabilities,
  CheckData,
  CodeExplanation,
  CodeList,
  ForeignCodeExplanation,
  ForeignCodeSummary,
  ContextData,
  DoctorData,
  FindingsData,
  FixData,
  IdentifyData,
  IndexData,
  InitData,
  InstallPrecommitData,
  LinkData,
  ListData,
  ListTypesData,
  McpData,
  MigrateIdsData,
  MigrateTemplatesData,
  MoveData,
  NewData,
  OrgInstallData,
  OrgStatusData,
  OrgVendorData,
  ResolveData,
  ScanData,
  SiteData,
  StateBlockersData,
  StateGetData,
  StateListData,
  StateNextData,
  StateSetData,
  ProtocolCheckData,
  ProtocolSyncData,
};
