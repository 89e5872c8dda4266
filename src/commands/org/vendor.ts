import * as Flags from '@oclif/core/flags';
import { applyFlags, profileFlag } from '../../cli/apply-flags.js';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderOrgVendorText } from '../../cli/render/commands/org.js';
import type { Style } from '../../cli/render/style.js';
import { vendorOrgProfile, type OrgVendorData } from '../../core/usecases/org-vendor.js';

export default class OrgVendor extends DocketCommand<typeof OrgVendor, OrgVendorData> {
  static override summary = 'Copy the installed (or built-in) org profile into the repository and record a lock with its digest.';
  static override description = 'Dry run unless --apply. Files changed in the repository since they were vendored are conflicts that need --force; the org documents get their own namespace in docops.config.yaml.';
  static override examples = ['<%= config.bin %> org vendor', '<%= config.bin %> org vendor --apply', '<%= config.bin %> org vendor --apply --force --format json'];
  static mutates = true;
  static override flags = {
    profile: profileFlag,
    force: Flags.boolean({ description: 'Replace repository files that differ from the profile and from the lock.' }),
    ...applyFlags,
  };

  protected async execute(ctx: RunContext): Promise<Outcome<OrgVendorData>> {
    const config = await ctx.config();
    const result = await vendorOrgProfile(config, { name: this.flags.profile, apply: this.flags.apply === true, force: this.flags.force === true, env: ctx.env, cmd: ctx.cmd });
    return { data: result.data, warnings: result.warnings, advice: result.advice };
  }

  protected override renderText(env: Envelope<OrgVendorData>, style: Style): string {
    return renderOrgVendorText(env.data, style);
  }
}
