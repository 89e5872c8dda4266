// The data of the commands that describe docket itself and its setup: capabilities, version,
// completion, context, doctor.

export interface FlagInfo {
  name: string;
  type: 'boolean' | 'option';
  description: string;
  /** For options: integer flags say so (min/max apply); others take strings. */
  value_type?: 'string' | 'integer';
  char?: string;
  options?: string[];
  default?: unknown;
  multiple?: boolean;
  allow_no?: boolean;
}

export interface ArgInfo {
  name: string;
  required: boolean;
  description: string;
  multiple?: boolean;
}

export interface CommandInfo {
  id: string;
  summary: string;
  mutates: boolean;
  formats: string[];
  args: ArgInfo[];
  flags: FlagInfo[];
  /** The flag that previews a writing command (`docket mcp` makes it the default). */
  preview?: { flag: string; mode: 'apply' | 'dry-run' };
  /** The tool name under `docket mcp`, for agent-facing commands. */
  mcp_tool?: string;
}

export interface Capabilities {
  name: string;
  version: string;
  output_schema_version: string;
  node: { required: string; running: string };
  formats: string[];
  global_flags: FlagInfo[];
  commands: CommandInfo[];
  codes: { code: string; kind: string; exit_code: number; category: string }[];
  exit_codes: { exit_code: number; meaning: string }[];
  environment: { name: string; description: string }[];
}

export interface VersionData {
  version: string;
  node: string;
  platform: string;
  arch: string;
}

export type Shell = 'bash' | 'zsh';

/** `docket completion`'s data: the shell and its script. */
export interface CompletionData {
  shell: Shell;
  script: string;
}

export interface AgentInfo {
  /** The calling agent, or `unknown`. */
  name: string;
  /** The environment variable it was detected from, or null. */
  detected_from: string | null;
}

export interface NamespaceContext {
  name: string;
  repo_prefix: string;
  docs_root: string;
  schema_path: string;
  document_types: { type: string; directory: string; description?: string; template?: string }[];
  default_owner?: string;
  /** The statuses and implementation states the config declares (defaults when it declares none). */
  valid_doc_statuses: string[];
  valid_impl_states: string[];
  document_count?: number;
}

export interface DocumentSummary {
  document_id: string | null;
  path: string;
  type: string | null;
  title: string | null;
  status: string | null;
}

export interface ContextData {
  project_name: string;
  config_path: string;
  repo_prefix: string;
  docops_version: string;
  docs_root: string;
  schema_path: string;
  index_path: string;
  /** The Python DocOps CLI's catalogue view in each index directory: never governed. */
  catalog_name: string;
  namespaces: NamespaceContext[];
  agent: AgentInfo;
  deep?: { budget_ms: number; complete: boolean; documents_listed: number };
  documents?: DocumentSummary[];
}

export type CheckStatus = 'ok' | 'warn' | 'error';

export interface DoctorCheck {
  name: string;
  status: CheckStatus;
  message: string;
}

export interface DoctorData {
  status: CheckStatus;
  checks: DoctorCheck[];
}
