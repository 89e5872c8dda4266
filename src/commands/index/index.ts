import * as Flags from '@oclif/core/flags';
import { ignoreFlags } from '../../cli/ignore-flags.js';
import { findingsFlags } from '../../cli/agent/findings-cap.js';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import { BASE_FORMATS } from '../../cli/options.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderIndexMarkdown, renderIndexText } from '../../cli/render/commands/index-report.js';
import type { Style } from '../../cli/render/style.js';
import { runIndex } from '../../core/usecases/build-index.js';
import type { IndexData } from '../../contract/commands.js';

export default class Index extends DocketCommand<typeof Index, IndexData> {
  static override summary = 'Build the ID index: a graph of governed documents and their relations, written at index_path.';
  static override description =
    'Deterministic and committable (no run ID, no timestamps); written atomically and only when its bytes change. Incremental through .docket/cache/. Duplicate IDs and supersession cycles fail (exit 1) and leave the previous artifact untouched.';
  static override examples = [
    '<%= config.bin %> index',
    '<%= config.bin %> index --format json',
    '<%= config.bin %> index --rebuild-cache',
    '<%= config.bin %> index --check',
    '<%= config.bin %> index --format ndjson',
    '<%= config.bin %> index --impl-state "In Progress,Blocked" --format json',
    '<%= config.bin %> index --output-catalog --output-kanban',
    '<%= config.bin %> index --output-kanban --impl-state "In Progress,Blocked,QA Required"',
    '<%= config.bin %> index --output-catalog --catalog-name dashboard.md --include-timestamp',
  ];
  static mutates = true;
  static override idempotent = true;
  /** The views are for people reading the repository; an agent reads the work queue through the state tools. */
  static override cliOnlyFlags = ['output-catalog', 'output-kanban', 'catalog-name'];
  static override formats = [...BASE_FORMATS, 'ndjson'] as const;
  static override flags = {
    ...ignoreFlags,
    ...findingsFlags,
    'no-cache': Flags.boolean({
      description: 'Neither read nor write the cache under .docket/cache/: read every document.',
      exclusive: ['rebuild-cache'],
    }),
    'rebuild-cache': Flags.boolean({
      description: 'Ignore the cache, read every document, and write a fresh cache.',
      exclusive: ['no-cache'],
    }),
    check: Flags.boolean({
      description:
        'Write nothing: exit 1 (INDEX_OUT_OF_DATE) when the artifact at index_path is missing or not what `docket index` would write now, 0 when it is current. For CI, with a committed index.',
      exclusive: ['rebuild-cache'],
    }),
    status: Flags.string({
      description:
        'List the nodes of these document statuses in data.nodes (comma-separated or repeated, case-insensitive); the artifact stays whole.',
      multiple: true,
      helpValue: '<status,...>',
    }),
    'impl-state': Flags.string({
      description:
        'List the nodes whose project-state.yaml entry is in these states in data.nodes (comma-separated or repeated, case-insensitive).',
      multiple: true,
      helpValue: '<state,...>',
    }),
    'output-catalog': Flags.boolean({
      description:
        'Also write the catalogue (a table of the documents by section: Active Work, Governance Pending, Reference, Done, Superseded) at <docs_root>/01-indices/<catalog_name>. With --status or --impl-state it lists what they keep. No build date unless --include-timestamp: unchanged documents give unchanged bytes.',
      exclusive: ['check'],
    }),
    'output-kanban': Flags.boolean({
      description:
        'Also write kanban.md (a board of the project-state.yaml entries by impl_state: a Markdown list, then HTML cards) and kanban.css beside the catalogue.',
      exclusive: ['check'],
    }),
    'catalog-name': Flags.string({
      description: "The catalogue's file name for this run, instead of catalog_name from docops.config.yaml.",
      dependsOn: ['output-catalog'],
      helpValue: '<file.md>',
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<IndexData>> {
    const cache = this.flags['no-cache'] ? 'off' : this.flags['rebuild-cache'] ? 'rebuild' : 'use';
    const filters = {
      ...(this.flags.status ? { status: this.flags.status } : {}),
      ...(this.flags['impl-state'] ? { implState: this.flags['impl-state'] } : {}),
    };
    const views = {
      catalog: this.flags['output-catalog'],
      kanban: this.flags['output-kanban'],
      ...(this.flags['catalog-name'] !== undefined ? { catalogName: this.flags['catalog-name'] } : {}),
    };
    const result = await runIndex(ctx.root, {
      cache,
      check: this.flags.check,
      filters,
      views,
      ...(this.flags['include-timestamp'] ? { now: ctx.now() } : {}),
      ignoreFiles: this.flags.ignore,
      signal: ctx.signal,
      cmd: ctx.cmd,
      fallback: ctx.fallback,
      ...(ctx.stream ? { sink: ctx.stream } : {}),
      ...(ctx.progress ? { progress: ctx.progress } : {}),
    });
    return {
      data: result.data,
      violations: result.violations,
      warnings: result.warnings,
      advice: result.advice,
      status: result.partial ? 'partial' : 'ok',
    };
  }

  protected override renderText(env: Envelope<IndexData>, style: Style): string {
    return renderIndexText(env, style);
  }

  protected override renderMarkdown(env: Envelope<IndexData>): string {
    return renderIndexMarkdown(env.data);
  }
}
