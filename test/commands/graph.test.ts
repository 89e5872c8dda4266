import { readFileSync, renameSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastLookup } from '../../src/core/index/lookup.js'; // shared through globalThis with the built copy the commands run
import { docket } from '../helpers/cli.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { copyFileSync, mkdirSync } from 'node:fs';

/** Issue 44: `docket graph`, the documents as nodes and the index's relations as edges. */
const ARTIFACT = 'docs/01-indices/docket.index.json';

async function graph(repo: string, args: string[] = []) {
  const r = await docket(['graph', ...args, '--root', repo, '--json']);
  expectValidEnvelope(r.json, 'graph');
  return r;
}

const ids = (r: { json?: Record<string, any> }) => r.json!.data.nodes.map((n: any) => n.document_id);
const edges = (r: { json?: Record<string, any> }) => r.json!.data.edges.map((e: any) => `${e.source} ${e.type} ${e.target}`);

describe('docket graph', () => {
  it('nodes sorted by ID, edges between documents sorted by source, target and kind; relations to missing IDs are not drawn', async () => {
    const repo = copyFixture('index-graph');
    const r = await graph(repo);
    expect(r.exitCode).toBe(0);
    expect(ids(r)).toEqual(['GRAPH-ADR-001', 'GRAPH-ADR-002', 'GRAPH-PRD-001', 'GRAPH-SPEC-001', 'PAY-PRD-001']);
    expect(r.json!.data.nodes[0]).toEqual({
      document_id: 'GRAPH-ADR-001',
      path: 'docs/45-adr/adr-001-use-postgres.md',
      namespace: 'main',
      type: 'ADR',
      title: 'Use PostgreSQL',
      status: 'Superseded',
      superseded_by: 'GRAPH-ADR-002',
    });
    expect(edges(r)).toEqual([
      'GRAPH-ADR-001 references GRAPH-ADR-002',
      'GRAPH-ADR-001 related GRAPH-ADR-002',
      'GRAPH-ADR-002 related GRAPH-ADR-001',
      'GRAPH-ADR-002 supersedes GRAPH-ADR-001',
      'GRAPH-ADR-002 references GRAPH-PRD-001',
      'GRAPH-ADR-002 related GRAPH-PRD-001',
      'GRAPH-PRD-001 related GRAPH-ADR-002',
      'GRAPH-SPEC-001 related GRAPH-PRD-001',
      'PAY-PRD-001 references GRAPH-PRD-001',
    ]);
    expect(r.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_MISSING']);
    expect(r.json!.advice.map((a: any) => a.code)).toEqual(['NEXT_INDEX']);
  });

  it('filters: --type and --status (any case, repeatable, commas), --edges, --from with --depth', async () => {
    const repo = copyFixture('index-graph');
    const adrs = await graph(repo, ['--type', 'adr']);
    expect(ids(adrs)).toEqual(['GRAPH-ADR-001', 'GRAPH-ADR-002']);
    expect(edges(adrs)).toEqual([
      'GRAPH-ADR-001 references GRAPH-ADR-002',
      'GRAPH-ADR-001 related GRAPH-ADR-002',
      'GRAPH-ADR-002 related GRAPH-ADR-001',
      'GRAPH-ADR-002 supersedes GRAPH-ADR-001',
    ]);
    expect(ids(await graph(repo, ['--type', 'SPEC,prd']))).toEqual(['GRAPH-PRD-001', 'GRAPH-SPEC-001', 'PAY-PRD-001']);
    expect(ids(await graph(repo, ['--status', 'approved', '--status', 'Draft']))).toEqual([
      'GRAPH-ADR-002',
      'GRAPH-SPEC-001',
      'PAY-PRD-001',
    ]);
    expect(edges(await graph(repo, ['--edges', 'supersedes,references']))).toEqual([
      'GRAPH-ADR-001 references GRAPH-ADR-002',
      'GRAPH-ADR-002 supersedes GRAPH-ADR-001',
      'GRAPH-ADR-002 references GRAPH-PRD-001',
      'PAY-PRD-001 references GRAPH-PRD-001',
    ]);
    // The neighbourhood follows edges both ways: PAY-PRD-001 references GRAPH-PRD-001.
    expect(ids(await graph(repo, ['--from', 'GRAPH-PRD-001']))).toEqual([
      'GRAPH-ADR-002',
      'GRAPH-PRD-001',
      'GRAPH-SPEC-001',
      'PAY-PRD-001',
    ]);
    expect(ids(await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '0']))).toEqual(['PAY-PRD-001']);
    expect(ids(await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '2']))).toEqual([
      'GRAPH-ADR-002',
      'GRAPH-PRD-001',
      'GRAPH-SPEC-001',
      'PAY-PRD-001',
    ]);
    expect(ids(await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '3']))).toHaveLength(5);
    // Only through the kinds drawn; --type filters the neighbourhood, the --from document stays.
    expect(ids(await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '5', '--edges', 'references']))).toEqual([
      'GRAPH-ADR-001',
      'GRAPH-ADR-002',
      'GRAPH-PRD-001',
      'PAY-PRD-001',
    ]);
    expect(ids(await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '5', '--edges', 'supersedes']))).toEqual(['PAY-PRD-001']);
    const typed = await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '3', '--type', 'ADR']);
    expect(ids(typed)).toEqual(['GRAPH-ADR-001', 'GRAPH-ADR-002', 'PAY-PRD-001']);
    expect(edges(typed)).not.toContain('PAY-PRD-001 references GRAPH-PRD-001');
    expect(ids(await graph(repo, ['--type', 'RUNBOOK']))).toEqual([]);
  });

  it('an unknown --from is ID_NOT_FOUND (66) with the closest IDs; a bad --edges kind or --depth without --from is a usage error', async () => {
    const repo = copyFixture('index-graph');
    const unknown = await graph(repo, ['--from', 'GRAPH-ADR-02']);
    expect(unknown.exitCode).toBe(66);
    expect(unknown.json!.error.code).toBe('ID_NOT_FOUND');
    expect(unknown.json!.error.details.did_you_mean[0]).toBe('GRAPH-ADR-002');
    expect(unknown.json!.warnings.map((w: any) => w.code)).toEqual(['INDEX_MISSING']);
    const kind = await graph(repo, ['--edges', 'supersedes,blocks']);
    expect(kind.exitCode).toBe(64);
    expect(kind.json!.error).toMatchObject({
      code: 'INVALID_FLAG_VALUE',
      details: { allowed: ['references', 'related', 'supersedes', 'depends_on', 'blocked_by'], value: 'blocks' },
    });
    const depth = await graph(repo, ['--depth', '2']);
    expect(depth.exitCode).toBe(64);
    expect((await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '-1'])).exitCode).toBe(64);
  });

  it("the work queue's depends_on and blocked_by are edges when project-state.yaml exists: selectable, followed by --from, styled apart", async () => {
    const repo = copyFixture('index-graph');
    const entry = (id: string, list: string, targets: string[]) =>
      `  ${id}:\n    impl_state: Not Started\n    updated: '2026-01-01T00:00:00+00:00'\n    updated_by: a\n    ${list}:\n${targets.map((t) => `    - ${t}\n`).join('')}`;
    const stateFile = path.join(repo, 'docs/01-indices/project-state.yaml');
    mkdirSync(path.dirname(stateFile), { recursive: true });
    writeFileSync(
      stateFile,
      `state_schema_version: '2.0'\ndocuments:\n${entry('GRAPH-SPEC-001', 'depends_on', ['GRAPH-ADR-002', 'GRAPH-TASK-009'])}${entry('PAY-PRD-001', 'blocked_by', ['GRAPH-SPEC-001'])}${entry('WRK-TASK-001', 'depends_on', ['GRAPH-ADR-001'])}`,
    );
    const queue = ['GRAPH-SPEC-001 depends_on GRAPH-ADR-002', 'PAY-PRD-001 blocked_by GRAPH-SPEC-001'];
    // A relation naming an ID no document has (either end) is not drawn.
    expect(edges(await graph(repo)).filter((e: string) => /depends_on|blocked_by/.test(e))).toEqual(queue);
    expect(edges(await graph(repo, ['--edges', 'depends_on,blocked_by']))).toEqual(queue);
    expect(edges(await graph(repo, ['--edges', 'blocked_by']))).toEqual([queue[1]]);
    expect(edges(await graph(repo, ['--edges', 'supersedes']))).toEqual(['GRAPH-ADR-002 supersedes GRAPH-ADR-001']);
    expect(ids(await graph(repo, ['--from', 'PAY-PRD-001', '--depth', '2', '--edges', 'blocked_by,depends_on']))).toEqual([
      'GRAPH-ADR-002',
      'GRAPH-SPEC-001',
      'PAY-PRD-001',
    ]);
    const mermaid = (await docket(['graph', '--root', repo, '--format', 'mermaid', '--edges', 'depends_on,blocked_by'])).stdout;
    expect(mermaid).toContain('  n_GRAPH_SPEC_001 --o|depends_on| n_GRAPH_ADR_002\n  n_PAY_PRD_001 --x|blocked_by| n_GRAPH_SPEC_001\n');
    const dot = (await docket(['graph', '--root', repo, '--format', 'dot'])).stdout;
    expect(dot).toContain(
      '  n_GRAPH_SPEC_001 -> n_GRAPH_ADR_002 [label="depends_on", style=solid, color="#2563eb", fontcolor="#2563eb", arrowhead=odot];\n',
    );
    expect(dot).toContain(
      '  n_PAY_PRD_001 -> n_GRAPH_SPEC_001 [label="blocked_by", style=bold, color="#dc2626", fontcolor="#dc2626", arrowhead=tee];\n',
    );
    const text = (await docket(['graph', '--root', repo, '--edges', 'depends_on'])).stdout;
    expect(text).toContain('GRAPH-SPEC-001  SPEC');
    expect(text).toContain('  depends_on → GRAPH-ADR-002\n');
    // A state file the state commands refuse adds no edge; the index's are drawn all the same.
    writeFileSync(stateFile, 'documents: [unclosed\n');
    const broken = await graph(repo);
    expect(broken.exitCode).toBe(0);
    expect(edges(broken).filter((e: string) => /depends_on|blocked_by/.test(e))).toEqual([]);
    // ... and says so: an agent or a person learns why the work queue's edges are missing.
    const ignored = broken.json!.warnings.filter((w: any) => w.code === 'STATE_FILE_IGNORED');
    expect(ignored).toEqual([
      expect.objectContaining({ severity: 'warning', path: 'docs/01-indices/project-state.yaml', line: expect.any(Number) }),
    ]);
    expect(ignored[0].message).toMatch(
      /^docs\/01-indices\/project-state\.yaml .+[^:.]\. The graph has no depends_on or blocked_by edges\.$/,
    );
    expect((await docket(['graph', '--root', repo, '--format', 'mermaid'])).stderr).toContain('STATE_FILE_IGNORED');
    // Asked only for the index's kinds, the file is not read at all, so there is nothing to say.
    const indexOnly = await graph(repo, ['--edges', 'references,related,supersedes']);
    expect(indexOnly.json!.warnings.map((w: any) => w.code)).not.toContain('STATE_FILE_IGNORED');
  });

  it('mermaid and dot: the diagram alone on stdout, findings on stderr; deterministic; --output writes it', async () => {
    const repo = copyFixture('index-graph');
    for (const format of ['mermaid', 'dot']) {
      const r = await docket(['graph', '--root', repo, '--format', format]);
      expect(r.exitCode).toBe(0);
      expect(r.stdout).toMatch(format === 'mermaid' ? /^flowchart LR\n/ : /^digraph docket \{\n/);
      expect(r.stdout).not.toContain('INDEX_MISSING');
      expect(r.stderr).toContain('INDEX_MISSING');
      expect((await docket(['graph', '--root', repo, '--format', format])).stdout).toBe(r.stdout);
    }
    const mermaid = (await docket(['graph', '--root', repo, '--format', 'mermaid'])).stdout;
    expect(mermaid).toContain('  n_GRAPH_ADR_001["GRAPH-ADR-001<br/>Use PostgreSQL<br/>ADR · Superseded"]\n');
    expect(mermaid).toContain('  n_GRAPH_ADR_002 ==>|supersedes| n_GRAPH_ADR_001\n');
    // A related pair listed both ways is one line without arrowheads; one listed one way keeps its arrow.
    expect(mermaid).toContain('  n_GRAPH_ADR_001 -.-|related| n_GRAPH_ADR_002\n');
    expect(mermaid).not.toContain('n_GRAPH_ADR_002 -.-|related| n_GRAPH_ADR_001');
    expect(mermaid).toContain('  n_GRAPH_SPEC_001 -.->|related| n_GRAPH_PRD_001\n');
    expect(mermaid).toMatch(/\n {2}class n_GRAPH_ADR_001,n_GRAPH_SPEC_001 s\n/);
    const dot = (await docket(['graph', '--root', repo, '--format', 'dot'])).stdout;
    expect(dot).toContain(
      '  n_GRAPH_ADR_001 [label="GRAPH-ADR-001\\nUse PostgreSQL\\nADR · Superseded", fillcolor="#f3f4f6", color="#9ca3af", fontcolor="#6b7280"];\n',
    );
    expect(dot).toContain('  n_GRAPH_ADR_001 -> n_GRAPH_ADR_002 [label="related", style=dashed, dir=none];\n');
    const written = await docket(['graph', '--root', repo, '--format', 'mermaid', '--output', 'docs/graph.mmd']);
    expect(written.exitCode).toBe(0);
    expect(written.stdout).toBe('');
    expect(readFileSync(path.join(repo, 'docs/graph.mmd'), 'utf8')).toBe(mermaid);
    // An error prints no diagram: the message goes to stderr, with the exit code of every format.
    const failed = await docket(['graph', '--root', repo, '--format', 'dot', '--from', 'NOPE-1']);
    expect([failed.exitCode, failed.stdout]).toEqual([66, '']);
    expect(failed.stderr).toContain('ERROR [ID_NOT_FOUND]');
  });

  it('text lists each document with its relations; md wraps the Mermaid diagram in a fence', async () => {
    const repo = copyFixture('index-graph');
    const text = await docket(['graph', '--root', repo, '--type', 'ADR']);
    expect(text.stdout.split('\n').slice(0, 8)).toEqual([
      '2 documents, 4 relations',
      'GRAPH-ADR-001  ADR  Superseded  Use PostgreSQL',
      '  references → GRAPH-ADR-002',
      '  related → GRAPH-ADR-002',
      'GRAPH-ADR-002  ADR  Approved  Use SQLite',
      '  related → GRAPH-ADR-001',
      '  supersedes → GRAPH-ADR-001',
      '',
    ]);
    const md = await docket(['graph', '--root', repo, '--format', 'md']);
    expect(md.stdout).toContain('\n```mermaid\nflowchart LR\n');
    const mermaid = (await docket(['graph', '--root', repo, '--format', 'mermaid'])).stdout;
    expect(md.stdout).toContain(`\`\`\`mermaid\n${mermaid}\`\`\`\n`);
  });

  it('reads the current artifact (the same answer as the index built in memory); an artifact changed in place never answers', async () => {
    const repo = copyFixture('index-graph');
    const old = new Date(Date.now() - 120_000);
    for (const f of [
      'docs/45-adr/adr-001-use-postgres.md',
      'docs/45-adr/adr-002-use-sqlite.md',
      'docs/10-prd/prd-001-checkout.md',
      'docs/20-specs/spec-001-api.md',
      'services/pay/docs/10-prd/prd-001-refunds.md',
    ])
      utimesSync(path.join(repo, f), old, old);
    expect((await docket(['index', '--root', repo])).exitCode).toBe(0);
    lastLookup.source = 'none';
    const read = await graph(repo);
    expect(lastLookup.source).toBe('artifact');
    expect(read.json!.warnings).toEqual([]);
    const built = await docket(['graph', '--root', repo, '--json'], { env: {} });
    renameSync(path.join(repo, '.docket'), path.join(repo, '.docket-off'));
    lastLookup.source = 'none';
    const inMemory = await graph(repo);
    expect(lastLookup.source).toBe('built');
    expect(inMemory.json!.data).toEqual(read.json!.data);
    expect(built.json!.data).toEqual(read.json!.data);
    renameSync(path.join(repo, '.docket-off'), path.join(repo, '.docket'));
    // Same size and time, other bytes: the graph is built in memory instead.
    const file = path.join(repo, ARTIFACT);
    const { mtime, atime } = statSync(file);
    writeFileSync(file, readFileSync(file, 'utf8').replace('"Use SQLite"', '"Use SQLITE"'));
    utimesSync(file, atime, mtime);
    lastLookup.source = 'none';
    const tampered = await graph(repo);
    expect(lastLookup.source).not.toBe('artifact');
    expect(tampered.json!.data.nodes[1].title).toBe('Use SQLite');
  });

  it('in a repository keeping the Python DocOps CLI artifact, graph reads its nodes and edges when current', async () => {
    const repo = copyFixture('meminit-index');
    const before = await graph(repo);
    expect(before.exitCode).toBe(0);
    expect((await docket(['index', '--root', repo])).exitCode).toBe(0);
    lastLookup.source = 'none';
    const read = await graph(repo);
    expect(lastLookup.source).toBe('artifact');
    expect(read.json!.data).toEqual(before.json!.data);
    expect(read.json!.data.edges.length).toBeGreaterThan(0);
  });

  it('an empty repository is an empty graph', async () => {
    const repo = tempDir();
    mkdirSync(path.join(repo, 'docs'));
    copyFileSync(path.join(copyFixture('index-graph'), 'docops.config.yaml'), path.join(repo, 'docops.config.yaml'));
    const r = await graph(repo);
    expect(r.json!.data).toEqual({ nodes: [], edges: [] });
    expect((await docket(['graph', '--root', repo, '--format', 'mermaid'])).stdout).toBe('flowchart LR\n');
  });
});

