import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { doc, repo } from '../helpers/docs.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { HOSTILE, siteRepo, treeOf } from '../helpers/site.js';
import { STATE, entryYaml, stateFile } from '../helpers/state.js';

/** Issue 44: `docket site`, a static site of the governed documents. */
async function site(root: string, args: string[] = []) {
  const r = await docket(['site', ...args, '--root', root, '--json']);
  if (r.exitCode === 0) expectValidEnvelope(r.json, 'site');
  else expectValidEnvelope(r.json);
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return r;
}

const read = (root: string, rel: string) => readFileSync(path.join(root, 'docs-site', rel), 'utf8');

describe('docket site', () => {
  it('builds the pages, says what it wrote, and a second build writes nothing', async () => {
    const root = siteRepo();
    const r = await site(root);
    expect(r.exitCode, r.stdout).toBe(0);
    const data = r.json!.data;
    expect(data).toMatchObject({
      out: 'docs-site',
      documents: 4,
      pages: 7,
      files: 9,
      written: 9,
      unchanged: 0,
      removed: 0,
      board: false,
      by_type: { ADR: 2, PRD: 2 },
      by_status: { Approved: 2, Draft: 1, Superseded: 1 },
    });
    expect(Object.keys(Object.fromEntries(treeOf(path.join(root, 'docs-site'))))).toEqual([
      '.docket-site.json',
      'assets/site.css',
      'assets/site.js',
      'docs/ACME-ADR-001.html',
      'docs/ACME-ADR-002.html',
      'docs/ACME-PRD-001.html',
      'docs/ACME-PRD-002.html',
      'graph.html',
      'index.html',
      'timeline.html',
    ]);
    const again = await site(root);
    expect(again.json!.data).toMatchObject({ written: 0, unchanged: 9, removed: 0 });
    // The check's findings are on the pages; a failing repository still builds.
    expect(r.json!.success).toBe(true);
  });

  it('is deterministic: two builds are byte-identical; a build date only with --include-timestamp', async () => {
    const root = siteRepo();
    await site(root, ['--out', 'one']);
    await site(root, ['--out', 'two']);
    const [one, two] = [treeOf(path.join(root, 'one')), treeOf(path.join(root, 'two'))];
    expect([...one.keys()]).toEqual([...two.keys()]);
    for (const [rel, bytes] of one) expect(bytes.equals(two.get(rel)!), rel).toBe(true);
    expect(one.get('index.html')!.toString()).not.toMatch(/Built by docket[^<]* on /);
    await site(root, ['--out', 'dated', '--include-timestamp']);
    expect(readFileSync(path.join(root, 'dated/index.html'), 'utf8')).toMatch(
      /Built by docket from the governed documents on \d{4}-\d\d-\d\dT/,
    );
  });

  it('links between documents go to their pages, anchors kept; IDs in text link; other files and code stay text', async () => {
    const root = siteRepo();
    await site(root);
    const second = read(root, 'docs/ACME-ADR-002.html');
    expect(second).toContain('<a href="../docs/ACME-ADR-001.html">the first</a>');
    expect(second).toContain('<a href="../docs/ACME-PRD-001.html#goals">the product</a>');
    expect(second).toContain('<a href="../docs/ACME-PRD-001.html" class="id-link">ACME-PRD-001</a>');
    expect(second).toContain('<a class="repo-file" title="scripts/build.sh (a repository file, not part of the site)">a script</a>');
    expect(second).toContain('<code>ACME-ADR-001</code>');
    // Headings carry GitHub's anchors, so links to them land.
    expect(second).toContain('<h2 id="why-it-changed">Why it changed</h2>');
    expect(read(root, 'docs/ACME-PRD-001.html')).toContain('<a href="../docs/ACME-ADR-002.html#why-it-changed">the ADR</a>');
    // Metadata, backlinks, supersession chain.
    const first = read(root, 'docs/ACME-ADR-001.html');
    expect(first).toMatch(/Superseded by<\/dt><dd><a class="id" href="..\/docs\/ACME-ADR-002.html"/);
    expect(first).toContain('<h2>Supersession chain</h2>');
    expect(second).toMatch(/<h2>Links from here<\/h2><h3>Supersedes<\/h3><ul><li><a class="id" href="..\/docs\/ACME-ADR-001.html"/);
    expect(first).toMatch(/<h2>Links to here<\/h2><h3>Superseded by<\/h3><ul><li><a class="id" href="..\/docs\/ACME-ADR-002.html"/);
    expect(read(root, 'timeline.html').indexOf('ACME-ADR-002')).toBeLessThan(
      read(root, 'timeline.html').indexOf('ACME-ADR-001.html" title="First'),
    );
  });

  it('escapes hostile titles, owners and bodies: no markup from a document, no unsafe link, nothing inline to run', async () => {
    const root = siteRepo();
    await site(root);
    for (const [rel, bytes] of treeOf(path.join(root, 'docs-site'))) {
      if (!rel.endsWith('.html')) continue;
      const html = bytes.toString('utf8');
      // Only the site's own script, loaded from its file; no element or handler from a document.
      expect(
        html.match(/<script\b[^>]*>/g)?.filter((s) => s !== '<script type="application/json" id="DocketGraphData">'),
        rel,
      ).toEqual([`<script src="${rel.startsWith('docs/') ? '../' : ''}assets/site.js">`]);
      expect(html, rel).not.toMatch(/<(img|iframe|style|object|embed)\b/i);
      expect(html, rel).not.toMatch(/\son[a-z]+\s*=\s*"/i);
      expect(html, rel).not.toMatch(/href="\s*(javascript|data|vbscript):/i);
      expect(html, rel).not.toContain('style="');
    }
    const hostile = read(root, 'docs/ACME-PRD-002.html');
    expect(hostile).toContain('&lt;script&gt;alert(&quot;body&quot;)&lt;/script&gt;');
    expect(hostile).toContain('[click me](javascript:alert(1))');
    expect(hostile).toContain('<dt>Owner</dt><dd>&quot; onmouseover=&quot;window.__pwned=3&quot; x=&quot;</dd>');
    expect(read(root, 'index.html')).toContain('&quot;&gt;&lt;script&gt;window.__pwned=1;alert(1)&lt;/script&gt;');
    // Data for the graph script cannot close its element.
    expect(hostile).not.toMatch(/<\/script><img/);
    expect(read(root, 'graph.html')).toContain('\\u003cscript>window.__pwned=1');
  });

  it('the board when project-state.yaml exists', async () => {
    const root = siteRepo();
    writeTree(root, {
      [STATE]: stateFile(
        entryYaml('ACME-PRD-001', { impl_state: 'In Progress', priority: 'P0', assignee: 'maria' }),
        entryYaml('ACME-ADR-002', { impl_state: "'Not Started'", depends_on: ['ACME-PRD-001'] }),
      ),
    });
    const r = await site(root);
    expect(r.json!.data).toMatchObject({ board: true, pages: 8 });
    const board = read(root, 'kanban.html');
    expect(board.indexOf('<span>Not Started</span>')).toBeLessThan(board.indexOf('<span>In Progress</span>'));
    expect(board).toContain('waits for ACME-PRD-001');
    expect(read(root, 'docs/ACME-PRD-001.html')).toContain('<dt>Assignee</dt><dd>maria</dd>');
    expect(read(root, 'index.html')).toContain('href="kanban.html"');
    // A state file the state commands refuse: the site is built without a board, and says why.
    writeTree(root, { [STATE]: 'documents: [unclosed\n' });
    const broken = await site(root);
    expect(broken.exitCode).toBe(0);
    expect(broken.json!.data).toMatchObject({ board: false });
    expect(broken.json!.warnings.filter((w: any) => w.code === 'STATE_FILE_IGNORED')).toEqual([
      expect.objectContaining({
        code: 'STATE_FILE_IGNORED',
        severity: 'warning',
        path: STATE,
        message: expect.stringMatching(/The site has no board\.$/),
      }),
    ]);
  });

  it('writes only into a directory docket built, a new or an empty one, unless --force; removes only files it wrote', async () => {
    const root = siteRepo();
    mkdirSync(path.join(root, 'mine'));
    writeFileSync(path.join(root, 'mine/notes.txt'), 'keep me');
    const refused = await site(root, ['--out', 'mine']);
    expect(refused.exitCode).toBe(73);
    expect(refused.json!.error.code).toBe('SITE_DIR_NOT_OURS');
    expect(existsSync(path.join(root, 'mine/index.html'))).toBe(false);
    const forced = await site(root, ['--out', 'mine', '--force']);
    expect(forced.exitCode).toBe(0);
    expect(readFileSync(path.join(root, 'mine/notes.txt'), 'utf8')).toBe('keep me');
    // A document gone: its page goes, the file docket did not write stays.
    const { rmSync } = await import('node:fs');
    rmSync(path.join(root, 'docs/45-adr/adr-001-first.md'));
    const rebuilt = await site(root, ['--out', 'mine']);
    expect(rebuilt.json!.data.removed).toBe(1);
    expect(existsSync(path.join(root, 'mine/docs/ACME-ADR-001.html'))).toBe(false);
    expect(readFileSync(path.join(root, 'mine/notes.txt'), 'utf8')).toBe('keep me');
    mkdirSync(path.join(root, 'empty'));
    expect((await site(root, ['--out', 'empty'])).exitCode).toBe(0);
  });

  it('never writes through a symbolic link leaving the repository, nor over the repository', async () => {
    const root = siteRepo();
    const elsewhere = tempDir('docket-site-elsewhere-');
    symlinkSync(elsewhere, path.join(root, 'linked'));
    const linked = await site(root, ['--out', 'linked']);
    expect(linked.exitCode).toBe(77);
    expect(linked.json!.error.code).toBe('PATH_OUTSIDE_ROOT');
    const viaLink = await site(root, ['--out', 'linked/site']);
    expect(viaLink.exitCode).toBe(77);
    // A link inside the site's own directory is not followed either.
    await site(root);
    const { rmSync } = await import('node:fs');
    rmSync(path.join(root, 'docs-site/docs'), { recursive: true });
    symlinkSync(elsewhere, path.join(root, 'docs-site/docs'));
    const inner = await site(root);
    expect(inner.exitCode).toBe(77);
    expect(treeOf(elsewhere).size).toBe(0);
    for (const out of ['.', '..', 'docs/..', '.git/site', '.docket/site']) {
      const r = await site(root, ['--out', out]);
      expect(r.exitCode, out).toBe(77);
    }
    writeFileSync(path.join(root, 'a-file'), 'x');
    expect((await site(root, ['--out', 'a-file'])).json!.error.code).toBe('FILE_EXISTS');
    // A directory outside the repository is the user's choice.
    const outside = path.join(tempDir('docket-site-out-'), 'site');
    const r = await site(root, ['--out', outside]);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.out).toBe(outside.split(path.sep).join('/'));
    expect(existsSync(path.join(outside, 'index.html'))).toBe(true);
  });

  it('a large repository renders its bodies in worker threads, to the same pages', async () => {
    // Past the threshold (bodies.ts) the Markdown is rendered in workers: each page as the main thread makes it.
    const files: Record<string, string> = {};
    for (let n = 1; n <= 450; n++) {
      const id = `ACME-ADR-${String(n).padStart(3, '0')}`;
      const next = n < 450 ? `ACME-ADR-${String(n + 1).padStart(3, '0')}` : 'ACME-ADR-001';
      files[`docs/45-adr/adr-${String(n).padStart(3, '0')}-x.md`] = doc(
        { document_id: id, title: `"Decision ${n}"` },
        `# Decision ${n}\n\n## Part\n\nNext: ${next}, see [it](adr-${next.slice(-3)}-x.md#part) and <b>bold</b>.\n`,
      );
    }
    const root = repo(files);
    const r = await site(root, ['--out', 'one']);
    expect(r.json!.data.pages).toBe(453);
    await site(root, ['--out', 'two']);
    const [one, two] = [treeOf(path.join(root, 'one')), treeOf(path.join(root, 'two'))];
    for (const [rel, bytes] of one) expect(bytes.equals(two.get(rel)!), rel).toBe(true);
    const page = one.get('docs/ACME-ADR-450.html')!.toString();
    expect(page).toContain(
      '<p>Next: <a href="../docs/ACME-ADR-001.html" class="id-link">ACME-ADR-001</a>, see <a href="../docs/ACME-ADR-001.html#part">it</a> and &lt;b&gt;bold&lt;/b&gt;.</p>',
    );
    expect(one.get('docs/ACME-ADR-007.html')!.toString()).toContain('<h1 id="decision-7">Decision 7</h1>');
  });

  it('text output says where the site is', async () => {
    const root = siteRepo();
    const r = await docket(['site', '--root', root]);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).toMatch(
      /^Site built in docs-site\/: 7 pages for 4 documents and 7 relations \(9 files written, 0 unchanged\)\.\nOpen docs-site\/index.html in a browser\.\n/,
    );
    expect(HOSTILE.title).toContain('<script>');
  });
});
