import * as Flags from '@oclif/core/flags';
import { ignoreFlags } from '../../cli/ignore-flags.js';
import { findingsFlags } from '../../cli/agent/findings-cap.js';
import { DocketCommand } from '../../cli/base-command.js';
import type { Envelope } from '../../cli/envelope.js';
import { BASE_FORMATS } from '../../cli/options.js';
import type { Outcome, RunContext } from '../../cli/outcome.js';
import { renderIndexMarkdown, renderIndexText } from '../../cli/render/commands/index-report.js';
import type { Style } from '../../cli/render/style.js';
import { runIndex, type IndexData } from '../../core/usecases/build-index.js';

export default class Index extends DocketCommand<typeof Index, IndexData> {
  static override summary = 'Build the ID index: a graph of governed documents and their relations, written at index_path.';
  static override description = 'Deterministic and committable (no run ID, no timestamps); written atomically and only when its bytes change. Incremental through .docket/cache/. Duplicate IDs and supersession cycles fail (exit 1) and leave the previous artifact untouched.';
  static override examples = ['<%= config.bin %> index', '<%= config.bin %> index --format json', '<%= config.bin %> index --rebuild-cache', '<%= config.bin %> index --check', '<%= config.bin %> index --format ndjson', '<%= config.bin %> index --impl-state "In Progress,Blocked" --format json'];
  static mutates = true;
  static override idempotent = true;
  static override formats = [...BASE_FORMATS, 'ndjson'] as const;
  static override flags = {
    ...ignoreFlags,
    ...findingsFlags,
    'no-cache': Flags.boolean({ description: 'Neither read nor write the cache under .docket/cache/: read every document.', exclusive: ['rebuild-cache'] }),
    'rebuild-cache': Flags.boolean({ description: 'Ignore the cache, read every document, and write a fresh cache.', exclusive: ['no-cache'] }),
    check: Flags.boolean({ description: 'Write nothing: exit 1 (INDEX_OUT_OF_DATE) when the artifact at index_path is missing or not what `docket index` would write now, 0 when it is current. For CI, with a committed index.', exclusive: ['rebuild-cache'] }),
    status: Flags.string({ description: 'List the nodes of these document statuses in data.nodes (comma-separated or repeated, case-insensitive); the artifact stays whole.', multiple: true, helpValue: '<status,...>' }),
    'impl-state': Flags.string({ description: 'List the nodes whose project-state.yaml entry is in these states in data.nodes (comma-separated or repeated, case-insensitive).', multiple: true, helpValue: '<state,...>' }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<IndexData>> {
    const cache = this.flags['no-cache'] ? 'off' : this.flags['rebuild-cache'] ? 'rebuild' : 'use';
    const filters = { ...(this.flags.status ? { status: this.flags.status } : {}), ...(this.flags['impl-state'] ? { implState: this.flags['impl-state'] } : {}) };
    const result = await runIndex(ctx.root, { cache, check: this.flags.check, filters, ignoreFiles: this.flags.ignore, signal: ctx.signal, cmd: ctx.cmd, fallback: ctx.fallback, ...(ctx.stream ? { sink: ctx.stream } : {}), ...(ctx.progress ? { progress: ctx.progress } : {}) });
    return { data: result.data, violations: result.violations, warnings: result.warnings, advice: result.advice, status: result.partial ? 'partial' : 'ok' };
  }

  protected override renderText(env: Envelope<IndexData>, style: Style): string {
    return renderIndexText(env, style);
  }

  protected override renderMarkdown(env: Envelope<IndexData>): string {
    return renderIndexMarkdown(env.data);
  }
}
