// The README's pictures of `docket site`: the example handbook (examples/handbook) copied to a
// temporary directory with a small work queue added (so the board has cards), built with this
// checkout's docket (run `npm run build` first), and photographed in headless Chromium
// (Debian's chromium through playwright-core, which downloads no browser; CHROMIUM_PATH names
// another). Writes docs/images/site-home.png, site-document.png, site-graph.png and
// site-kanban.png, each 1200x800.
//
//   node scripts/readme-images.mjs [--out DIR]
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

const root = fileURLToPath(new URL('..', import.meta.url));
const outIndex = process.argv.indexOf('--out');
const outDir = outIndex > 0 ? path.resolve(process.argv[outIndex + 1]) : path.join(root, 'docs/images');
const browserPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && existsSync(p));
if (!browserPath) {
  console.error("readme-images: no Chromium (install Debian's chromium, or set CHROMIUM_PATH)");
  process.exit(1);
}

const QUEUE = {
  'ACME-PRD-001': { impl_state: 'In Progress', priority: 'P0', assignee: 'maria', next_action: 'Wire the tracking page to the events API' },
  'ACME-SPEC-001': { impl_state: 'Done', priority: 'P1', assignee: 'sam' },
  'ACME-SPEC-002': { impl_state: 'QA Required', priority: 'P1', assignee: 'sam', depends_on: ['ACME-SPEC-001'] },
  'ACME-DESIGN-001': { impl_state: 'In Progress', priority: 'P1', assignee: 'lee', depends_on: ['ACME-SPEC-002'] },
  'ACME-PRD-002': { impl_state: 'Not Started', priority: 'P2', depends_on: ['ACME-PRD-001'] },
  'ACME-RUNBOOK-001': { impl_state: 'Not Started', priority: 'P1', next_action: 'Rehearse a rollback in staging' },
  'ACME-FDD-001': { impl_state: 'Blocked', priority: 'P2', blocked_by: ['ACME-DESIGN-001'] },
  'ACME-TEST-001': { impl_state: 'Not Started', priority: 'P3', depends_on: ['ACME-FDD-001'] },
};

function stateYaml() {
  const lines = ["state_schema_version: '2.0'", 'documents:'];
  for (const [id, entry] of Object.entries(QUEUE).sort(([a], [b]) => (a < b ? -1 : 1))) {
    lines.push(
      `  ${id}:`,
      `    impl_state: ${entry.impl_state}`,
      "    updated: '2026-03-02T09:00:00+00:00'",
      '    updated_by: handbook-team',
    );
    if (entry.priority) lines.push(`    priority: ${entry.priority}`);
    for (const key of ['depends_on', 'blocked_by']) {
      lines.push(`    ${key}:${entry[key] ? '' : ' []'}`, ...(entry[key] ?? []).map((v) => `    - ${v}`));
    }
    if (entry.assignee) lines.push(`    assignee: ${entry.assignee}`);
    if (entry.next_action) lines.push(`    next_action: ${entry.next_action}`);
  }
  return `${lines.join('\n')}\n`;
}

const work = mkdtempSync(path.join(os.tmpdir(), 'docket-readme-'));
try {
  const repo = path.join(work, 'handbook');
  cpSync(path.join(root, 'examples/handbook'), repo, { recursive: true });
  writeFileSync(path.join(repo, 'docs/01-indices/project-state.yaml'), stateYaml());
  const site = path.join(work, 'site');
  execFileSync(process.execPath, [path.join(root, 'bin/run.js'), 'site', '--root', repo, '--out', site, '--json'], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  mkdirSync(outDir, { recursive: true });
  const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const shots = [
      ['site-home.png', 'index.html'],
      ['site-document.png', 'docs/ACME-ADR-003.html'],
      ['site-graph.png', 'graph.html#id=ACME-ADR-003&depth=2'],
      ['site-kanban.png', 'kanban.html'],
    ];
    for (const [file, rel] of shots) {
      await page.goto(pathToFileURL(path.join(site, rel.split('#')[0])).href + (rel.includes('#') ? `#${rel.split('#')[1]}` : ''));
      await page.screenshot({ path: path.join(outDir, file) });
      console.error(`readme-images: ${path.relative(root, path.join(outDir, file))}`);
    }
  } finally {
    await browser.close();
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
