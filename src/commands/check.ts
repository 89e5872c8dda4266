import { Args, Flags } from '@oclif/core';
import { DocketCommand } from '../cli/base-command.js';
import { BASE_FORMATS } from '../cli/options.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderCheckMarkdown, renderCheckText } from '../cli/render/commands/check.js';
import type { Style } from '../cli/render/style.js';
import { runCheck, type CheckData } from '../core/usecases/check.js';

export default class Check extends DocketCommand<typeof Check, CheckData> {
  static override summary = 'Check governed documents: frontmatter, schema, IDs, placement, filenames, links.';
  static override description = 'PATHS (files, directories, globs) limit the documents checked; IDs are still compared with the whole repository. Exit 1 on violations, and on warnings with --strict.';
  static override examples = [
    '<%= config.bin %> check',
    '<%= config.bin %> check docs/45-adr --format json',
    '<%= config.bin %> check "docs/**/adr-*.md" --strict',
  ];
  static mutates = false;
  static override formats = [...BASE_FORMATS, 'ndjson'] as const;
  static override args = {
    paths: Args.string({ description: 'Files, directories or globs to check (default: every governed document).', multiple: true }),
  };
  static override flags = {
    strict: Flags.boolean({ description: 'Fail (exit 1) on warnings too.' }),
    quiet: Flags.boolean({ char: 'q', description: 'Text mode: print only failures.' }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<CheckData>> {
    this.quiet = this.flags.quiet;
    const result = await runCheck(ctx.root, { paths: this.args.paths ?? [], strict: this.flags.strict, signal: ctx.signal, cmd: ctx.cmd, ...(ctx.stream ? { sink: ctx.stream } : {}) });
    return { data: result.data, violations: result.violations, warnings: result.warnings, advice: result.advice, success: result.success, status: result.partial ? 'partial' : 'ok', streamed: ['checked_paths'] };
  }

  protected override renderText(env: Envelope<CheckData>, style: Style): string {
    return renderCheckText(env, style, this.quiet);
  }

  protected override renderMarkdown(env: Envelope<CheckData>): string {
    return renderCheckMarkdown(env.data);
  }
}
