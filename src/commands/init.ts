import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderInitText } from '../cli/render/commands/init.js';
import type { Style } from '../cli/render/style.js';
import { initRepository } from '../core/usecases/init.js';
import type { InitData } from '../contract/commands.js';

export default class Init extends DocketCommand<typeof Init, InitData> {
  static override summary = 'Scaffold docops.config.yaml, the docs tree, the metadata schema, templates and the agent instructions.';
  static override description =
    'Idempotent: files that exist are listed in skipped_paths and never overwritten. The agent-instruction files (AGENTS.md, .agents/skills/meminit-docops/) are written as `protocol sync --apply` writes them; --no-protocol leaves them out.';
  static override examples = [
    '<%= config.bin %> init --prefix ACME --project-name "Acme Platform"',
    '<%= config.bin %> init --prefix ACME --docs-root doc --adr-dir doc/adr',
    '<%= config.bin %> init --dry-run --format json',
    '<%= config.bin %> init --prefix ACME --no-protocol',
  ];
  static mutates = true;
  // init creates a repository where it is run: it never moves to one found above (it refuses instead).
  static override discoversRoot = false;
  static override flags = {
    prefix: Flags.string({ description: 'ID prefix, 3 to 10 letters (default: from the project name).', helpValue: '<PREFIX>' }),
    'project-name': Flags.string({ description: 'Project name (default: the root directory name).', helpValue: '<name>' }),
    'docs-root': Flags.string({
      description: 'Directory of the governed documents (default: docs), e.g. doc for an adr-tools repository.',
      helpValue: '<dir>',
    }),
    'adr-dir': Flags.string({
      description:
        "Keep this existing ADR directory (inside the docs root) as the ADR type's directory instead of 45-adr: the log is not split.",
      helpValue: '<dir>',
    }),
    force: Flags.boolean({ description: 'Scaffold even inside a repository docket already governs (a nested repository).' }),
    'dry-run': Flags.boolean({ description: 'Write nothing: list the files init would create, update and leave.' }),
    protocol: Flags.boolean({
      description: 'Create the missing agent-instruction files (the default); --no-protocol: none (AGENTS.md, the skill, its script).',
      allowNo: true,
      default: true,
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<InitData>> {
    const result = await initRepository(ctx.root, {
      prefix: this.flags.prefix,
      projectName: this.flags['project-name'],
      docsRoot: this.flags['docs-root'],
      adrDir: this.flags['adr-dir'],
      force: this.flags.force,
      dryRun: this.flags['dry-run'],
      protocol: this.flags.protocol,
      cmd: ctx.cmd,
    });
    return { data: result.data, warnings: result.warnings, advice: result.advice };
  }

  protected override renderText(env: Envelope<InitData>, style: Style): string {
    return renderInitText(env.data, style);
  }
}
