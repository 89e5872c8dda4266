import * as Flags from '@oclif/core/flags';
import { ListCommandBase, statusFlag } from '../cli/list-command.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import type { ListData } from '../contract/commands.js';

export default class List extends ListCommandBase<typeof List> {
  static override summary = 'List the governed documents: ID, title, status and date, sorted by ID.';
  static override description =
    'Reads the index, building it in memory (with a warning) when the artifact is missing or stale. A type or status that neither the configuration, the schema nor any document knows is a usage error (exit 64).';
  static override examples = [
    '<%= config.bin %> list',
    '<%= config.bin %> list --type ADR --status Approved,Draft',
    '<%= config.bin %> list --type prd --format md',
  ];
  static mutates = false;
  static override flags = {
    type: Flags.string({
      description: 'Only documents of this type (repeatable; commas separate several; case does not matter).',
      helpValue: '<type>',
      multiple: true,
      multipleNonGreedy: true,
    }),
    status: statusFlag,
  };

  protected async execute(ctx: RunContext): Promise<Outcome<ListData>> {
    return this.listed(ctx, this.flags.type, this.flags.status);
  }
}
