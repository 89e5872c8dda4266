import { DocketCommand } from '../cli/base-command.js';
import { describeCommands, describeGlobalFlags } from '../cli/command-info.js';
import { OUTPUT_SCHEMA_VERSION, type Envelope } from '../cli/envelope.js';
import type { Outcome } from '../cli/outcome.js';
import { renderCapabilitiesText } from '../cli/render/commands/capabilities.js';
import type { Style } from '../cli/render/style.js';
import { buildCapabilities } from '../core/usecases/capabilities.js';
import type { Capabilities as Data } from '../contract/commands.js';

export default class Capabilities extends DocketCommand<typeof Capabilities, Data> {
  static override summary = 'Describe docket for agents: version, formats, commands and flags, codes.';
  static override examples = ['<%= config.bin %> capabilities --format json'];
  static mutates = false;

  protected async execute(): Promise<Outcome<Data>> {
    const engines = (this.config.pjson as { engines?: { node?: string } }).engines;
    return {
      data: buildCapabilities({
        version: this.config.version,
        outputSchemaVersion: OUTPUT_SCHEMA_VERSION,
        globalFlags: describeGlobalFlags(),
        commands: describeCommands(this.config.commands),
        nodeRequired: engines?.node ?? '>=20.12',
      }),
    };
  }

  protected override renderText(env: Envelope<Data>, style: Style): string {
    return renderCapabilitiesText(env.data, style);
  }
}
