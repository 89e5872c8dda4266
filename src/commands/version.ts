import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome } from '../cli/outcome.js';
import { describeVersion } from '../core/usecases/version.js';
import type { VersionData } from '../contract/data/meta.js';

/** `docket version`, as gh has it: the line `--version` prints, or the envelope in a machine format. */
export default class Version extends DocketCommand<typeof Version, VersionData> {
  static override summary = 'Print the version of docket and of the Node.js it runs on (the same as --version and -v).';
  static override examples = ['<%= config.bin %> version', '<%= config.bin %> version --format json'];
  static mutates = false;

  protected async execute(): Promise<Outcome<VersionData>> {
    return { data: describeVersion(this.config.version) };
  }

  protected override renderText(env: Envelope<VersionData>): string {
    // The line oclif's --version prints (bin/run.js answers --version with the same).
    return `docket/${env.data.version} ${env.data.platform}-${env.data.arch} node-${env.data.node}\n`;
  }

  protected override renderMarkdown(env: Envelope<VersionData>): string {
    return this.renderText(env);
  }
}
