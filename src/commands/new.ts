import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { NewCommandBase, newFlags, type NewCommandData } from '../cli/new-command.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { listTypes } from '../core/usecases/list-types.js';
import { DocketError } from '../errors/docket-error.js';

export default class New extends NewCommandBase<typeof New> {
  static override summary = 'Create a governed document from its template, with the next free ID.';
  static override description =
    'Types are case-insensitive. IDs are allocated safely across concurrent processes; an existing file is never replaced.';
  static override examples = [
    '<%= config.bin %> new ADR "Use PostgreSQL for storage" --owner "Platform Team"',
    '<%= config.bin %> new prd "Invoices" --namespace billing --keywords billing --dry-run --format json',
    '<%= config.bin %> new --list-types',
    '<%= config.bin %> new SPEC "Billing API v2" --supersedes ACME-SPEC-004 --dry-run',
  ];
  static mutates = true;
  static override args = {
    type: Args.string({ description: 'Document type, e.g. ADR, PRD, FDD (see --list-types).' }),
    title: Args.string({ description: 'Title, quoted if it has spaces.' }),
  };
  static override flags = {
    ...newFlags,
    'list-types': Flags.boolean({ description: "List the namespace's document types instead of creating a document." }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<NewCommandData>> {
    if (this.flags['list-types']) {
      if (this.args.type !== undefined || this.args.title !== undefined) {
        throw new DocketError('FLAG_CONFLICT', '--list-types takes no TYPE or TITLE.', {
          suggestion: 'Run `docket new --list-types` alone, or drop --list-types to create a document.',
        });
      }
      return { data: listTypes(await ctx.config(), this.flags.namespace) };
    }
    return this.createFrom(ctx, this.args.type, this.args.title);
  }
}
