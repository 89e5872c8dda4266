import type { RepoConfig } from '../config/types.js';
import type { CompiledSchema } from '../schema/compile.js';
import type { FsProbe } from './probe.js';

/** What rules may consult besides the document itself: the whole loaded repository. */
export interface RuleContext {
  config: RepoConfig;
  schemaFor(schemaPath: string): CompiledSchema | undefined;
  /** Paths of the governed documents whose trimmed document_id is `id`, in path order (empty: none). */
  pathsWithId(id: string): readonly string[];
  /** How many governed documents use `id` (pathsWithId(id).length without building the list). */
  countWithId(id: string): number;
  /** Every trimmed document_id in use. */
  ids(): Iterable<string>;
  /** How many documents would be renamed to each lower-cased target path. */
  renameTargets: Map<string, number>;
  probe: FsProbe;
  /** Highest sequence number per `PREFIX-TYPE-` among the IDs in use; computed on first use. */
  highestSeq?: Map<string, number>;
}
