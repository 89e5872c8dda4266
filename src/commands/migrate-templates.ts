import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import { applies, applyFlags } from '../cli/apply-flags.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderMigrateTemplatesMarkdown, renderMigrateTemplatesText } from '../cli/render/commands/migrate-templates.js';
import type { Style } from '../cli/render/style.js';
import { note } from '../core/diagnostics.js';
import { runMigrateTemplates } from '../core/usecases/migrate-templates.js';
import type { MigrateTemplatesData } from '../contract/commands.js';

const on = (description: string) => Flags.boolean({ description, allowNo: true, default: true });

export default class MigrateTemplates extends DocketCommand<typeof MigrateTemplates, MigrateTemplatesData> {
  static override summary =
    'Move legacy template config (type_directories, templates) into document_types, and legacy template names and placeholders to the current ones.';
  static override description =
    'Dry run by default: lists each change with a diff per file. The config is edited in place (comments kept) and must read the same afterwards; `template-NNN-<type>.md` becomes `<type>.template.md`; `<REPO>`, `<SEQ>`, `{title}`, ... become `{{repo_prefix}}`, `{{seq}}`, `{{title}}` (HTML comments and fenced code are left alone). --apply copies the files it changes to .docket/migrations/backup-<UTC time>/ first, then writes them as one set.';
  static override examples = [
    '<%= config.bin %> migrate-templates',
    '<%= config.bin %> migrate-templates --apply',
    '<%= config.bin %> migrate-templates --no-rename-files --apply --format json',
  ];
  static mutates = true;
  static override flags = {
    ...applyFlags,
    backup: on('Copy every file it changes to .docket/migrations/backup-<time>/ before writing (--no-backup skips it).'),
    'legacy-type-dirs': on('Move `type_directories` entries into document_types.<TYPE>.directory (--no-legacy-type-dirs leaves them).'),
    'legacy-templates': on('Move `templates` entries into document_types.<TYPE>.template (--no-legacy-templates leaves them).'),
    'placeholder-syntax': on('Rewrite legacy placeholders in the templates as {{variable}} (--no-placeholder-syntax leaves them).'),
    'rename-files': on('Rename template-NNN-<type>.md to <type>.template.md (--no-rename-files keeps the names).'),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<MigrateTemplatesData>> {
    const apply = applies(this.flags);
    note('mode', () => (apply ? 'apply' : 'dry run: nothing is written (--apply writes)'));
    const f = this.flags;
    const result = await runMigrateTemplates(ctx.root, {
      apply,
      backup: f.backup,
      typeDirs: f['legacy-type-dirs'],
      templates: f['legacy-templates'],
      placeholders: f['placeholder-syntax'],
      renameFiles: f['rename-files'],
      now: ctx.now(),
      cmd: ctx.cmd,
    });
    return { data: result.data, warnings: result.warnings, advice: result.advice, status: 'ok' };
  }

  protected override renderText(env: Envelope<MigrateTemplatesData>, style: Style): string {
    return renderMigrateTemplatesText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<MigrateTemplatesData>): string {
    return renderMigrateTemplatesMarkdown(env.data);
  }
}
