import { ListCommandBase, statusFlag } from '../../cli/list-command.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import type { ListData } from '../../contract/commands.js';

export default class AdrList extends ListCommandBase<typeof AdrList> {
  static override summary = 'List the Architecture Decision Records: `list --type ADR` with the same flags.';
  static override examples = ['<%= config.bin %> adr list', '<%= config.bin %> adr list --status Superseded --format json'];
  static mutates = false;
  static override flags = { status: statusFlag };

  protected async execute(ctx: RunContext): Promise<Outcome<ListData>> {
    return this.listed(ctx, ['ADR'], this.flags.status);
  }
}
