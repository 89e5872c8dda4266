import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { assetFlag } from '../../cli/protocol-flags.js';
import { renderProtocolCheckMarkdown, renderProtocolCheckText } from '../../cli/render/commands/protocol.js';
import type { Style } from '../../cli/render/style.js';
import { runProtocolCheck } from '../../core/usecases/protocol-check.js';
import type { ProtocolCheckData } from '../../contract/commands.js';

export default class ProtocolCheck extends DocketCommand<typeof ProtocolCheck, ProtocolCheckData> {
  static override summary =
    "Report whether the managed agent-instruction files (AGENTS.md, the docket skill and its script) are docket's current text.";
  static override description =
    "Each asset is aligned, missing, legacy (AGENTS.md without markers), stale (an older or another tool's text, or a wrong mode), tampered (the managed block edited by hand) or unparseable (broken markers, a link, a directory). Anything but aligned is a violation, and the run fails (the same exit code in every format). Text below AGENTS.md's end marker is the user's and never checked. Runs without docops.config.yaml (on the defaults).";
  static override examples = [
    '<%= config.bin %> protocol check',
    '<%= config.bin %> protocol check --format json',
    '<%= config.bin %> protocol check --asset agents-md',
  ];
  static mutates = false;
  static override flags = { asset: assetFlag };

  protected async execute(ctx: RunContext): Promise<Outcome<ProtocolCheckData>> {
    const config = await ctx.config({ orDefaults: true });
    return runProtocolCheck(config, { ...(this.flags.asset ? { assets: this.flags.asset } : {}), cmd: ctx.cmd });
  }

  protected override renderText(env: Envelope<ProtocolCheckData>, style: Style): string {
    return renderProtocolCheckText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<ProtocolCheckData>): string {
    return renderProtocolCheckMarkdown(env.data);
  }
}
