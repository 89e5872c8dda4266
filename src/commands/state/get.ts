import * as Args from '@oclif/core/args';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderEntryText } from '../../cli/render/commands/state.js';
import type { Style } from '../../cli/render/style.js';
import { runStateGet } from '../../core/usecases/state-read.js';
import type { StateGetData } from '../../contract/commands.js';

export default class StateGet extends DocketCommand<typeof StateGet, StateGetData> {
  static override summary = 'Show the work-queue entry of one document: its state, dependencies, and whether it is ready.';
  static override description =
    "Reads project-state.yaml (the Python DocOps CLI's file). ready, open_blockers and unblocks are derived, never stored. A shorthand ID (ADR-002) names the one document ending in it.";
  static override examples = ['<%= config.bin %> state get ACME-ADR-002', '<%= config.bin %> state get ADR-002 --format json'];
  static mutates = false;
  static override args = {
    id: Args.string({ description: 'Document ID, or TYPE-NNN shorthand.', required: true }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<StateGetData>> {
    return runStateGet(ctx.root, this.args.id, { cmd: ctx.cmd, fallback: ctx.fallback, signal: ctx.signal });
  }

  protected override renderText(env: Envelope<StateGetData>, style: Style): string {
    return renderEntryText(env.data, style);
  }
}
