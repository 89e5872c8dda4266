import type { Issue } from '../core/issues.js';
import type { Trigger } from '../core/watch/repository-watch.js';
import type { Envelope } from './envelope.js';
import { verboseLog, writeStderr, writeStdout } from './io.js';
import type { Format } from './options.js';
import { safeText } from './render/style.js';

/** What the base command needs to decide on a repeated run, once the format and root are known. */
export interface RepeatContext {
  root: string;
  format: Format;
  signal: AbortSignal;
  /** --output was given. */
  output: boolean;
  /** --verbose: each run's changes are named on stderr. */
  verbose: boolean;
}

/**
 * A command that runs again after each change (check --watch): the base command runs and
 * prints each run as it prints a single one, in between calling `before` and `after`.
 */
export interface Repetition {
  /** The first run at once, then one per batch of changes; ends once the signal stopped the watch. */
  triggers: AsyncIterable<Trigger>;
  before(trigger: Trigger): Promise<void>;
  after(trigger: Trigger, printed: Envelope): Promise<void>;
  close(): void;
}

/** Changed paths named in a separator or the status line: the first few, then how many more. */
const NAMED_CHANGES = 3;

function changesText(changed: readonly string[]): string {
  if (changed.length === 0) return '';
  const named = changed.slice(0, NAMED_CHANGES).map(safeText).join(', ');
  return changed.length > NAMED_CHANGES ? `${named} and ${changed.length - NAMED_CHANGES} more` : named;
}

/** Clears the screen and puts the cursor home (the scrollback is kept). */
const CLEAR_SCREEN = '\x1b[2J\x1b[H';

export interface FrameOptions {
  format: Format;
  /** stdout is a terminal that understands escape codes (text mode only redraws there). */
  terminal: boolean;
  /** The status line's first words, from the printed run (check: "Watching 120 documents"). */
  watching(printed: Envelope): string;
  /** --verbose: each run's changes, all of them, on stderr. */
  verbose: boolean;
  /** The local time of day, for the status line; a seam for tests. */
  clock?: () => Date;
}

/**
 * How repeated runs are framed around the command's own report. Text on a terminal: the screen
 * is cleared before each run and a status line follows it on stderr (what is watched, the
 * time of the run and what changed). Text elsewhere (a pipe, a log): each run's report after
 * the last, under a `=== run N ===` line on stdout, without escape codes or times, and one
 * notice on stderr that the watch goes on. NDJSON: nothing around the runs (each is a whole
 * stream ended by its summary), and the same notice on stderr.
 */
export class RunFrames {
  private readonly problems: Issue[] = [];
  private noticed = false;

  constructor(private readonly opts: FrameOptions) {}

  private get redraws(): boolean {
    return this.opts.format === 'text' && this.opts.terminal;
  }

  /** A watch problem (WATCH_INCOMPLETE): said on stderr at once, and kept in the status line. */
  problem(issue: Issue): void {
    this.problems.push(issue);
    const suggestion = issue.suggestion ? `\n  suggestion: ${safeText(issue.suggestion)}` : '';
    void writeStderr(`docket: warning [${issue.code}]: ${safeText(issue.message)}${suggestion}\n`);
  }

  async before(trigger: Trigger): Promise<void> {
    if (this.opts.verbose)
      verboseLog('watch', `run ${trigger.run}${trigger.changed.length > 0 ? ` after changes to: ${trigger.changed.join(', ')}` : ''}`);
    if (this.redraws) await writeStdout(CLEAR_SCREEN);
    else if (this.opts.format === 'text') {
      const why = trigger.changed.length > 0 ? ` (changed: ${changesText(trigger.changed)})` : '';
      await writeStdout(`${trigger.run > 1 ? '\n' : ''}=== run ${trigger.run}${why} ===\n`);
    }
  }

  async after(trigger: Trigger, printed: Envelope): Promise<void> {
    if (this.redraws) {
      const time = (this.opts.clock ?? (() => new Date()))().toTimeString().slice(0, 8);
      const why = trigger.changed.length > 0 ? ` after changes to ${changesText(trigger.changed)}` : '';
      const missed = this.problems.length > 0 ? ` Some changes are not seen (${this.problems[0]!.code}).` : '';
      await writeStderr(`\n${safeText(this.opts.watching(printed))}; last run ${time}${why}. Press Ctrl-C to stop.${missed}\n`);
      return;
    }
    if (!this.noticed) {
      this.noticed = true;
      await writeStderr(`docket: ${safeText(this.opts.watching(printed))}; checking again after each change until interrupted (Ctrl-C).\n`);
    }
  }
}
