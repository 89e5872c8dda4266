import * as Args from '@oclif/core/args';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderDocumentMarkdown, renderDocumentText } from '../cli/render/commands/navigate.js';
import type { Style } from '../cli/render/style.js';
import { runResolve } from '../core/usecases/navigate.js';
import type { ResolveData } from '../contract/commands.js';

export default class Resolve extends DocketCommand<typeof Resolve, ResolveData> {
  static override summary = 'Find a governed document by ID: its path, title and status.';
  static override description =
    'IDs match exactly after trimming; an unknown ID (exit 66) suggests the closest known ones, and a lowercase ID its canonical form. Reads the index, building it in memory (with a warning) when the artifact is missing or stale.';
  static override examples = ['<%= config.bin %> resolve ACME-ADR-001', '<%= config.bin %> resolve ACME-ADR-001 --format json'];
  static mutates = false;
  static override answerOnly = true;
  static override args = {
    id: Args.string({ description: 'Document ID, e.g. ACME-ADR-001.', required: true }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<ResolveData>> {
    return runResolve(ctx.root, this.args.id, ctx.signal, ctx.cmd, ctx.fallback);
  }

  protected override renderText(env: Envelope<ResolveData>, style: Style): string {
    return renderDocumentText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<ResolveData>): string {
    return renderDocumentMarkdown(env.data);
  }
}
