import { existsSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { treeOf } from '../helpers/site.js';
import { assetOf, imageRepo, PNG, PNG2, SVG } from '../helpers/site-images.js';

async function site(root: string, args: string[] = []) {
  const r = await docket(['site', ...args, '--root', root, '--json']);
  expect(r.exitCode, r.stdout).toBe(0);
  expectValidEnvelope(r.json, 'site');
  return r.json!.data;
}

const page = (root: string, id: string, out = 'docs-site') => readFileSync(path.join(root, out, 'docs', `${id}.html`), 'utf8');
const CSP =
  "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'\">";
const posix = process.platform !== 'win32';

describe('docket site: local images', () => {
  it('copies each image a page shows once, by content, points the <img> at it, and a rebuild is byte-identical', async () => {
    const root = imageRepo();
    const [arch, own, logo] = [assetOf(PNG, 'png'), assetOf(PNG2, 'png'), assetOf(SVG, 'svg')];
    const data = await site(root);
    expect(data).toMatchObject({ documents: 2, pages: 5, images: 3, files: 10, written: 10 });
    const built = treeOf(path.join(root, 'docs-site'));
    expect([...built.keys()].filter((k) => k.startsWith('assets/img/'))).toEqual([arch, own, logo].sort());
    expect(built.get(arch)!.equals(PNG)).toBe(true);
    expect(built.get(own)!.equals(PNG2)).toBe(true);

    const design = page(root, 'ACME-DESIGN-001');
    expect(design).toContain(`<p><img src="../${arch}" alt="architecture" loading="lazy"></p>`);
    expect(design).toContain(`<img src="../${arch}" alt="by reference" loading="lazy">`);
    expect(design).toContain(`<img src="../${arch}" alt="titled" title="The big picture" loading="lazy">`);
    const adr = page(root, 'ACME-ADR-001');
    expect(adr).toContain(`<img src="../${arch}" alt="same picture" loading="lazy">`);
    expect(adr).toContain(`<img src="../${own}" alt="from the top" loading="lazy">`);

    // Unchanged images are not rewritten; two builds give the same bytes.
    expect(await site(root)).toMatchObject({ written: 0, unchanged: 10, removed: 0 });
    await site(root, ['--out', 'two']);
    const two = treeOf(path.join(root, 'two'));
    expect([...two.keys()]).toEqual([...built.keys()]);
    for (const [rel, bytes] of built) expect(bytes.equals(two.get(rel)!), rel).toBe(true);

    // An image no page shows any more is removed, as docket's file; the one still shown stays.
    writeTree(root, { 'docs/45-adr/adr-001-x.md': doc({ document_id: 'ACME-ADR-001' }, '# X\n\nNo picture.\n') });
    expect(await site(root)).toMatchObject({ images: 2, removed: 1 });
    expect(existsSync(path.join(root, 'docs-site', own))).toBe(false);
    expect(existsSync(path.join(root, 'docs-site', arch))).toBe(true);
  });

  it('an SVG is only ever an <img> (its script never runs); the Content-Security-Policy is unchanged', async () => {
    const root = imageRepo();
    await site(root);
    const design = page(root, 'ACME-DESIGN-001');
    expect(design).toContain(`<img src="../${assetOf(SVG, 'svg')}" alt="vector" loading="lazy">`);
    expect(design).not.toContain('__pwned');
    expect(design).toContain(CSP);
    expect(readFileSync(path.join(root, 'docs-site/index.html'), 'utf8')).toContain(CSP);
    const text = await docket(['site', '--root', root, '--out', 'text']);
    expect(text.stdout).toMatch(/^Site built in text\/: 5 pages for 2 documents and \d+ relations?, 3 images \(10 files written/);
  });

  it.skipIf(!posix)('a missing, remote, outside, linked or oversized image stays a placeholder and is never copied', async () => {
    const outside = writeTree(tempDir('docket-site-outside-'), { 'secret.png': PNG2, 'dir/inner.png': PNG2 });
    const root = repo({
      'docs/45-adr/adr-001-x.md': doc(
        { document_id: 'ACME-ADR-001' },
        [
          '# X',
          '',
          '![missing](nothing.png)',
          '![remote](https://example.com/a.png)',
          '![up](../../../outside.png)',
          '![link](link.png)',
          '![via dir](ext/inner.png)',
          '![big](big.png)',
          '![not an image](notes.txt)',
          '![in code](`x.png`) `![code](shown.png)`',
          '',
          '![shown](shown.png)',
          '',
        ].join('\n'),
      ),
      'docs/45-adr/big.png': Buffer.alloc(10 * 1024 * 1024 + 1, 1),
      'docs/45-adr/notes.txt': 'text\n',
      'docs/45-adr/shown.png': PNG,
    });
    symlinkSync(path.join(outside, 'secret.png'), path.join(root, 'docs/45-adr/link.png'));
    symlinkSync(path.join(outside, 'dir'), path.join(root, 'docs/45-adr/ext'));
    const data = await site(root);
    expect(data.images).toBe(1);
    expect(readdirSync(path.join(root, 'docs-site/assets/img'))).toEqual([path.basename(assetOf(PNG, 'png'))]);
    const html = page(root, 'ACME-ADR-001');
    expect(html.match(/<img\b[^>]*>/g)).toEqual([`<img src="../${assetOf(PNG, 'png')}" alt="shown" loading="lazy">`]);
    for (const [alt, src] of [
      ['missing', 'nothing.png'],
      ['remote', 'https://example.com/a.png'],
      ['up', '../../../outside.png'],
      ['link', 'link.png'],
      ['via dir', 'ext/inner.png'],
      ['big', 'big.png'],
      ['not an image', 'notes.txt'],
    ])
      expect(html).toContain(`<span class="image" title="${src}">[image: ${alt}]</span>`);
    expect(html).toContain('<code>![code](shown.png)</code>');
  });

  it('a large repository renders its bodies in worker threads, with the same images', async () => {
    // Past the threshold (bodies.ts) the Markdown is rendered in workers, which must know the copies too.
    const files: Record<string, string | Buffer> = { 'docs/45-adr/arch.png': PNG };
    for (let n = 1; n <= 410; n++)
      files[`docs/45-adr/adr-${String(n).padStart(3, '0')}-x.md`] = doc(
        { document_id: `ACME-ADR-${String(n).padStart(3, '0')}` },
        `# Decision ${n}\n\n![arch ${n}](arch.png)\n`,
      );
    const root = repo(files);
    expect(await site(root)).toMatchObject({ pages: 413, images: 1 });
    expect(page(root, 'ACME-ADR-407')).toContain(`<img src="../${assetOf(PNG, 'png')}" alt="arch 407" loading="lazy">`);
  });
});
