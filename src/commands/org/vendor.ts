import * as Flags from '@oclif/core/flags';
import { applies, applyFlags, forceFlag, profileFlag } from '../../cli/apply-flags.js';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderOrgVendorText } from '../../cli/render/commands/org.js';
import type { Style } from '../../cli/render/style.js';
import { vendorOrgProfile } from '../../core/usecases/org-vendor.js';
import type { OrgVendorData } from '../../contract/commands.js';

export default class OrgVendor extends DocketCommand<typeof OrgVendor, OrgVendorData> {
  static override summary = 'Copy the installed (or built-in) org profile into the repository and record a lock with its digest.';
  static override description =
    "Dry run unless --apply (or --no-dry-run). Files changed in the repository since they were vendored are conflicts that need --force; an org document whose ID another repository document has is refused (VENDOR_ID_COLLISION, dry run too). The org documents get their own namespace in docops.config.yaml unless --no-include-org-docs. Reads the Python DocOps CLI's installed profile and .meminit/org-profile.lock.json when docket has none.";
  static override examples = [
    '<%= config.bin %> org vendor',
    '<%= config.bin %> org vendor --apply',
    '<%= config.bin %> org vendor --no-include-org-docs --no-dry-run',
    '<%= config.bin %> org vendor --apply --force --format json',
  ];
  static mutates = true;
  static override flags = {
    profile: profileFlag,
    force: forceFlag('Replace repository files that differ from the profile and from the lock.'),
    'include-org-docs': Flags.boolean({
      description:
        "Vendor the profile's organisation documents and their namespace (the default); --no-include-org-docs vendors only the schema and templates.",
      allowNo: true,
      default: true,
    }),
    ...applyFlags,
  };

  protected async execute(ctx: RunContext): Promise<Outcome<OrgVendorData>> {
    const apply = applies(this.flags);
    const config = await ctx.config();
    const result = await vendorOrgProfile(config, {
      name: this.flags.profile,
      apply,
      force: this.flags.force === true,
      includeOrgDocs: this.flags['include-org-docs'] !== false,
      env: ctx.env,
      now: () => ctx.now(),
      cmd: ctx.cmd,
    });
    return {
      data: result.data,
      warnings: result.warnings,
      violations: result.violations,
      advice: result.advice,
      ...(result.error ? { error: result.error } : {}),
    };
  }

  protected override renderText(env: Envelope<OrgVendorData>, style: Style): string {
    return renderOrgVendorText(env.data, style);
  }
}
