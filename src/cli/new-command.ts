import path from 'node:path';
import * as Flags from '@oclif/core/flags';
import type { Command } from '@oclif/core/command';
import type { NewRequest } from '../core/authoring/plan.js';
import { openInEditor } from '../core/editor.js';
import { createDocument } from '../core/usecases/new-document.js';
import { DocketError } from '../errors/docket-error.js';
import { DocketCommand } from './base-command.js';
import type { Envelope } from './envelope.js';
import { assertInteractive, promptForNew } from './interactive-new.js';
import { MACHINE_FORMATS } from './options.js';
import type { Outcome, RunContext } from './outcome.js';
import { renderNewMarkdown, renderNewText } from './render/commands/new.js';
import type { Style } from './render/style.js';
import type { ListTypesData, NewData } from '../contract/commands.js';

export type NewCommandData = NewData | ListTypesData;

/** Flags shared by `new` and `adr new`. */
export const newFlags = {
  namespace: Flags.string({
    description: 'Namespace to create the document in (name or prefix; default: the one rooted at docs/).',
    helpValue: '<name>',
  }),
  owner: Flags.string({
    description: 'Owner (default: DOCKET_DEFAULT_OWNER or MEMINIT_DEFAULT_OWNER, then default_owner in the config, then __TBD__).',
    helpValue: '<owner>',
  }),
  status: Flags.string({ description: "Status, one of the metadata schema's statuses (default Draft).", helpValue: '<status>' }),
  area: Flags.string({ description: 'Area of the product or organisation.', helpValue: '<area>' }),
  description: Flags.string({ description: 'One-line description.', helpValue: '<text>' }),
  keywords: Flags.string({
    description: 'Keyword (repeatable; commas separate several).',
    helpValue: '<keyword>',
    multiple: true,
    multipleNonGreedy: true,
  }),
  'related-ids': Flags.string({
    description: 'Related document ID (repeatable; commas separate several).',
    helpValue: '<ID>',
    multiple: true,
    multipleNonGreedy: true,
  }),
  'superseded-by': Flags.string({ description: 'ID of the document that supersedes this one.', helpValue: '<ID>' }),
  supersedes: Flags.string({
    description:
      'ID (or number, as in adr-tools) of a document of the same type that this one replaces: it is marked Superseded with superseded_by in the same step (both files or neither).',
    helpValue: '<ID>',
  }),
  id: Flags.string({
    description: 'Use this ID instead of the next free one (idempotent when the same document exists).',
    helpValue: '<ID>',
  }),
  'dry-run': Flags.boolean({ description: 'Print the rendered document (data.rendered_content); write nothing.' }),
  edit: Flags.boolean({ description: 'Open the new document in $VISUAL or $EDITOR.', exclusive: ['dry-run'] }),
  interactive: Flags.boolean({ description: 'Prompt for the type, title and metadata (terminal and text output only).' }),
};

interface NewFlags {
  namespace?: string;
  owner?: string;
  status?: string;
  area?: string;
  description?: string;
  keywords?: string[];
  'related-ids'?: string[];
  'superseded-by'?: string;
  supersedes?: string;
  id?: string;
  'dry-run': boolean;
  edit: boolean;
  interactive: boolean;
}

function missing(name: string, usage: string): DocketError {
  return new DocketError('MISSING_ARGUMENT', `Missing required argument: ${name}.`, {
    suggestion: `Add ${name}: ${usage}`,
    details: { missing: [name] },
  });
}

/** `new` and `adr new`: a thin layer over the createDocument use case, plus prompts and the editor. */
export abstract class NewCommandBase<T extends typeof Command> extends DocketCommand<T, NewCommandData> {
  protected async createFrom(
    ctx: RunContext,
    type: string | undefined,
    title: string | undefined,
    fixedType?: string,
  ): Promise<Outcome<NewData>> {
    const flags = this.flags as unknown as NewFlags;
    if (flags.interactive) assertInteractive(ctx.format, ctx.interactive);
    const config = await ctx.config();
    let req: NewRequest = {
      type: fixedType ?? type ?? '',
      title: title ?? '',
      namespace: flags.namespace,
      owner: flags.owner,
      status: flags.status,
      area: flags.area,
      description: flags.description,
      keywords: flags.keywords,
      relatedIds: flags['related-ids'],
      supersededBy: flags['superseded-by'],
      supersedes: flags.supersedes,
      id: flags.id,
    };
    if (flags.interactive) req = await promptForNew(config, req, ctx.env, fixedType);
    if (!req.type) throw missing('TYPE', 'docket new <TYPE> "<title>" (see docket new --list-types).');
    if (!req.title) throw missing('TITLE', `docket ${fixedType ? 'adr new' : `new ${req.type}`} "<title>".`);
    const result = await createDocument(config, req, {
      env: ctx.env,
      now: ctx.now(),
      dryRun: flags['dry-run'] === true,
      signal: ctx.signal,
      cmd: ctx.cmd,
    });
    const outcome: Outcome<NewData> = {
      data: result.data,
      warnings: result.warnings,
      advice: result.advice,
      status: result.partial ? 'partial' : 'ok',
    };
    if (flags.edit) {
      const edited = await openInEditor(path.join(ctx.root, result.data.path), ctx.env, {
        stdoutToStderr: MACHINE_FORMATS.has(ctx.format),
        cwd: ctx.root,
      });
      if (edited.kind === 'missing') {
        outcome.error = new DocketError(
          'EDITOR_MISSING',
          edited.editor
            ? `The editor "${edited.editor}" could not be started; ${result.data.path} was created.`
            : `Neither VISUAL nor EDITOR is set; ${result.data.path} was created.`,
          {
            suggestion: `Set VISUAL or EDITOR (for example export EDITOR=vim), then open ${result.data.path}.`,
            details: { editor: edited.editor, path: result.data.path },
          },
        );
      } else if (edited.kind === 'failed') {
        outcome.warnings = [
          ...(outcome.warnings ?? []),
          {
            code: 'EDITOR_FAILED',
            severity: 'warning',
            message: `The editor exited with status ${edited.exitCode}.`,
            path: result.data.path,
            suggestion: `Open ${result.data.path} again.`,
          },
        ];
      }
    }
    return outcome;
  }

  protected override renderText(env: Envelope<NewCommandData>, style: Style): string {
    return renderNewText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<NewCommandData>): string {
    return renderNewMarkdown(env.data);
  }
}
