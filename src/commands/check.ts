import * as Args from '@oclif/core/args';
import { ignoreFlags } from '../cli/ignore-flags.js';
import * as Flags from '@oclif/core/flags';
import { exitZeroFlags } from '../cli/agent/exit-zero.js';
import { findingsFlags } from '../cli/agent/findings-cap.js';
import { DocketCommand } from '../cli/base-command.js';
import { refuseWatchConflicts, startCheckWatch } from '../cli/check-watch.js';
import type { RepeatContext, Repetition } from '../cli/repeat.js';
import type { Envelope } from '../cli/envelope.js';
import { BASE_FORMATS, CI_FORMATS, type CiFormat, type Format } from '../cli/options.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderCheckMarkdown, renderCheckText } from '../cli/render/commands/check.js';
import type { Style } from '../cli/render/style.js';
import { runCheck, type CacheStrategy } from '../core/usecases/check.js';
import type { CheckData } from '../contract/commands.js';

export default class Check extends DocketCommand<typeof Check, CheckData> {
  static override summary = 'Check governed documents: frontmatter, schema, IDs, placement, filenames, links.';
  static override description =
    'PATHS (files, directories, globs) limit the documents checked; IDs are still compared with the whole repository. Exit 1 on violations, and on warnings with --strict (--exit-zero: 0 whenever the run completed). For CI: --format sarif (code scanning), github (annotations) or junit (test reports).';
  static override examples = [
    '<%= config.bin %> check',
    '<%= config.bin %> check docs/45-adr --format json',
    '<%= config.bin %> check "docs/**/adr-*.md" --strict',
    '<%= config.bin %> check "docs/**/*.md" "!docs/archive/**"',
    '<%= config.bin %> check --format sarif --output docket.sarif',
    '<%= config.bin %> check --format github',
    '<%= config.bin %> check --staged',
    '<%= config.bin %> check --watch',
    '<%= config.bin %> check --watch --format ndjson',
  ];
  static mutates = false;
  /** A watch never ends; a tool call must. */
  static override cliOnlyFlags = ['watch'];
  static override formats: readonly Format[] = [...BASE_FORMATS, 'ndjson', 'sarif', 'github', 'junit'];
  static override args = {
    paths: Args.string({
      description: 'Files, directories or globs (picomatch syntax) to check; `!glob` leaves paths out (default: every governed document).',
      multiple: true,
    }),
  };
  static override flags = {
    ...ignoreFlags,
    strict: Flags.boolean({ description: 'Fail (exit 1) on warnings too.' }),
    quiet: Flags.boolean({ char: 'q', description: 'Text mode: print only failures.' }),
    staged: Flags.boolean({
      description:
        'Check the documents staged for commit as the git index holds them (what the commit will contain), as lint-staged does; the working tree is not changed. Other documents are read from the working tree for IDs and links; untracked files are not checked. PATHS narrow the staged set.',
    }),
    'no-cache': Flags.boolean({
      description:
        'Neither read nor write the cache under .docket/cache/: read and check every document from scratch (results are the same).',
    }),
    'cache-strategy': Flags.string({
      description:
        'How the cache recognises an unchanged document. metadata: by size and modification time. content: also by the SHA-256 of its bytes when those changed (a fresh CI checkout with a restored cache); use it only with a cache from your own runs, never one that came with the checkout.',
      options: ['metadata', 'content'],
      default: 'metadata',
    }),
    watch: Flags.boolean({
      description:
        'Keep running: check now, then again after every change to the governed documents, the config or the schemas (a burst of saves is one run; unchanged documents come from the cache), until Ctrl-C (exit 130). Text on a terminal redraws the report under a status line; elsewhere each run follows the last under a `=== run N ===` line. --format ndjson writes a whole stream per run, each ended by its summary record. Refused (FLAG_CONFLICT): --staged (editing files does not change the git index it checks), --output (a watch never ends, so the file would never be complete) and the formats of one result (json, md, sarif, github, junit).',
    }),
    ...findingsFlags,
    ...exitZeroFlags,
  };

  /** The CI renderers, loaded only for a CI format (render time is synchronous). */
  private ci?: typeof import('../cli/render/ci/report.js');

  protected override async repetition(run: RepeatContext): Promise<Repetition | undefined> {
    if (!this.flags.watch) return undefined;
    refuseWatchConflicts(run, { staged: this.flags.staged, json: this.flags.json, format: this.flags.format });
    return startCheckWatch(run, this.flags.ignore);
  }

  protected async execute(ctx: RunContext): Promise<Outcome<CheckData>> {
    // --quiet prints only failures; under --strict warnings are failures too, so they stay.
    this.quiet = this.flags.quiet && !this.flags.strict;
    if (CI_FORMATS.has(ctx.format)) this.ci = await import('../cli/render/ci/report.js');
    const result = await runCheck(ctx.root, {
      paths: (this.args.paths ?? []).map(ctx.path),
      strict: this.flags.strict,
      cache: !this.flags['no-cache'],
      cacheStrategy: this.flags['cache-strategy'] as CacheStrategy,
      ignoreFiles: this.flags.ignore,
      staged: this.flags.staged,
      signal: ctx.signal,
      cmd: ctx.cmd,
      ...(ctx.stream ? { sink: ctx.stream } : {}),
      ...(ctx.progress ? { progress: ctx.progress } : {}),
    });
    return {
      data: result.data,
      violations: result.violations,
      warnings: result.warnings,
      advice: result.advice,
      success: result.success,
      status: result.partial ? 'partial' : 'ok',
      streamed: ['checked_paths'],
      metrics: result.metrics,
    };
  }

  protected override renderText(env: Envelope<CheckData>, style: Style): string {
    return renderCheckText(env, style, this.quiet);
  }

  protected override renderMarkdown(env: Envelope<CheckData>): string {
    return renderCheckMarkdown(env.data);
  }

  protected override renderFormat(format: Format, env: Envelope<CheckData>): string {
    if (CI_FORMATS.has(format) && this.ci) return this.ci.renderCiReport(format as CiFormat, env as unknown as Envelope);
    return super.renderFormat(format, env);
  }
}
