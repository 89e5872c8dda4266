import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * Headless Chromium for tests: Debian's `chromium` (.ci/run installs it), driven through
 * playwright-core, which downloads no browser. CHROMIUM_PATH names another binary.
 */
export const CHROMIUM = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
  (p): p is string => p !== undefined && p !== '' && existsSync(p),
);

/** Why browser tests are skipped here, for their names. */
export const NO_CHROMIUM = "skipped: no Chromium (install Debian's chromium, or set CHROMIUM_PATH)";

const require = createRequire(import.meta.url);
/** The Mermaid bundle from node_modules: loaded into the page as a file, nothing from the network. */
const MERMAID_BUNDLE = require.resolve('mermaid/dist/mermaid.min.js');

/** A node of a rendered Mermaid diagram: its element id, its classes, its text, and its shape's computed fill and dashes. */
export interface RenderedNode {
  id: string;
  classes: string;
  text: string;
  fill: string;
  dashes: string;
}

export interface MermaidResult {
  /** Mermaid's error message when it could not parse or draw the text. */
  error?: string;
  nodes: RenderedNode[];
  edgePaths: number;
  /** script, img, iframe, object and embed elements, and elements with on* attributes, in the drawing. */
  activeElements: number;
  /** Whether a script from a label ran (it would set window.__pwned). */
  pwned: boolean;
  /** Console errors and uncaught page errors. */
  consoleErrors: string[];
}

/** What the tests use of the page's globals: DOM types are not compiled in. */
interface PageElement {
  id: string;
  tagName: string;
  textContent: string | null;
  innerHTML: string;
  attributes: ArrayLike<{ name: string }> & Iterable<{ name: string }>;
  getAttribute(name: string): string | null;
  querySelector(selector: string): PageElement | null;
  querySelectorAll(selector: string): ArrayLike<PageElement> & Iterable<PageElement>;
}
interface Page {
  document: { getElementById(id: string): PageElement | null };
  getComputedStyle(el: PageElement): { fill: string; strokeDasharray: string };
  mermaid: { initialize(config: object): void; render(id: string, text: string): Promise<{ svg: string }> };
  __pwned?: unknown;
}

/** Draws each Mermaid text in a fresh page (Mermaid's bundle, strict security level) and reports what was drawn. */
export async function renderMermaid(texts: readonly string[]): Promise<MermaidResult[]> {
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM!, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const results: MermaidResult[] = [];
    for (const text of texts) {
      const page = await browser.newPage();
      const consoleErrors: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') consoleErrors.push(m.text());
      });
      page.on('pageerror', (e) => consoleErrors.push(String(e)));
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body><div id="out"></div></body></html>');
      await page.addScriptTag({ path: MERMAID_BUNDLE });
      const drawn = await page.evaluate(async (source: string) => {
        // The page's globals (this function runs in the browser; the tests compile without DOM types).
        const w = globalThis as unknown as Page;
        const out = w.document.getElementById('out')!;
        let error: string | undefined;
        try {
          w.mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
          out.innerHTML = (await w.mermaid.render('graph', source)).svg;
        } catch (e) {
          error = String((e as Error)?.message ?? e);
        }
        // Give an injected handler (an image's onerror) the chance to run.
        await new Promise((r) => setTimeout(r, 50));
        const all = [...out.querySelectorAll('*')];
        return {
          ...(error !== undefined ? { error } : {}),
          nodes: [...out.querySelectorAll('g.node')].map((n) => {
            const shape = n.querySelector('rect, path, polygon');
            const style = shape ? w.getComputedStyle(shape) : undefined;
            return {
              id: n.id,
              classes: n.getAttribute('class') ?? '',
              text: n.textContent ?? '',
              fill: style?.fill ?? '',
              dashes: style?.strokeDasharray ?? '',
            };
          }),
          edgePaths: out.querySelectorAll('path.flowchart-link').length,
          activeElements: all.filter(
            (el) =>
              ['SCRIPT', 'IMG', 'IFRAME', 'OBJECT', 'EMBED'].includes(el.tagName.toUpperCase()) ||
              [...el.attributes].some((a) => a.name.toLowerCase().startsWith('on')),
          ).length,
          pwned: w.__pwned !== undefined,
        };
      }, text);
      results.push({ ...drawn, consoleErrors });
      await page.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
