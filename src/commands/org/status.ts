import { profileFlag } from '../../cli/apply-flags.js';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderOrgStatusText } from '../../cli/render/commands/org.js';
import type { Style } from '../../cli/render/style.js';
import type { RepoConfig } from '../../core/config/types.js';
import { orgStatus } from '../../core/usecases/org-status.js';
import { DocketError } from '../../errors/docket-error.js';
import type { OrgStatusData } from '../../contract/commands.js';

export default class OrgStatus extends DocketCommand<typeof OrgStatus, OrgStatusData> {
  static override summary = "Compare the repository's profile lock, the installed profile and the built-in one.";
  static override description =
    "Read-only. Outside a docket repository it reports the installed and built-in profiles only. Where docket has no installed profile or lock, it reads the Python DocOps CLI's ($XDG_DATA_HOME/meminit/org/profiles/<name>, .meminit/org-profile.lock.json) and says so (current.source, lock.format).";
  static override examples = ['<%= config.bin %> org status', '<%= config.bin %> org status --format json'];
  static mutates = false;
  static override flags = { profile: profileFlag };

  protected async execute(ctx: RunContext): Promise<Outcome<OrgStatusData>> {
    let config: RepoConfig | undefined;
    try {
      config = await ctx.config();
    } catch (error) {
      if (!(error instanceof DocketError && error.code === 'CONFIG_NOT_FOUND')) throw error;
    }
    const result = await orgStatus(config, { name: this.flags.profile, env: ctx.env, cmd: ctx.cmd });
    return { data: result.data, warnings: result.warnings, advice: result.advice };
  }

  protected override renderText(env: Envelope<OrgStatusData>, style: Style): string {
    return renderOrgStatusText(env.data, style);
  }
}
