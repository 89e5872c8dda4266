import { utimesSync } from 'node:fs';
import path from 'node:path';
import { docket } from './cli.js';
import { tempDir, writeTree } from './fixtures.js';

const doc = (id: string, type: string, title: string, status: string, date: string) =>
  `---\ndocument_id: ${id}\ntype: ${type}\ntitle: ${JSON.stringify(title)}\nstatus: ${status}\nversion: "0.1"\nlast_updated: ${date}\nowner: Team\ndocops_version: "2.0"\n---\n# ${title}\n`;

/** A repository with three ADRs (one with a pipe and accents in its title), a PRD and a file without an ID, for `list`. */
export async function listRepo(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  writeTree(root, {
    'docs/45-adr/adr-002-use-sqlite.md': doc('ACME-ADR-002', 'ADR', 'Use SQLite', 'Approved', '2026-02-01'),
    'docs/45-adr/adr-001-use-postgresql.md': doc('ACME-ADR-001', 'ADR', 'Use PostgreSQL', 'Draft', '2026-01-15'),
    'docs/45-adr/adr-010-pipes-|-and-ünïcode.md': doc('ACME-ADR-010', 'ADR', 'Pipes | and ünïcode', 'In Review', '2026-03-01'),
    'docs/10-prd/prd-001-invoices.md': doc('ACME-PRD-001', 'PRD', 'Invoices', 'Draft', '2026-01-20'),
    'docs/45-adr/notes.md': '# Notes without frontmatter\n',
  });
  // Old enough that the index cache trusts the files' times.
  const old = new Date(Date.now() - 120_000);
  for (const f of ['adr-002-use-sqlite.md', 'adr-001-use-postgresql.md', 'adr-010-pipes-|-and-ünïcode.md', 'notes.md'])
    utimesSync(path.join(root, 'docs/45-adr', f), old, old);
  utimesSync(path.join(root, 'docs/10-prd/prd-001-invoices.md'), old, old);
  return root;
}
