import * as Flags from '@oclif/core/flags';
import { ignoreFlags } from '../cli/ignore-flags.js';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import { BASE_FORMATS } from '../cli/options.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderScanMarkdown, renderScanText } from '../cli/render/commands/scan.js';
import type { Style } from '../cli/render/style.js';
import { runScan } from '../core/usecases/scan.js';
import type { ScanData } from '../contract/commands.js';

export default class Scan extends DocketCommand<typeof Scan, ScanData> {
  static override summary = 'Survey a repository that is not governed yet, and plan its adoption (read-only).';
  static override description =
    "Works without docops.config.yaml (it then assumes the defaults `init` writes). Lists Markdown files per directory, what would be governed, files without frontmatter, suggested type directories and namespaces, and a plan for every governed file that does not comply yet: move into the type directory, rename to the convention, add frontmatter or the missing fields, exclude files no type can be suggested for (in docops.config.yaml), each with the source's SHA-256. --plan FILE writes the plan (inside the root, never over a file that is not a docket plan); `docket fix --plan FILE` previews and applies it.";
  static override examples = [
    '<%= config.bin %> scan',
    '<%= config.bin %> scan --plan .docket/scan-plan.json',
    '<%= config.bin %> scan --format ndjson',
  ];
  // --plan writes only the plan file, like --output writes a report: documents are never touched.
  static mutates = false;
  // The plan file is a CLI convenience; MCP clients get the plan in data, so the tool stays read-only.
  static override cliOnlyFlags = ['plan'];
  static override pathParams = ['plan'];
  static override formats = [...BASE_FORMATS, 'ndjson'] as const;
  static override flags = {
    ...ignoreFlags,
    plan: Flags.string({ description: 'Write the adoption plan to this file (JSON; inside the root).', helpValue: '<file>' }),
    force: Flags.boolean({
      description: 'Survey the root even when it is the file-system root or your home directory (refused by default: ROOT_REFUSED).',
      default: false,
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<ScanData>> {
    const result = await runScan(ctx.root, {
      ignoreFiles: this.flags.ignore,
      force: this.flags.force === true,
      ...(ctx.fallback.home ? { home: ctx.fallback.home } : {}),
      ...(this.flags.plan !== undefined ? { plan: ctx.path(this.flags.plan) } : {}),
      env: ctx.env,
      now: ctx.now(),
      signal: ctx.signal,
      cmd: ctx.cmd,
      ...(ctx.stream ? { sink: ctx.stream } : {}),
      ...(ctx.progress ? { progress: ctx.progress } : {}),
    });
    return {
      data: result.data,
      warnings: result.warnings,
      advice: result.advice,
      status: result.partial ? 'partial' : 'ok',
      streamed: ['files', 'actions'],
    };
  }

  protected override renderText(env: Envelope<ScanData>, style: Style): string {
    return renderScanText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<ScanData>): string {
    return renderScanMarkdown(env.data);
  }
}
