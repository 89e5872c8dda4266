import type { FindingsData } from './findings.js';
import type { Envelope } from './envelope.js';
import type { McpData } from './mcp.js';
import type { IndexData } from './data/document-index.js';
import type { CheckData, SiteData } from './data/check.js';
import type { FixData } from './data/fix.js';
import type { ScanData } from './data/scan.js';
import type { CodeExplanation, CodeList, ForeignCodeExplanation, ForeignCodeSummary } from './data/explain.js';
import type { Capabilities, CompletionData, ContextData, DoctorData, VersionData } from './data/meta.js';
import type { GraphData } from '../core/usecases/graph.js';
import type { IdentifyData, LinkData, ResolveData } from '../core/usecases/navigate.js';
import type { InitData } from '../core/usecases/init.js';
import type { InstallPrecommitData } from '../core/usecases/install-precommit.js';
import type { ListTypesData } from '../core/usecases/list-types.js';
import type { ListData } from '../core/usecases/list.js';
import type { MoveData } from '../core/usecases/move.js';
import type { MigrateIdsData } from '../core/usecases/migrate-ids.js';
import type { MigrateTemplatesData } from '../core/usecases/migrate-templates.js';
import type { NewData } from '../core/usecases/new-document.js';
import type { OrgInstallData } from '../core/usecases/org-install.js';
import type { OrgStatusData } from '../core/usecases/org-status.js';
import type { OrgVendorData } from '../core/usecases/org-vendor.js';
import type { ProtocolCheckData } from '../core/usecases/protocol-check.js';
import type { ProtocolSyncData } from '../core/usecases/protocol-sync.js';
import type { StateBlockersData, StateGetData, StateListData, StateNextData } from '../core/usecases/state-read.js';
import type { StateSetData } from '../core/usecases/state-set.js';

/**
 * The `data` type of each command, keyed by command id (space-separated for subcommands).
 * A command added to docket adds its entry here, from the type its use case exports.
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
