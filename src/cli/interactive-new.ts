import type { RepoConfig } from '../core/config/types.js';
import { pickNamespace, resolveOwner, resolveType, idList } from '../core/authoring/inputs.js';
import type { NewRequest } from '../core/authoring/plan.js';
import { loadMetadataSchema } from '../core/authoring/schema.js';
import { DocketError } from '../errors/docket-error.js';
import { MACHINE_FORMATS, type Format } from './options.js';
import { Prompter } from './prompt.js';

/** --interactive needs a person at a terminal: refused for machine output and piped stdin. */
export function assertInteractive(format: Format, stdinIsTTY: boolean): void {
  if (MACHINE_FORMATS.has(format)) {
    throw new DocketError(
      'INTERACTIVE_UNAVAILABLE',
      `--interactive cannot be used with --format ${format}: prompts need a person at a terminal.`,
      {
        suggestion:
          'Pass TYPE, TITLE and the flags on the command line instead, for example: docket new ADR "Use PostgreSQL" --owner "Platform Team" --format json.',
        details: { reason: 'machine_format', format },
      },
    );
  }
  if (!stdinIsTTY) {
    throw new DocketError('INTERACTIVE_UNAVAILABLE', '--interactive needs a terminal, but stdin is not one (a pipe, a file or CI).', {
      suggestion: 'Pass TYPE, TITLE and the flags on the command line instead of prompting.',
      details: { reason: 'stdin_not_tty' },
    });
  }
}

const uncheck = (fn: () => unknown): string | undefined => {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error instanceof DocketError ? error.message : String(error);
  }
};

/** Prompts for whatever the command line did not give; flags always win. */
export async function promptForNew(config: RepoConfig, req: NewRequest, env: NodeJS.ProcessEnv, fixedType?: string): Promise<NewRequest> {
  const ns = pickNamespace(config, req.namespace);
  const types = Object.keys(ns.document_types).sort();
  const schema = await loadMetadataSchema(config.root, ns);
  const p = new Prompter();
  try {
    const out: NewRequest = { ...req };
    if (!fixedType && !req.type) {
      p.note(`Document types in ${ns.name}: ${types.join(', ')}`);
      out.type = await p.askValid('Type', types.includes('ADR') ? 'ADR' : types[0]!, (v) => uncheck(() => resolveType(ns, v)));
    }
    if (!req.title) out.title = await p.askValid('Title', '', (v) => (v.trim() ? undefined : 'A title is required.'));
    if (req.owner === undefined) out.owner = await p.ask('Owner', resolveOwner(undefined, env, ns, config).owner);
    if (req.status === undefined && schema.statuses) {
      const statuses = schema.statuses;
      out.status = await p.askValid(`Status (${statuses.join(', ')})`, statuses.includes('Draft') ? 'Draft' : statuses[0]!, (v) =>
        statuses.some((s) => s.toLowerCase() === v.toLowerCase()) ? undefined : `Choose one of: ${statuses.join(', ')}.`,
      );
    }
    if (req.area === undefined) out.area = (await p.ask('Area (optional)')) || undefined;
    if (req.description === undefined) out.description = (await p.ask('Description (optional)')) || undefined;
    if (!req.keywords?.length) out.keywords = [await p.ask('Keywords, comma-separated (optional)')].filter(Boolean);
    if (!req.relatedIds?.length) {
      const ids = await p.askValid('Related IDs, comma-separated (optional)', '', (v) => uncheck(() => idList([v], 'related IDs')));
      out.relatedIds = ids ? [ids] : [];
    }
    return out;
  } finally {
    p.close();
  }
}
