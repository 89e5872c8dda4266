import * as Args from '@oclif/core/args';
import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome } from '../cli/outcome.js';
import { renderExplainText } from '../cli/render/commands/explain.js';
import type { Style } from '../cli/render/style.js';
import { explainCode, listCodes } from '../core/usecases/explain.js';
import { DocketError } from '../errors/docket-error.js';
import type { CodeExplanation, CodeList, ForeignCodeExplanation } from '../contract/commands.js';

type Data = CodeExplanation | ForeignCodeExplanation | CodeList;

export default class Explain extends DocketCommand<typeof Explain, Data> {
  static override summary =
    "Explain an error, finding or advice code: cause, exit code and fix. Knows the Python DocOps CLI's codes too, and what replaces them.";
  static override examples = [
    '<%= config.bin %> explain CONFIG_NOT_FOUND',
    '<%= config.bin %> explain --list --format json',
    '<%= config.bin %> explain PATH_ESCAPE',
  ];
  static mutates = false;
  static override args = {
    code: Args.string({ description: 'The code to explain, e.g. LINK_BROKEN (case-insensitive).' }),
  };
  static override flags = {
    list: Flags.boolean({
      description: "List every code with its kind, category and exit code; the Python DocOps CLI's have origin meminit and replaced_by.",
    }),
  };

  protected async execute(): Promise<Outcome<Data>> {
    if (this.args.code !== undefined && this.flags.list) {
      throw new DocketError('FLAG_CONFLICT', '--list cannot be combined with a CODE argument.', {
        suggestion: 'Use `docket explain CODE` or `docket explain --list`.',
      });
    }
    if (this.args.code === undefined) return { data: listCodes() };
    return { data: explainCode(this.args.code) };
  }

  protected override renderText(env: Envelope<Data>, style: Style): string {
    return renderExplainText(env.data, style);
  }
}
