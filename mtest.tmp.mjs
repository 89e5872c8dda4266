import { chromium } from 'playwright-core';
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
const require = createRequire(import.meta.url);
const file = require.resolve('mermaid/dist/mermaid.min.js');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const errors = [];
page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
page.on('pageerror', (e) => errors.push(String(e)));
await page.setContent('<!doctype html><html><body><div id="out"></div></body></html>');
await page.addScriptTag({ path: file });
const text = readFileSync(process.argv[2], 'utf8');
const r = await page.evaluate(async (text) => {
  mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' });
  try { const { svg } = await mermaid.render('g', text); document.getElementById('out').innerHTML = svg; return { ok: true, len: svg.length, nodes: document.querySelectorAll('#out .node').length, edges: document.querySelectorAll('#out .edgePaths path, #out .flowchart-link').length, text: document.getElementById('out').textContent }; }
  catch (e) { return { ok: false, error: String(e && e.message || e) }; }
}, text);
console.log(JSON.stringify(r), errors);
await browser.close();
