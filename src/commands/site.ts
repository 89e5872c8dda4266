import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import type { GlobalFlags } from '../cli/flags.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderSiteMarkdown, renderSiteText } from '../cli/render/commands/site.js';
import type { Style } from '../cli/render/style.js';
import { runSite } from '../core/usecases/site.js';
import type { SiteData } from '../contract/commands.js';

export default class Site extends DocketCommand<typeof Site, SiteData> {
  static override summary = 'Build a static HTML site of the governed documents: list, pages, graph, ADR timeline, board.';
  static override description =
    'The site needs no server and loads nothing from elsewhere (open index.html): a home page with counts by type and status, the check summary and a sortable, filterable list of every document; a page per document (its Markdown rendered with raw HTML escaped, its metadata, findings, links both ways, supersession chain and neighbourhood graph); a graph view; an ADR timeline; and a board of the work queue when project-state.yaml exists. Output is deterministic (a build date only with --include-timestamp); only changed files are rewritten. docket writes only into a directory it built before (marked by .docket-site.json), a new or an empty one, unless --force, and removes only files it wrote.';
  static override examples = [
    '<%= config.bin %> site',
    '<%= config.bin %> site --out public/docs --format json',
    '<%= config.bin %> site --out /tmp/handbook-site --include-timestamp',
  ];
  static mutates = true;
  static override idempotent = true;
  static override flags = {
    out: Flags.string({
      description:
        'The directory to build the site in (default: docs-site at the repository root; a path given is relative to the working directory).',
      helpValue: '<dir>',
    }),
    force: Flags.boolean({ description: 'Write into an existing directory docket did not build (its other files are kept).' }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<SiteData>> {
    const { renderSite } = await import('../cli/render/site/render-site.js');
    const builtAt = (this.flags as unknown as GlobalFlags)['include-timestamp'] ? ctx.now().toISOString() : undefined;
    return runSite(ctx.root, {
      // The default is the root's docs-site; a path typed is the working directory's, as for every path.
      out: this.flags.out === undefined ? 'docs-site' : ctx.path(this.flags.out),
      force: this.flags.force,
      ...(builtAt ? { builtAt } : {}),
      render: renderSite,
      signal: ctx.signal,
      cmd: ctx.cmd,
    });
  }

  protected override renderText(env: Envelope<SiteData>, style: Style): string {
    return renderSiteText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<SiteData>): string {
    return renderSiteMarkdown(env.data);
  }
}
