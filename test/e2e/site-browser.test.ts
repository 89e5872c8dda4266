import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CHROMIUM, NO_CHROMIUM } from '../helpers/browser.js';
import { docket } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { siteRepo } from '../helpers/site.js';
import { imageRepo } from '../helpers/site-images.js';

/**
 * Issue 44's Done-when for `docket site`: the site of the example repository opened in headless
 * Chromium (Debian's chromium through playwright-core, which downloads no browser): the home
 * page lists the documents and its search filters them, a document page shows its metadata
 * and backlinks, the graph view draws its nodes, and no page logs a console error. A site of
 * hostile documents runs none of their scripts.
 */
async function build(root: string): Promise<string> {
  const out = path.join(mkdtempSync(path.join(os.tmpdir(), 'docket-site-e2e-')), 'site');
  const r = await docket(['site', '--root', root, '--out', out, '--json']);
  expect(r.exitCode, r.stdout).toBe(0);
  return out;
}

async function withBrowser<T>(
  use: (open: (url: string) => Promise<import('playwright-core').Page>, problems: string[]) => Promise<T>,
): Promise<T> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox', '--disable-gpu'] });
  const problems: string[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
    // Nothing is fetched from elsewhere: a request that is not a file of the site is a problem.
    await context.route(/^(?!file:)/, (route) => {
      problems.push(`request ${route.request().url()}`);
      return route.abort();
    });
    const open = async (url: string) => {
      const page = await context.newPage();
      page.on('console', (m) => {
        if (m.type() === 'error' || m.type() === 'warning') problems.push(`${url}: console ${m.type()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`${url}: ${String(e)}`));
      page.on('dialog', (d) => {
        problems.push(`${url}: dialog ${d.message()}`);
        void d.dismiss();
      });
      await page.goto(url);
      return page;
    };
    return await use(open, problems);
  } finally {
    await browser.close();
  }
}

const fileUrl = (dir: string, rel: string) => pathToFileURL(path.join(dir, rel)).href;

describe('docket site in a browser', () => {
  it.skipIf(!CHROMIUM)(
    `the example repository: list, search, document page, graph, no console error (${CHROMIUM ? 'chromium found' : NO_CHROMIUM})`,
    async () => {
      const out = await build(copyFixture('handbook', { example: true }));
      await withBrowser(async (open, problems) => {
        const home = await open(fileUrl(out, 'index.html'));
        const rows = home.locator('#DocketList tbody tr');
        expect(await rows.count()).toBe(18);
        expect(await home.locator('#DocketList').textContent()).toContain('Use Postgres for Tracking Events');
        const shot = path.join(path.dirname(out), 'site-home.png');
        await home.screenshot({ path: shot });
        console.log(`docket site e2e: home page screenshot at ${shot}`);
        // The search filters the list; the type filter too; sorting reorders it.
        await home.fill('#DocketSearch', 'postgres');
        expect(await home.locator('#DocketList tbody tr:not([hidden])').count()).toBe(1);
        expect(await home.textContent('#DocketShown')).toBe('1 of 18 shown');
        await home.fill('#DocketSearch', '');
        await home.selectOption('#DocketType', 'ADR');
        expect(await home.locator('#DocketList tbody tr:not([hidden])').count()).toBe(5);
        await home.click('#DocketList thead th:first-child');
        await home.click('#DocketList thead th:first-child');
        expect(await home.locator('#DocketList tbody tr:not([hidden]) td:first-child').first().textContent()).toBe('ACME-ADR-005');

        const doc = await open(fileUrl(out, 'docs/ACME-ADR-003.html'));
        expect(await doc.locator('h1').first().textContent()).toBe('Use Postgres for Tracking Events');
        const meta = await doc.locator('dl.meta').first().textContent();
        expect(meta).toContain('Tracking Team');
        expect(meta).toContain('docs/45-adr/adr-003-use-postgres-for-tracking-events.md');
        const backlinks = await doc.locator('section', { has: doc.locator('h2', { hasText: 'Links to here' }) }).textContent();
        expect(backlinks).toContain('ACME-ADR-002');
        // Its neighbourhood is drawn: a node per neighbour and itself.
        expect(Number(await doc.getAttribute('#DocketGraph', 'data-nodes'))).toBeGreaterThan(1);
        // A link to another document in the body opens that document's page.
        await doc.locator('article.markdown a[href$="ACME-ADR-002.html"]').first().click();
        await doc.waitForURL(/ACME-ADR-002\.html$/);

        const graph = await open(`${fileUrl(out, 'graph.html')}#id=ACME-ADR-003&depth=1`);
        const nodes = graph.locator('#DocketGraph g.node');
        const drawn = await nodes.count();
        expect(drawn).toBeGreaterThan(1);
        expect(await graph.locator('#DocketGraph g.node.centre').getAttribute('data-id')).toBe('ACME-ADR-003');
        // Clicking a node centres the graph on it.
        await graph.locator('#DocketGraph g.node[data-id="ACME-ADR-002"]').click();
        await graph.waitForFunction(() => (globalThis as unknown as { location: { hash: string } }).location.hash.includes('ACME-ADR-002'));
        expect(await graph.locator('#DocketGraph g.node.centre').getAttribute('data-id')).toBe('ACME-ADR-002');
        await open(fileUrl(out, 'timeline.html'));
        expect(problems).toEqual([]);
      });
    },
  );

  it.skipIf(!CHROMIUM)(
    `hostile documents: no script of theirs runs, no dialog, no console error (${CHROMIUM ? 'chromium found' : NO_CHROMIUM})`,
    async () => {
      const out = await build(siteRepo());
      await withBrowser(async (open, problems) => {
        for (const rel of ['index.html', 'docs/ACME-PRD-002.html', 'docs/ACME-PRD-001.html', 'graph.html', 'timeline.html']) {
          const page = await open(`${fileUrl(out, rel)}${rel === 'graph.html' ? '#id=ACME-PRD-002' : ''}`);
          // Hover and click what a document could have turned into a handler or a link.
          for (const el of await page.locator('main a, main dd, main td').all()) await el.hover().catch(() => undefined);
          await page.waitForTimeout(50);
          expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned), rel).toBeUndefined();
          expect(await page.locator('main script:not([type="application/json"]), main img, main iframe, main style').count(), rel).toBe(0);
        }
        const hostile = await open(fileUrl(out, 'docs/ACME-PRD-002.html'));
        expect(await hostile.locator('h1').first().textContent()).toContain('<script>window.__pwned=1');
        expect(await hostile.locator('article.markdown').textContent()).toContain('<script>alert("body")</script>');
        expect(problems).toEqual([]);
      });
    },
  );

  it.skipIf(!CHROMIUM)(
    `local images load from the site (the CSP allows 'self'), an SVG's script does not run (${CHROMIUM ? 'chromium found' : NO_CHROMIUM})`,
    async () => {
      const out = await build(imageRepo());
      await withBrowser(async (open, problems) => {
        for (const [rel, count] of [
          ['docs/ACME-DESIGN-001.html', 4],
          ['docs/ACME-ADR-001.html', 2],
        ] as const) {
          const page = await open(fileUrl(out, rel));
          const images = page.locator('article.markdown img');
          expect(await images.count(), rel).toBe(count);
          for (const img of await images.all()) {
            await img.scrollIntoViewIfNeeded();
            // loading="lazy": wait until the browser has fetched and decoded it.
            await page.waitForFunction((el) => (el as { complete: boolean }).complete, await img.elementHandle());
            expect(await img.evaluate((el) => (el as unknown as { naturalWidth: number }).naturalWidth), rel).toBeGreaterThan(0);
          }
          expect(await page.evaluate(() => (globalThis as { __pwned?: unknown }).__pwned), rel).toBeUndefined();
        }
        expect(problems).toEqual([]);
      });
    },
  );
});
