import { existsSync, mkdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { readFileSync as read } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ManifestCommand } from '../../src/cli/mcp/manifest.js';
import { buildTool } from '../../src/cli/mcp/tools.js';
import { docket, REPO } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { entryYaml, STATE, stateFile, stateRepo } from '../helpers/state.js';

const DIR = 'docs/01-indices';
const CATALOG = `${DIR}/catalogue.md`;
const KANBAN = `${DIR}/kanban.md`;
const CSS = `${DIR}/kanban.css`;
const VIEWS = [CATALOG, KANBAN, CSS];

const index = async (root: string, args: string[] = [], env: Record<string, string> = {}) => {
  const r = await docket(['index', '--root', root, '--json', ...args], { env });
  expectValidEnvelope(r.json, r.json?.error ? undefined : 'index');
  return r;
};
const check = (root: string) => docket(['check', '--root', root, '--json']);
const bytes = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');

/** A hostile title, as YAML double-quoted scalar: pipes, HTML, quotes, backticks and a line break. */
const HOSTILE_TITLE = '"Pipes | and <script>alert(\'x\')</script> \\"quoted\\" `ticks`\\nsecond line"';

function queueRepo(): string {
  return stateRepo({
    'docs/00-governance/metadata.schema.json': read(path.join(REPO, 'assets/profiles/default/metadata.schema.json'), 'utf8'),
    [STATE]: stateFile(
      entryYaml('WRK-ADR-001', { impl_state: 'Done' }),
      entryYaml('WRK-ADR-002', {
        impl_state: 'In Progress',
        priority: 'P0',
        notes: '"<img src=x onerror=alert(1)> | `x`"',
        depends_on: ['WRK-ADR-001'],
      }),
      entryYaml('WRK-ADR-003', { impl_state: 'Blocked', blocked_by: ['WRK-ADR-002'] }),
      entryYaml('WRK-ADR-004', { impl_state: 'Not Started', depends_on: ['WRK-ADR-001'] }),
    ),
    'docs/45-adr/adr-005-decision-5.md': `---\ndocument_id: WRK-ADR-005\ntype: ADR\ntitle: ${HOSTILE_TITLE}\nstatus: Approved\nversion: "0.1"\nlast_updated: 2026-01-12\nowner: "A | <b>B</b>"\ndocops_version: "2.0"\n---\n\n# WRK-ADR-005: Hostile\n`,
  });
}

