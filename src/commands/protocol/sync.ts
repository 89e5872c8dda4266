import { applies, applyFlags, forceFlag } from '../../cli/apply-flags.js';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { assetFlag } from '../../cli/protocol-flags.js';
import { renderProtocolSyncMarkdown, renderProtocolSyncText } from '../../cli/render/commands/protocol.js';
import type { Style } from '../../cli/render/style.js';
import { runProtocolSync } from '../../core/usecases/protocol-sync.js';
import type { ProtocolSyncData } from '../../contract/commands.js';

export default class ProtocolSync extends DocketCommand<typeof ProtocolSync, ProtocolSyncData> {
  static override summary = "Rewrite the managed agent-instruction files that are not docket's current text; a dry run by default.";
  static override description =
    'Creates missing files; in AGENTS.md rewrites only the block between the markers and keeps every byte below the end marker (a file without markers is kept whole below a new block). A dry run shows the diff, and fails while anything would change. A hand-edited block (tampered) or broken markers (unparseable) are refused unless --force; links, directories and files over 1 MiB always. Writes are atomic and never go through a symbolic link.';
  static override examples = [
    '<%= config.bin %> protocol sync',
    '<%= config.bin %> protocol sync --apply',
    '<%= config.bin %> protocol sync --asset agents-md --apply --force',
    '<%= config.bin %> protocol sync --format json',
  ];
  static mutates = true;
  static override idempotent = true;
  static override flags = {
    asset: assetFlag,
    force: forceFlag(
      'Also replace a hand-edited managed block (tampered) and broken markers (unparseable; the old text is kept below the new block).',
    ),
    ...applyFlags,
  };

  protected async execute(ctx: RunContext): Promise<Outcome<ProtocolSyncData>> {
    const apply = applies(this.flags);
    const config = await ctx.config({ orDefaults: true });
    return runProtocolSync(config, {
      ...(this.flags.asset ? { assets: this.flags.asset } : {}),
      apply,
      force: this.flags.force === true,
      cmd: ctx.cmd,
    });
  }

  protected override renderText(env: Envelope<ProtocolSyncData>, style: Style): string {
    return renderProtocolSyncText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<ProtocolSyncData>): string {
    return renderProtocolSyncMarkdown(env.data);
  }
}