describe('docket graph for agents', () => {
  it('is a read-only MCP tool taking the filters; capabilities lists its formats', async () => {
    const { buildTool } = await import('../../src/cli/mcp/tools.js');
    const { REPO } = await import('../helpers/cli.js');
    const manifest = JSON.parse(readFileSync(path.join(REPO, 'oclif.manifest.json'), 'utf8')) as { commands: Record<string, any> };
    const tool = buildTool(manifest.commands.graph, REPO).definition;
    expect(tool.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false, idempotentHint: true });
    expect(Object.keys(tool.inputSchema.properties as object)).toEqual(
      expect.arrayContaining(['depth', 'edges', 'fields', 'from', 'status', 'type']),
    );
    expect(tool.description).not.toMatch(/--format|stderr/);
    const caps = await docket(['capabilities', '--json']);
    const graphInfo = caps.json!.data.commands.find((c: any) => c.id === 'graph');
    expect(graphInfo).toMatchObject({ mutates: false, mcp_tool: 'graph', formats: ['dot', 'json', 'md', 'mermaid', 'text'] });
  });
});

describe('docket graph, large', () => {
  it('advises Graphviz or the filters when the Mermaid diagram is past what Mermaid draws by default', async () => {
    // @ts-expect-error: the benchmark generator is plain JavaScript
    const { generateRepo } = await import('../../bench/generate.mjs');
    const root = path.join(tempDir(), 'r');
    generateRepo(root, { docs: 200, seed: 3, violations: 0 });
    const whole = await docket(['graph', '--root', root, '--format', 'mermaid']);
    expect(whole.exitCode).toBe(0);
    expect(whole.stderr).toContain('Mermaid draws at most 500 edges');
    expect(whole.stderr).toContain(`docket graph --format dot --root ${root}`);
    const json = await graph(root);
    expect(json.json!.data.edges.length).toBeGreaterThan(500);
    expect(json.json!.advice.map((a: any) => a.code)).not.toContain('NEXT_GRAPH_DOT');
    const near = await docket(['graph', '--root', root, '--format', 'mermaid', '--from', json.json!.data.nodes[0].document_id]);
    expect(near.stderr).not.toContain('Mermaid draws at most');
  });
});
