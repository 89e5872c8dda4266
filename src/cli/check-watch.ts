import { RepositoryWatch } from '../core/watch/repository-watch.js';
import { DocketError } from '../errors/docket-error.js';
import { verboseLog } from './io.js';
import type { Format } from './options.js';
import { plural } from './render/words.js';
import { RunFrames, type RepeatContext, type Repetition } from './repeat.js';

/** The formats that can show one run after another: text (redrawn on a terminal) and NDJSON (a stream per run). */
const WATCH_FORMATS: ReadonlySet<Format> = new Set(['text', 'ndjson']);

function conflict(message: string, suggestion: string, flags: string[]): DocketError {
  return new DocketError('FLAG_CONFLICT', message, { suggestion, details: { flags } });
}

/**
 * check --watch refuses what cannot repeat: a format of one result (json, md, sarif, github,
 * junit), --output (a file written when the run ends: a watch never ends), and --staged (the
 * git index, which no file change touches).
 */
export function refuseWatchConflicts(run: RepeatContext, opts: { staged: boolean; json: boolean; format?: string }): void {
  if (!WATCH_FORMATS.has(run.format)) {
    // The format came from --json, --format, or the session's DOCKET_FORMAT.
    const flag = opts.json ? '--json' : opts.format !== undefined ? '--format' : 'DOCKET_FORMAT';
    const given = opts.json ? '--json' : opts.format !== undefined ? `--format ${run.format}` : `DOCKET_FORMAT=${run.format}`;
    throw conflict(
      `--watch prints a result after every change; ${given} prints exactly one result.`,
      'Use --format ndjson for machine-readable runs (one stream per run, each ended by its summary record), or drop --watch.',
      ['--watch', flag],
    );
  }
  if (run.output)
    throw conflict(
      '--watch never ends, so the --output file would never be written.',
      "Drop --output (redirect stdout instead: each run's report follows the last), or drop --watch.",
      ['--watch', '--output'],
    );
  if (opts.staged)
    throw conflict(
      '--staged checks what the git index holds, which editing files does not change; --watch checks the working tree after each change.',
      'Drop --staged to watch the working tree, or drop --watch to check the staged documents once.',
      ['--watch', '--staged'],
    );
}

/** Starts watching the repository before the first run (a change during it is not lost). */
export async function startCheckWatch(run: RepeatContext, ignoreFiles: boolean): Promise<Repetition> {
  const frames = new RunFrames({
    format: run.format,
    verbose: run.verbose,
    terminal: Boolean(process.stdout.isTTY) && process.env.TERM !== 'dumb',
    watching: (printed) => {
      const checked = (printed.data as { files_checked?: unknown }).files_checked;
      return typeof checked === 'number' ? `Watching ${plural(checked, 'document')}` : 'Watching for changes';
    },
  });
  const watch = await RepositoryWatch.start(run.root, { ignoreFiles, problem: (issue) => frames.problem(issue) });
  if (run.verbose) verboseLog('watch', `${watch.directories} director${watch.directories === 1 ? 'y' : 'ies'} watched`);
  return {
    triggers: watch.triggers(run.signal),
    before: (trigger) => frames.before(trigger),
    after: (trigger, printed) => frames.after(trigger, printed),
    close: () => watch.close(),
  };
}
