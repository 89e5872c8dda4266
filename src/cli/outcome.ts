import type { ConfigFallback } from '../core/config/fallback.js';
import type { RepoConfig } from '../core/config/types.js';
import type { Advice, Issue } from '../core/issues.js';
import type { DocketError } from '../errors/docket-error.js';
import type { ItemSink } from '../core/stream.js';
import type { Format } from './options.js';

/** What a command's use case returns; the base command turns it into the envelope. */
export interface Outcome<D extends object> {
  data: D;
  warnings?: Issue[];
  violations?: Issue[];
  advice?: Advice[];
  /** Default 'ok'; 'partial' when inputs were skipped (listed in warnings). */
  status?: 'ok' | 'partial' | 'tool-missing';
  /** Default: no violations and no error. */
  success?: boolean;
  /** An error that still comes with data (e.g. tool-missing after a document was created). */
  error?: DocketError;
  metrics?: Record<string, number>;
  /** NDJSON: data keys whose contents were streamed as items; the summary record leaves them out. */
  streamed?: readonly string[];
}

/** Everything a command needs to run, independent of oclif. */
export interface RunContext {
  /** Absolute realpath of the repository root. */
  root: string;
  format: Format;
  env: NodeJS.ProcessEnv;
  signal: AbortSignal;
  /** Whether stdin is an interactive terminal (for prompts). */
  interactive: boolean;
  debug(message: string): void;
  /** When commands may run on the defaults without a config (--root given, the home directory). */
  fallback: ConfigFallback;
  /**
   * Loads docops.config.yaml once; its warnings join the envelope automatically. `orDefaults`:
   * a missing config gives the defaults with a warning, where the Python DocOps CLI runs
   * without one (see loadConfigOrDefaults).
   */
  config(opts?: { orDefaults?: boolean }): Promise<RepoConfig>;
  now(): Date;
  /** An exact docket command line for advice, carrying --root when it is not the default. */
  cmd(command: string): string;
  /**
   * A path from the command line (PATHS, --plan, --from, --output) as the use cases take it:
   * absolute, or relative to the root. Given --root, relative paths already are; with a root
   * found above the working directory, they name files from the working directory, as in ESLint.
   */
  path(p: string): string;
  /** Set in text mode on a terminal: long runs report how far they got (see terminal-progress.ts). */
  progress?: (phase: string, done: number, total: number) => void;
  /** Set with `--format ndjson` (for commands that list it): send results here as they are produced. */
  stream?: ItemSink;
}