describe('index --output-catalog / --output-kanban', () => {
  it('writes the catalogue, the board and its stylesheet beside the state file, and says so in data.views', async () => {
    const root = queueRepo();
    const r = await index(root, ['--output-catalog', '--output-kanban']);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.views).toEqual([
      { view: 'catalog', path: CATALOG, written: true },
      { view: 'kanban', path: KANBAN, written: true },
      { view: 'kanban_css', path: CSS, written: true },
    ]);
    const catalog = bytes(root, CATALOG);
    const sections = catalog
      .split('\n## ')
      .slice(1)
      .map((s) => [s.slice(0, s.indexOf('\n')), [...s.matchAll(/^\| \[(WRK-[A-Z]+-\d{3})\]/gm)].map((m) => m[1])]);
    expect(sections).toEqual([
      ['Active Work', ['WRK-ADR-002', 'WRK-ADR-003', 'WRK-ADR-004']],
      ['Governance Pending', ['WRK-SPEC-001']],
      ['Reference', ['WRK-ADR-005']],
      ['Done', ['WRK-ADR-001']],
      ['Superseded', []],
    ]);
    // The hostile title and owner stay in their cells, inert.
    const hostile = catalog.split('\n').find((l) => l.includes('WRK-ADR-005'))!;
    expect(hostile).toBe(
      '| [WRK-ADR-005](../45-adr/adr-005-decision-5.md) | Pipes \\| and &lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &quot;quoted&quot; \\`ticks\\` second line | ADR | Approved |  | — | — | 2026-01-12 | A \\| &lt;b&gt;B&lt;/b&gt; |',
    );
    const kanban = bytes(root, KANBAN);
    expect(kanban).not.toMatch(/<script|<img|<b>/);
    expect(kanban).toContain(
      '<p class="card-notes kanban-truncate-lines" title="&lt;img src=x onerror=alert(1)&gt; | `x`">&lt;img src=x onerror=alert(1)&gt; | `x`</p>',
    );
    expect(kanban).toContain('- **[WRK-ADR-004](../45-adr/adr-004-decision-4.md)**: Decision 4 (Draft)');
    expect(kanban).toContain('- **[WRK-ADR-003](../45-adr/adr-003-decision-3.md)**: \\[blocked\\] Decision 3 (Draft)');
    expect(bytes(root, CSS)).toContain('.kanban-fallback');
  });

  it('writes the same bytes on a second run (nothing is rewritten), and no build date without --include-timestamp', async () => {
    const root = queueRepo();
    await index(root, ['--output-catalog', '--output-kanban']);
    const first = VIEWS.map((v) => bytes(root, v));
    const mtimes = VIEWS.map((v) => statSync(path.join(root, v)).mtimeMs);
    // A different cache state (rebuilt) must not change the views either.
    const again = await index(root, ['--output-catalog', '--output-kanban', '--rebuild-cache']);
    expect(again.json!.data.views.map((v: any) => v.written)).toEqual([false, false, false]);
    expect(VIEWS.map((v) => bytes(root, v))).toEqual(first);
    expect(VIEWS.map((v) => statSync(path.join(root, v)).mtimeMs)).toEqual(mtimes);
    expect(first.join('\n')).not.toMatch(/Last built/);
    const stamped = await index(root, ['--output-catalog', '--output-kanban', '--include-timestamp'], { DOCKET_TODAY: '2026-03-05' });
    expect(stamped.json!.data.views.map((v: any) => v.written)).toEqual([true, true, false]);
    expect(bytes(root, CATALOG)).toContain('last_updated: 2026-03-05\n');
    expect(bytes(root, CATALOG)).toContain('Last built: 2026-03-05T12:00:00Z._');
    expect(bytes(root, KANBAN)).toContain('Last built: 2026-03-05T12:00:00Z._');
  });

  it('a plain index leaves existing views alone, even when the documents changed', async () => {
    const root = queueRepo();
    await index(root, ['--output-catalog', '--output-kanban']);
    const before = VIEWS.map((v) => bytes(root, v));
    writeFileSync(
      path.join(root, 'docs/45-adr/adr-001-decision-1.md'),
      bytes(root, 'docs/45-adr/adr-001-decision-1.md').replace('title: Decision 1', 'title: Renamed'),
    );
    const r = await index(root);
    expect(r.json!.data.written).toBe(true);
    expect(r.json!.data).not.toHaveProperty('views');
    expect(VIEWS.map((v) => bytes(root, v))).toEqual(before);
  });

  it('the views are no documents: check, doctor, scan and the index ignore them (under another name too)', async () => {
    const root = queueRepo();
    const plain = await check(root);
    await index(root, ['--output-catalog', '--output-kanban']);
    const named = await index(root, ['--output-catalog', '--catalog-name', 'dashboard.md']);
    expect(named.json!.data.views).toEqual([{ view: 'catalog', path: `${DIR}/dashboard.md`, written: true }]);
    const after = await check(root);
    expect([after.exitCode, after.json!.data, after.json!.violations, after.json!.warnings]).toEqual([
      plain.exitCode,
      plain.json!.data,
      plain.json!.violations,
      plain.json!.warnings,
    ]);
    expect([plain.exitCode, plain.json!.violations]).toEqual([0, []]);
    // Named on the command line, they are still not documents.
    const explicit = await docket(['check', CATALOG, `${DIR}/dashboard.md`, KANBAN, '--root', root, '--json']);
    expect(explicit.json!.violations).toEqual([]);
    expect((await index(root)).json!.data.node_count).toBe(6);
    const doctor = await docket(['doctor', '--root', root, '--json']);
    expect(JSON.stringify(doctor.json!.warnings)).not.toMatch(/catalogue|dashboard|kanban/);
    const scan = await docket(['scan', '--root', root, '--json']);
    // scan lists them as files it found, none governed, and plans nothing for them.
    const views = scan.json!.data.files.filter((f: any) => /01-indices\/(catalogue|dashboard|kanban)\.md$/.test(f.path));
    expect(views.map((f: any) => [f.path, f.governed])).toEqual([
      [CATALOG, false],
      [`${DIR}/dashboard.md`, false],
      [KANBAN, false],
    ]);
    expect(JSON.stringify(scan.json!.data.actions)).not.toMatch(/01-indices/);
  });

  it('--status and --impl-state choose what the views show, and the catalogue names them', async () => {
    const root = queueRepo();
    const r = await index(root, ['--output-catalog', '--output-kanban', '--impl-state', 'in_progress,blocked']);
    expect(r.exitCode).toBe(0);
    const catalog = bytes(root, CATALOG);
    expect(catalog).toContain('**Filters:** impl\\_state: In Progress, Blocked\n');
    expect([...catalog.matchAll(/^\| \[(WRK-[A-Z]+-\d{3})\]/gm)].map((m) => m[1])).toEqual(['WRK-ADR-002', 'WRK-ADR-003']);
    expect([...bytes(root, KANBAN).matchAll(/<article class="kanban-card" aria-label="([^"]*)"/g)].map((m) => m[1])).toEqual([
      'Decision 2',
      'Decision 3',
    ]);
  });

  it('writes no view when the graph or the state file fails; the views it would write say written: false', async () => {
    const root = queueRepo();
    writeFileSync(path.join(root, 'docs/45-adr/adr-006-copy.md'), bytes(root, 'docs/45-adr/adr-002-decision-2.md'));
    const dup = await index(root, ['--output-catalog', '--output-kanban']);
    expect(dup.exitCode).toBe(1);
    expect(dup.json!.data.views.map((v: any) => [v.path, v.written])).toEqual(VIEWS.map((v) => [v, false]));
    expect(VIEWS.some((v) => existsSync(path.join(root, v)))).toBe(false);
    rmSync(path.join(root, 'docs/45-adr/adr-006-copy.md'));
    writeFileSync(path.join(root, STATE), "state_schema_version: '3.0'\ndocuments: {}\n");
    const broken = await index(root, ['--output-kanban']);
    expect(broken.exitCode).toBe(1);
    expect(broken.json!.data.views.map((v: any) => v.written)).toEqual([false, false]);
    expect(existsSync(path.join(root, KANBAN))).toBe(false);
  });

  it('never writes through a symbolic link, nor into a views directory that leads out of the repository', async () => {
    const root = queueRepo();
    const outside = tempDir('docket-views-outside-');
    writeFileSync(path.join(outside, 'target.md'), 'keep\n');
    symlinkSync(path.join(outside, 'target.md'), path.join(root, KANBAN));
    const r = await index(root, ['--output-kanban']);
    expect([r.exitCode, r.json!.error.code]).toEqual([expect.any(Number), 'SYMLINK_REFUSED']);
    expect(read(path.join(outside, 'target.md'), 'utf8')).toBe('keep\n');
    const moved = stateRepo();
    rmSync(path.join(moved, DIR), { recursive: true, force: true });
    mkdirSync(path.join(outside, 'indices'));
    symlinkSync(path.join(outside, 'indices'), path.join(moved, DIR));
    const escaped = await index(moved, ['--no-cache', '--output-catalog']);
    expect(escaped.exitCode).not.toBe(0);
    expect(existsSync(path.join(outside, 'indices/catalogue.md'))).toBe(false);
  });

  it('refuses a --catalog-name that is no Markdown file name of its own, and the view flags with --check', async () => {
    const root = queueRepo();
    for (const name of ['../escape.md', 'sub/dir.md', 'kanban.md', 'notes.txt', '.hidden.md']) {
      const r = await index(root, ['--output-catalog', '--catalog-name', name]);
      expect([name, r.exitCode, r.json!.error.code]).toEqual([name, 64, 'INVALID_FLAG_VALUE']);
    }
    expect((await index(root, ['--catalog-name', 'x.md'])).exitCode).toBe(64);
    expect((await index(root, ['--check', '--output-kanban'])).exitCode).toBe(64);
    expect(existsSync(path.join(root, DIR, 'kanban.md'))).toBe(false);
  });

  it('keeps the view flags off the MCP index tool (they write files for people; agents read the state tools)', () => {
    const manifest = JSON.parse(read(path.join(REPO, 'oclif.manifest.json'), 'utf8')) as { commands: Record<string, ManifestCommand> };
    const props = Object.keys(buildTool({ ...manifest.commands.index!, id: 'index' }, REPO).definition.inputSchema.properties ?? {});
    expect(props).toEqual(expect.arrayContaining(['status', 'impl_state']));
    expect(props.filter((p) => /catalog|kanban/.test(p))).toEqual([]);
  });
});

describe('index views without a state file', () => {
  it('lists every document in the catalogue and shows an empty board', async () => {
    const root = writeTree(stateRepo(), {});
    await index(root, ['--output-catalog', '--output-kanban']);
    expect([...bytes(root, CATALOG).matchAll(/^\| \[(WRK-[A-Z]+-\d{3})\]/gm)]).toHaveLength(6);
    expect(bytes(root, KANBAN)).not.toContain('<article');
    expect(bytes(root, KANBAN).match(/_No items\._/g)).toHaveLength(5);
  });
});
