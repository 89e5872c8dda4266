import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderStateBlockersText } from '../../cli/render/commands/state.js';
import type { Style } from '../../cli/render/style.js';
import { runStateBlockers } from '../../core/usecases/state-read.js';
import type { StateBlockersData } from '../../contract/commands.js';

export default class StateBlockers extends DocketCommand<typeof StateBlockers, StateBlockersData> {
  static override summary = 'List the work-queue entries that wait for something not Done, and what each waits for.';
  static override description =
    'An open blocker is a depends_on or blocked_by ID whose entry is not Done; known says whether it has a state entry or a document at all.';
  static override examples = ['<%= config.bin %> state blockers', '<%= config.bin %> state blockers --assignee agent-one --format json'];
  static mutates = false;
  static override flags = {
    assignee: Flags.string({ description: 'Only entries of this assignee.', helpValue: '<name>' }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<StateBlockersData>> {
    return runStateBlockers(
      ctx.root,
      { ...(this.flags.assignee !== undefined ? { assignee: this.flags.assignee } : {}) },
      { cmd: ctx.cmd, fallback: ctx.fallback, signal: ctx.signal },
    );
  }

  protected override renderText(env: Envelope<StateBlockersData>, style: Style): string {
    return renderStateBlockersText(env.data, style);
  }
}
