import * as Args from '@oclif/core/args';
import { NewCommandBase, newFlags, type NewCommandData } from '../../cli/new-command.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';

export default class AdrNew extends NewCommandBase<typeof AdrNew> {
  static override summary = 'Create an Architecture Decision Record: `new ADR TITLE` with the same flags.';
  static override examples = [
    '<%= config.bin %> adr new "Use PostgreSQL for storage" --owner "Platform Team"',
    '<%= config.bin %> adr new "Replace PostgreSQL with SQLite" --supersedes ACME-ADR-002',
  ];
  static mutates = true;
  static override args = {
    title: Args.string({ description: 'Title of the decision, quoted if it has spaces.' }),
  };
  static override flags = newFlags;

  protected async execute(ctx: RunContext): Promise<Outcome<NewCommandData>> {
    return this.createFrom(ctx, 'ADR', this.args.title, 'ADR');
  }
}
