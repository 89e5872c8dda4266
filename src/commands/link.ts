import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import type { Style } from '../cli/render/style.js';
import { runLink } from '../core/usecases/navigate.js';
import type { LinkData } from '../contract/commands.js';

export default class Link extends DocketCommand<typeof Link, LinkData> {
  static override summary = 'Print a Markdown link to a governed document, relative to --from when given.';
  static override description =
    'Without --from the link is relative to the repository root. --from is the file that will contain the link (or a directory, with a trailing slash or when it exists as one). Text output is the link alone, for `$(docket link ID --from FILE)`; warnings (e.g. a stale index) are in --format json.';
  static override examples = [
    '<%= config.bin %> link ACME-ADR-001',
    '<%= config.bin %> link ACME-ADR-001 --from docs/10-prd/prd-002-billing.md',
  ];
  static mutates = false;
  static override answerOnly = true;
  static override pathParams = ['from'];
  static override args = {
    id: Args.string({ description: 'Document ID, e.g. ACME-ADR-001.', required: true }),
  };
  static override flags = {
    from: Flags.string({
      description: 'The file (or directory) the link will be written in; the link is relative to it.',
      helpValue: '<path>',
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<LinkData>> {
    // Text output is only the link (for shell substitution): warnings show in --format json.
    this.quiet = true;
    return runLink(
      ctx.root,
      this.args.id,
      this.flags.from === undefined ? undefined : ctx.path(this.flags.from),
      ctx.signal,
      ctx.cmd,
      ctx.fallback,
    );
  }

  protected override renderText(env: Envelope<LinkData>, _style: Style): string {
    return `${env.data.link}\n`;
  }

  protected override renderMarkdown(env: Envelope<LinkData>): string {
    return `${env.data.link}\n`;
  }
}
