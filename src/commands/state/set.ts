import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderStateSetText } from '../../cli/render/commands/state.js';
import type { Style } from '../../cli/render/style.js';
import { runStateSet } from '../../core/usecases/state-set.js';
import type { StateSetData } from '../../contract/commands.js';

const ids = (description: string) =>
  Flags.string({
    description: `${description} (repeatable, or comma-separated; TYPE-NNN shorthand as for the ID).`,
    multiple: true,
    helpValue: '<ID>',
  });

export default class StateSet extends DocketCommand<typeof StateSet, StateSetData> {
  static override summary =
    'Record the work state of one document in project-state.yaml: state, priority, dependencies, assignee, next action.';
  static override description =
    "Fields not given keep their values; a new entry starts Not Started. Writes atomically under a lock, so concurrent `state set` runs never lose each other's entries; the file stays the Python DocOps CLI's (sorted by ID, block YAML). Refuses dependency cycles and self-dependencies. --dry-run shows the entry it would write.";
  static override examples = [
    '<%= config.bin %> state set ACME-ADR-002 --impl-state "In Progress" --assignee agent-one',
    '<%= config.bin %> state set ADR-003 --add-depends-on ADR-002 --priority P1',
    '<%= config.bin %> state set ACME-ADR-002 --impl-state Done --dry-run --format json',
    '<%= config.bin %> state set ACME-ADR-009 --clear',
  ];
  static mutates = true;
  static override idempotent = true;
  static override args = {
    id: Args.string({ description: 'Document ID, or TYPE-NNN shorthand.', required: true }),
  };
  static override flags = {
    'impl-state': Flags.string({
      description: 'Not Started, In Progress, Blocked, QA Required, Done, or a state of valid_impl_states (case-insensitive).',
      helpValue: '<state>',
    }),
    notes: Flags.string({ description: 'A short note (at most 500 characters; longer is cut); "" removes it.', helpValue: '<text>' }),
    priority: Flags.string({ description: 'P0 (most urgent) to P3; P2 is the default.', helpValue: '<P0..P3>' }),
    'depends-on': ids('Replace depends_on with these IDs'),
    'add-depends-on': ids('Add IDs to depends_on'),
    'remove-depends-on': ids('Remove IDs from depends_on'),
    'clear-depends-on': Flags.boolean({ description: 'Empty depends_on.' }),
    'blocked-by': ids('Replace blocked_by with these IDs'),
    'add-blocked-by': ids('Add IDs to blocked_by'),
    'remove-blocked-by': ids('Remove IDs from blocked_by'),
    'clear-blocked-by': Flags.boolean({ description: 'Empty blocked_by.' }),
    assignee: Flags.string({ description: 'Who works on it (at most 120 characters); "" removes it.', helpValue: '<name>' }),
    'next-action': Flags.string({ description: 'The next step, one line (at most 500 characters); "" removes it.', helpValue: '<text>' }),
    actor: Flags.string({
      description: 'Who makes the change (updated_by): letters, digits, ".", "_", "-". Default: DOCKET_ACTOR_ID, else the user name.',
      helpValue: '<name>',
    }),
    clear: Flags.boolean({ char: 'c', description: "Remove the document's entry." }),
    'dry-run': Flags.boolean({ description: 'Show the entry that would be written; write nothing.' }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<StateSetData>> {
    const f = this.flags;
    const list = (replace?: string[], add?: string[], remove?: string[], clear?: boolean) => ({
      ...(replace ? { replace } : {}),
      ...(add ? { add } : {}),
      ...(remove ? { remove } : {}),
      ...(clear ? { clear } : {}),
    });
    return runStateSet(
      ctx.root,
      {
        id: this.args.id,
        ...(f['impl-state'] !== undefined ? { implState: f['impl-state'] } : {}),
        ...(f.notes !== undefined ? { notes: f.notes } : {}),
        ...(f.priority !== undefined ? { priority: f.priority } : {}),
        dependsOn: list(f['depends-on'], f['add-depends-on'], f['remove-depends-on'], f['clear-depends-on']),
        blockedBy: list(f['blocked-by'], f['add-blocked-by'], f['remove-blocked-by'], f['clear-blocked-by']),
        ...(f.assignee !== undefined ? { assignee: f.assignee } : {}),
        ...(f['next-action'] !== undefined ? { nextAction: f['next-action'] } : {}),
        ...(f.actor !== undefined ? { actor: f.actor } : {}),
        clear: f.clear === true,
        dryRun: f['dry-run'] === true,
        env: ctx.env,
        now: ctx.now(),
      },
      { cmd: ctx.cmd, fallback: ctx.fallback, signal: ctx.signal },
    );
  }

  protected override renderText(env: Envelope<StateSetData>, style: Style): string {
    return renderStateSetText(env.data, style);
  }
}
