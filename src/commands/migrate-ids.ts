import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import { applies, applyFlags } from '../cli/apply-flags.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderMigrateIdsMarkdown, renderMigrateIdsText } from '../cli/render/commands/migrate-ids.js';
import type { Style } from '../cli/render/style.js';
import { note } from '../core/diagnostics.js';
import { runMigrateIds } from '../core/usecases/migrate-ids.js';
import type { MigrateIdsData } from '../contract/commands.js';

export default class MigrateIds extends DocketCommand<typeof MigrateIds, MigrateIdsData> {
  static override summary = 'Give documents whose document_id is not PREFIX-TYPE-NNN a canonical ID, and rewrite the references to it.';
  static override description =
    'Dry run by default: lists every edit (file, line, old, new) and a diff per file. The frontmatter value, the metadata block row and the first heading change; a legacy number (ADR-7, adr-0012) is kept when it is free, else the next number is allocated as for new documents. With --rewrite-references, related_ids, superseded_by and mentions in every document change too; a file whose name claims the old number is renamed and the links to it rewritten, as `docket mv` does. --apply writes all files as one set (all or nothing).';
  static override examples = [
    '<%= config.bin %> migrate-ids',
    '<%= config.bin %> migrate-ids --rewrite-references --apply',
    '<%= config.bin %> migrate-ids --rewrite-references --format json',
  ];
  static mutates = true;
  static override flags = {
    ...applyFlags,
    'rewrite-references': Flags.boolean({
      description:
        'Also rewrite related_ids, superseded_by and body mentions of the old IDs in every document (--no-rewrite-references, the default, leaves them).',
      allowNo: true,
      default: false,
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<MigrateIdsData>> {
    const apply = applies(this.flags);
    note('mode', () => (apply ? 'apply' : 'dry run: nothing is written (--apply writes)'));
    const result = await runMigrateIds(ctx.root, {
      apply,
      rewriteReferences: this.flags['rewrite-references'],
      signal: ctx.signal,
      cmd: ctx.cmd,
      fallback: ctx.fallback,
      env: ctx.env,
    });
    return { data: result.data, warnings: result.warnings, advice: result.advice, status: 'ok' };
  }

  protected override renderText(env: Envelope<MigrateIdsData>, style: Style): string {
    return renderMigrateIdsText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<MigrateIdsData>): string {
    return renderMigrateIdsMarkdown(env.data);
  }
}
