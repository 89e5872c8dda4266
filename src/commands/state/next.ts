import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderStateNextText } from '../../cli/render/commands/state.js';
import type { Style } from '../../cli/render/style.js';
import { runStateNext } from '../../core/usecases/state-read.js';
import type { StateNextData } from '../../contract/commands.js';

export default class StateNext extends DocketCommand<typeof StateNext, StateNextData> {
  static override summary = 'Pick the next ready work-queue entry: by priority, then how much it unblocks, then age, then ID.';
  static override description =
    'Deterministic: the same file gives the same pick. entry is null when nothing is ready; reason then says queue_empty, or state_missing when there is no project-state.yaml. selection says the rule and how many entries were candidates.';
  static override examples = [
    '<%= config.bin %> state next',
    '<%= config.bin %> state next --assignee agent-one --format json',
    '<%= config.bin %> state next --priority-at-least P1',
  ];
  static mutates = false;
  static override flags = {
    assignee: Flags.string({ description: 'Only entries of this assignee.', helpValue: '<name>' }),
    'priority-at-least': Flags.string({
      description: 'Only entries of this priority or a more urgent one (P0 is the most urgent).',
      helpValue: '<P0..P3>',
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<StateNextData>> {
    const f = this.flags;
    return runStateNext(
      ctx.root,
      {
        ...(f.assignee !== undefined ? { assignee: f.assignee } : {}),
        ...(f['priority-at-least'] !== undefined ? { priorityAtLeast: f['priority-at-least'] } : {}),
      },
      { cmd: ctx.cmd, fallback: ctx.fallback, signal: ctx.signal },
    );
  }

  protected override renderText(env: Envelope<StateNextData>, style: Style): string {
    return renderStateNextText(env.data, style);
  }
}
