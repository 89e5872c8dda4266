import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderStateListText } from '../../cli/render/commands/state.js';
import type { Style } from '../../cli/render/style.js';
import { runStateList } from '../../core/usecases/state-read.js';
import type { StateListData } from '../../contract/commands.js';

export default class StateList extends DocketCommand<typeof StateList, StateListData> {
  static override summary = 'List the work-queue entries of project-state.yaml, sorted by ID, with filters.';
  static override description =
    'Every filter must hold; a repeated filter matches any of its values. summary counts the entries, those returned, and the ready and blocked ones among them.';
  static override examples = [
    '<%= config.bin %> state list',
    '<%= config.bin %> state list --ready --format json',
    '<%= config.bin %> state list --impl-state "In Progress" --assignee agent-one',
  ];
  static mutates = false;
  static override flags = {
    ready: Flags.boolean({
      description: 'Only ready entries (Not Started, every dependency Done); --no-ready: only the others.',
      allowNo: true,
    }),
    blocked: Flags.boolean({ description: 'Only entries with open blockers; --no-blocked: only the others.', allowNo: true }),
    assignee: Flags.string({ description: 'Only entries of this assignee (repeatable).', multiple: true, helpValue: '<name>' }),
    priority: Flags.string({
      description: 'Only entries of this priority, P0 to P3; P2 when none is set (repeatable).',
      multiple: true,
      helpValue: '<P0..P3>',
    }),
    'impl-state': Flags.string({
      description: 'Only entries in this state, case-insensitive (repeatable).',
      multiple: true,
      helpValue: '<state>',
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<StateListData>> {
    const f = this.flags;
    return runStateList(
      ctx.root,
      {
        ...(f.ready !== undefined ? { ready: f.ready } : {}),
        ...(f.blocked !== undefined ? { blocked: f.blocked } : {}),
        ...(f.assignee ? { assignee: f.assignee } : {}),
        ...(f.priority ? { priority: f.priority } : {}),
        ...(f['impl-state'] ? { implState: f['impl-state'] } : {}),
      },
      { cmd: ctx.cmd, fallback: ctx.fallback, signal: ctx.signal },
    );
  }

  protected override renderText(env: Envelope<StateListData>, style: Style): string {
    return renderStateListText(env.data, style);
  }
}
