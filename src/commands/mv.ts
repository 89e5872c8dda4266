import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import { applies, applyFlags } from '../cli/apply-flags.js';
import type { Envelope } from '../cli/envelope.js';
import { ignoreFlags } from '../cli/ignore-flags.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { movePatch, renderMoveMarkdown, renderMoveText } from '../cli/render/commands/mv.js';
import type { Style } from '../cli/render/style.js';
import { note } from '../core/diagnostics.js';
import { runMove } from '../core/usecases/move.js';
import type { MoveData } from '../contract/commands.js';

export default class Mv extends DocketCommand<typeof Mv, MoveData> {
  static override summary = 'Move or rename a governed document and rewrite every relative link to it and from it.';
  static override description =
    'Dry run by default: shows the move and every link it rewrites as one patch `git apply` takes. --apply writes all the files as one set (all or nothing). Anchors, queries, link text and every other byte stay; links in code are not links. TARGET is a file, or a directory (existing, or with a trailing slash) that receives the document under its name.';
  static override examples = [
    '<%= config.bin %> mv docs/45-adr/adr-001-use-pg.md docs/45-adr/adr-001-use-postgres.md',
    '<%= config.bin %> mv docs/notes/design.md docs/45-adr/ --apply',
    '<%= config.bin %> mv docs/a.md docs/b.md --patch > move.patch',
  ];
  static mutates = true;
  static override pathParams = ['source', 'target'];
  static override args = {
    source: Args.string({ description: 'The governed document to move (a path relative to the repository root).', required: true }),
    target: Args.string({ description: 'Its new path, or a directory to move it into.', required: true }),
  };
  static override flags = {
    ...ignoreFlags,
    ...applyFlags,
    patch: Flags.boolean({
      description: 'Text mode: print only the changes, as one patch `git apply` accepts; warnings and advice go to stderr.',
      exclusive: ['json', 'format'],
    }),
  };

  private rawPatch = '';

  protected async execute(ctx: RunContext): Promise<Outcome<MoveData>> {
    const apply = applies(this.flags);
    note('mode', () => (apply ? 'apply' : 'dry run: nothing is written (--apply writes)'));
    const result = await runMove(ctx.root, {
      source: ctx.path(this.args.source),
      target: ctx.path(this.args.target),
      apply,
      ignoreFiles: this.flags.ignore,
      signal: ctx.signal,
      cmd: ctx.cmd,
      fallback: ctx.fallback,
    });
    this.rawPatch = movePatch(result.data);
    return { data: result.data, violations: [], warnings: result.warnings, advice: result.advice, status: 'ok' };
  }

  protected override answerOnly(): boolean {
    return this.flags?.patch === true;
  }

  protected override renderText(env: Envelope<MoveData>, style: Style): string {
    // A file or a pipe gets the documents' bytes; a terminal the escaped text (see fix).
    if (this.flags?.patch) return process.stdout.isTTY ? movePatch(env.data) : this.rawPatch;
    return renderMoveText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<MoveData>): string {
    return renderMoveMarkdown(env.data);
  }
}
