import * as Flags from '@oclif/core/flags';
import type { Command } from '@oclif/core/command';
import { runList } from '../core/usecases/list.js';
import { DocketCommand } from './base-command.js';
import type { Envelope } from './envelope.js';
import type { Outcome, RunContext } from './outcome.js';
import { renderListMarkdown, renderListText } from './render/commands/list.js';
import type { Style } from './render/style.js';
import type { ListData } from '../contract/commands.js';

export const statusFlag = Flags.string({
  description: 'Only documents with this status (repeatable; commas separate several; case does not matter, _ stands for a space).',
  helpValue: '<status>',
  multiple: true,
  multipleNonGreedy: true,
});

/** `list` and `adr list`: a read-only table of the governed documents, from the index. */
export abstract class ListCommandBase<T extends typeof Command> extends DocketCommand<T, ListData> {
  static override answerOnly = true;

  protected async listed(
    ctx: RunContext,
    types: readonly string[] | undefined,
    statuses: readonly string[] | undefined,
  ): Promise<Outcome<ListData>> {
    return runList(ctx.root, { types, statuses }, ctx.cmd, ctx.signal, ctx.fallback);
  }

  protected override renderText(env: Envelope<ListData>, style: Style): string {
    return renderListText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<ListData>): string {
    return renderListMarkdown(env.data);
  }
}
