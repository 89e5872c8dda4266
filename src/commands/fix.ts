import * as Flags from '@oclif/core/flags';
import { ignoreFlags } from '../cli/ignore-flags.js';
import { exitZeroFlags } from '../cli/agent/exit-zero.js';
import { findingsFlags } from '../cli/agent/findings-cap.js';
import { DocketCommand } from '../cli/base-command.js';
import { applies, applyFlags } from '../cli/apply-flags.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { fixPatch, renderFixMarkdown, renderFixText } from '../cli/render/commands/fix.js';
import type { Style } from '../cli/render/style.js';
import { note } from '../core/diagnostics.js';
import { runFix } from '../core/usecases/fix.js';
import type { FixData } from '../contract/commands.js';

export default class Fix extends DocketCommand<typeof Fix, FixData> {
  static override summary = 'Repair what is mechanical: missing frontmatter and fields, unambiguous values, file names.';
  static override description =
    'Dry run by default: shows a unified diff of every change. --apply writes them atomically, touching only the frontmatter lines it must, then re-checks. Exit 1 while violations remain.';
  static override examples = [
    '<%= config.bin %> fix',
    '<%= config.bin %> fix --apply',
    '<%= config.bin %> fix --apply --namespace billing --format json',
    '<%= config.bin %> fix --plan .docket/scan-plan.json --apply',
  ];
  static mutates = true;
  static override flags = {
    ...ignoreFlags,
    ...applyFlags,
    namespace: Flags.string({ description: 'Fix only the documents of this namespace.', helpValue: '<name>', exclusive: ['plan'] }),
    plan: Flags.string({
      description:
        "Run the actions of a plan written by `docket scan --plan` (or by the Python DocOps CLI's `scan --plan`) instead, previewed unless --apply; each is refused if its source changed since.",
      helpValue: '<file>',
    }),
    patch: Flags.boolean({
      description:
        'Text mode: print only the changes, as one patch `git apply` accepts (`docket fix --patch > fix.patch`); findings and advice go to stderr.',
      exclusive: ['json', 'format'],
    }),
    ...exitZeroFlags,
    ...findingsFlags,
  };
  static override pathParams = ['plan'];

  protected async execute(ctx: RunContext): Promise<Outcome<FixData>> {
    const apply = applies(this.flags);
    note('mode', () =>
      apply ? `apply (${this.flags.apply ? '--apply' : '--no-dry-run'})` : 'dry run: nothing is written (--apply or --no-dry-run writes)',
    );
    const result = await runFix(ctx.root, {
      apply,
      ignoreFiles: this.flags.ignore,
      namespace: this.flags.namespace,
      env: ctx.env,
      now: ctx.now(),
      signal: ctx.signal,
      cmd: ctx.cmd,
      fallback: ctx.fallback,
      ...(this.flags.plan !== undefined ? { plan: ctx.path(this.flags.plan) } : {}),
    });
    if (result.data.namespace !== undefined) note('namespace', () => `only ${result.data.namespace} (--namespace)`);
    this.rawPatch = fixPatch(result.data);
    return {
      data: result.data,
      violations: result.violations,
      warnings: result.warnings,
      advice: result.advice,
      status: result.partial ? 'partial' : 'ok',
    };
  }

  /**
   * The patch as the documents' bytes make it. Text output is escaped (control characters from
   * a document must not reach a terminal), which would break a CRLF file's patch: a file or a
   * pipe gets these bytes, a terminal the escaped text.
   */
  private rawPatch = '';

  protected override answerOnly(): boolean {
    return this.flags?.patch === true; // undefined when parsing failed
  }

  protected override renderText(env: Envelope<FixData>, style: Style): string {
    if (this.flags?.patch) return process.stdout.isTTY ? fixPatch(env.data) : this.rawPatch;
    return renderFixText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<FixData>): string {
    return renderFixMarkdown(env.data);
  }
}
