import * as Flags from '@oclif/core/flags';
import { applies, applyFlags, forceFlag, profileFlag } from '../../cli/apply-flags.js';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderOrgInstallText } from '../../cli/render/commands/org.js';
import type { Style } from '../../cli/render/style.js';
import { installOrgProfile } from '../../core/usecases/org-install.js';
import path from 'node:path';
import type { OrgInstallData } from '../../contract/commands.js';

export default class OrgInstall extends DocketCommand<typeof OrgInstall, OrgInstallData> {
  static override summary = 'Install an org profile (schema, templates, org docs) under $XDG_DATA_HOME/docket/profiles/.';
  static override description =
    'Dry run unless --apply (or --no-dry-run). An installed profile of another version (or modified) is replaced only with --force.';
  static override examples = [
    '<%= config.bin %> org install',
    '<%= config.bin %> org install --apply',
    '<%= config.bin %> org install --from ../acme-profile --force --apply',
  ];
  static mutates = true;
  static override flags = {
    profile: profileFlag,
    from: Flags.string({
      description: 'Install the profile in this directory (with its profile.json) instead of a built-in one.',
      helpValue: '<dir>',
    }),
    force: forceFlag('Replace an installed profile of another version or with other contents.'),
    ...applyFlags,
  };

  protected async execute(ctx: RunContext): Promise<Outcome<OrgInstallData>> {
    // Reading a profile from anywhere is fine; relative paths resolve against --root.
    const from =
      this.flags.from === undefined
        ? undefined
        : path.isAbsolute(this.flags.from)
          ? this.flags.from
          : path.resolve(ctx.root, ctx.path(this.flags.from));
    const result = await installOrgProfile({
      name: this.flags.profile,
      from,
      force: this.flags.force === true,
      apply: applies(this.flags),
      env: ctx.env,
      cmd: ctx.cmd,
    });
    return { data: result.data, advice: result.advice };
  }

  protected override renderText(env: Envelope<OrgInstallData>, style: Style): string {
    return renderOrgInstallText(env.data, style);
  }
}
