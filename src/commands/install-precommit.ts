import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderInstallPrecommitText } from '../cli/render/commands/install-precommit.js';
import type { Style } from '../cli/render/style.js';
import { installPrecommit } from '../core/usecases/install-precommit.js';
import type { InstallPrecommitData } from '../contract/commands.js';

export default class InstallPrecommit extends DocketCommand<typeof InstallPrecommit, InstallPrecommitData> {
  static override summary = 'Add docket check --staged (and doctor --strict on config changes) to .pre-commit-config.yaml.';
  static override description =
    "The hooks check the staged versions of staged documents. Below the top of a git work tree (a package of a monorepo), the hooks go into the .pre-commit-config.yaml at the top, which pre-commit reads, with --root and a files pattern naming the package. Idempotent; keeps the file's comments and formatting. --git-hook writes a native .git/hooks/pre-commit instead, never replacing a hook docket did not write.";
  static override examples = [
    '<%= config.bin %> install-precommit',
    '<%= config.bin %> install-precommit --root packages/handbook',
    '<%= config.bin %> install-precommit --git-hook --format json',
  ];
  static mutates = true;
  static override flags = {
    'git-hook': Flags.boolean({ description: 'Write .git/hooks/pre-commit instead of editing .pre-commit-config.yaml.' }),
    'dry-run': Flags.boolean({ description: 'Report what would be added; write nothing.' }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<InstallPrecommitData>> {
    // As the Python DocOps CLI does, the hooks can be installed before `init` (on the defaults).
    const config = await ctx.config({ orDefaults: true });
    const result = await installPrecommit(config, {
      gitHook: this.flags['git-hook'] === true,
      dryRun: this.flags['dry-run'] === true,
      cmd: ctx.cmd,
    });
    return { data: result.data, warnings: result.warnings, advice: result.advice };
  }

  protected override renderText(env: Envelope<InstallPrecommitData>, style: Style): string {
    return renderInstallPrecommitText(env.data, style);
  }
}
