import * as Args from '@oclif/core/args';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderDocumentMarkdown, renderDocumentText } from '../cli/render/commands/navigate.js';
import type { Style } from '../cli/render/style.js';
import { runIdentify } from '../core/usecases/navigate.js';
import type { IdentifyData } from '../contract/commands.js';

export default class Identify extends DocketCommand<typeof Identify, IdentifyData> {
  static override summary = 'Tell the ID (and title, status) of the governed document at a path.';
  static override description =
    'PATH is absolute or relative to the root; a path outside the root is refused (exit 77). A file that is not an indexed document is DOCUMENT_NOT_INDEXED (exit 66) with the reason.';
  static override examples = [
    '<%= config.bin %> identify docs/45-adr/adr-001-use-postgres.md',
    '<%= config.bin %> identify "$PWD/docs/45-adr/adr-001-use-postgres.md" --format json',
  ];
  static mutates = false;
  static override answerOnly = true;
  static override args = {
    path: Args.string({ description: 'Path of a governed document (absolute, or relative to the root).', required: true }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<IdentifyData>> {
    return runIdentify(ctx.root, ctx.path(this.args.path), ctx.signal, ctx.cmd, ctx.fallback);
  }

  protected override renderText(env: Envelope<IdentifyData>, style: Style): string {
    return renderDocumentText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<IdentifyData>): string {
    return renderDocumentMarkdown(env.data);
  }
}
