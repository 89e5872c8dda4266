import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import { BASE_FORMATS, type Format } from '../cli/options.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderGraphMarkdown, renderGraphText } from '../cli/render/commands/graph.js';
import { renderDot } from '../cli/render/graph/dot.js';
import { MERMAID_LIMITS, renderMermaid, tooLargeForMermaid } from '../cli/render/graph/mermaid.js';
import type { Style } from '../cli/render/style.js';
import { GRAPH_EDGE_KINDS } from '../core/graph/select.js';
import { runGraph } from '../core/usecases/graph.js';
import { DocketError } from '../errors/docket-error.js';
import type { GraphData, GraphEdgeKind } from '../contract/data/navigate.js';

/** Repeatable flag values, commas separating several in one. */
const listOf = (values: readonly string[] | undefined) =>
  (values ?? [])
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');

function edgeKinds(values: readonly string[] | undefined): GraphEdgeKind[] | undefined {
  if (values === undefined) return undefined;
  const kinds = listOf(values);
  const unknown = kinds.find((k) => !(GRAPH_EDGE_KINDS as readonly string[]).includes(k));
  if (unknown !== undefined || kinds.length === 0) {
    throw new DocketError(
      'INVALID_FLAG_VALUE',
      `--edges ${unknown === undefined ? 'names no kind' : `"${unknown.slice(0, 40)}" is not an edge kind`}.`,
      {
        suggestion: `Use one or more of: ${GRAPH_EDGE_KINDS.join(', ')}.`,
        details: { flag: '--edges', allowed: [...GRAPH_EDGE_KINDS], ...(unknown !== undefined ? { value: unknown.slice(0, 40) } : {}) },
      },
    );
  }
  return kinds as GraphEdgeKind[];
}

export default class Graph extends DocketCommand<typeof Graph, GraphData> {
  static override summary = 'Draw the documents and their relations: Mermaid, Graphviz DOT, or JSON nodes and edges.';
  static override description =
    "Nodes are governed documents (ID, title, type, status), edges the relations the index holds (supersedes, related, references) and, when project-state.yaml exists, the work queue's (depends_on, blocked_by: from the entry that waits). Superseded documents are greyed, drafts dashed, each type has its colour; work-queue edges end in a circle (depends_on) or a cross (blocked_by). --format mermaid or dot prints the diagram alone (findings on stderr); md wraps the Mermaid diagram in a fence; text lists each document with its relations. Output is sorted, with node names made from the IDs, so a committed diagram diffs cleanly. Reads the index, building it in memory (with a warning) when the artifact is missing or stale.";
  static override examples = [
    '<%= config.bin %> graph --format mermaid --output docs/graph.mmd',
    '<%= config.bin %> graph --format dot | dot -Tsvg > graph.svg',
    '<%= config.bin %> graph --type ADR --edges supersedes --format mermaid',
    '<%= config.bin %> graph --from ACME-ADR-004 --depth 2 --format json',
    '<%= config.bin %> graph --edges depends_on,blocked_by --format mermaid',
  ];
  static mutates = false;
  static override formats: readonly Format[] = [...BASE_FORMATS, 'mermaid', 'dot'];
  static override flags = {
    type: Flags.string({
      description: 'Only documents of this type, any case (repeatable; commas separate several).',
      helpValue: '<type>',
      multiple: true,
      multipleNonGreedy: true,
    }),
    status: Flags.string({
      description: 'Only documents with this status, any case (repeatable; commas separate several).',
      helpValue: '<status>',
      multiple: true,
      multipleNonGreedy: true,
    }),
    from: Flags.string({
      description:
        'Only the neighbourhood of this document: those at most --depth relations away, either way (--type and --status then filter it; this one always stays).',
      helpValue: '<ID>',
    }),
    depth: Flags.integer({
      description: 'How many relations away from --from (default 1).',
      min: 0,
      helpValue: '<n>',
      dependsOn: ['from'],
    }),
    edges: Flags.string({
      description: `Only relations of these kinds: ${GRAPH_EDGE_KINDS.join(', ')} (repeatable; commas separate several).`,
      helpValue: '<kinds>',
      multiple: true,
      multipleNonGreedy: true,
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<GraphData>> {
    const f = this.flags;
    const result = await runGraph(ctx.root, {
      types: listOf(f.type),
      statuses: listOf(f.status),
      edges: edgeKinds(f.edges),
      ...(f.from !== undefined ? { from: f.from } : {}),
      ...(f.depth !== undefined ? { depth: f.depth } : {}),
      signal: ctx.signal,
      cmd: ctx.cmd,
      fallback: ctx.fallback,
    });
    if ((ctx.format === 'mermaid' || ctx.format === 'md') && tooLargeForMermaid(result.data)) {
      const message = `Mermaid draws at most ${MERMAID_LIMITS.edges} edges and ${MERMAID_LIMITS.text} characters by default, and this diagram is larger: narrow it (--type, --status, --from ID --depth N, --edges) or draw it with Graphviz.`;
      result.advice.push({ code: 'NEXT_GRAPH_DOT', message, command: ctx.cmd('graph --format dot') });
    }
    return result;
  }

  protected override renderText(env: Envelope<GraphData>, style: Style): string {
    return renderGraphText(env.data, style);
  }

  protected override renderMarkdown(env: Envelope<GraphData>): string {
    return renderGraphMarkdown(env.data);
  }

  protected override renderFormat(format: Format, env: Envelope<GraphData>): string {
    if (format === 'mermaid') return renderMermaid(env.data);
    if (format === 'dot') return renderDot(env.data);
    return super.renderFormat(format, env);
  }
}
