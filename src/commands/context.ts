import * as Flags from '@oclif/core/flags';
import { ignoreFlags } from '../cli/ignore-flags.js';
import { DocketCommand } from '../cli/base-command.js';
import { BASE_FORMATS } from '../cli/options.js';
import { DocketError } from '../errors/docket-error.js';
import type { Envelope } from '../cli/envelope.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderContextMarkdown, renderContextText } from '../cli/render/commands/context.js';
import type { Style } from '../cli/render/style.js';
import { buildContext } from '../core/usecases/context.js';
import type { ContextData } from '../contract/commands.js';

export default class Context extends DocketCommand<typeof Context, ContextData> {
  static override summary = 'Describe the repository for an agent: prefix, namespaces, types, paths, next steps.';
  static override examples = ['<%= config.bin %> context --format json', '<%= config.bin %> context --deep --format json'];
  static mutates = false;
  static override formats = [...BASE_FORMATS, 'ndjson'] as const;
  static override flags = {
    ...ignoreFlags,
    deep: Flags.boolean({ description: 'Also list every governed document (ID, path, type, title, status) and counts per namespace.' }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<ContextData>> {
    if (ctx.stream && !this.flags.deep) {
      // Without --deep there is nothing to stream: one envelope (--format json) says it all.
      throw new DocketError('INVALID_FORMAT', '--format ndjson needs --deep for context: only the document list is streamed.', {
        suggestion: 'Add --deep to stream the governed documents, or use --format json.',
        details: { allowed: ['text', 'json', 'md'], value: 'ndjson' },
      });
    }
    const config = await ctx.config();
    if (!this.flags.ignore) config.ignoreFiles = false;
    const result = await buildContext(config, {
      deep: this.flags.deep,
      env: ctx.env,
      signal: ctx.signal,
      cmd: ctx.cmd,
      ...(ctx.stream ? { sink: ctx.stream } : {}),
    });
    return {
      data: result.data,
      warnings: result.warnings,
      advice: result.advice,
      status: result.partial ? 'partial' : 'ok',
      streamed: ['documents'],
    };
  }

  protected override renderText(env: Envelope<ContextData>, style: Style): string {
    return renderContextText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<ContextData>): string {
    return renderContextMarkdown(env.data);
  }
}
