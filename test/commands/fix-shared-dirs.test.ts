import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { ensureSchema } from '../helpers/docs.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { SHARED_DIRS_CONFIG } from '../helpers/meminit-repo.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-03' };

const SHARED = { '10-prd': ['PRD', 'RESEARCH'], '60-runbooks': ['GUIDE', 'RUNBOOK'], '70-devex': ['DEVEX', 'REF'] } as const;

const FIELDS: Record<string, string> = {
  title: 'Title',
  status: 'Draft',
  version: '"0.1"',
  last_updated: '"2026-01-31"',
  owner: 'me',
  docops_version: '"2.0"',
};

function frontmatter(fields: Record<string, string | undefined>, body: string): string {
  const lines = Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}: ${v}`);
  return `---\n${lines.join('\n')}\n---\n${body}`;
}

/** A body whose broken link and heading sit below the frontmatter: their lines move when fix adds one. */
const BODY = '# Title\n\nSee [the missing page](missing.md).\n';

/**
 * One repository per way a document can lack metadata; in each, every shared directory holds
 * a document named without a type word, one named after each of its types, and one whose
 * name breaks the convention (fix renames it).
 */
function sharedRepository(missing: readonly string[]): string {
  const root = tempDir('docket-shared-');
  const files: Record<string, string> = { 'docops.config.yaml': SHARED_DIRS_CONFIG };
  let n = 0;
  for (const [dir, types] of Object.entries(SHARED)) {
    const names = ['notes.md', ...types.map((t) => `${t.toLowerCase()}-00${++n}-topic.md`), 'Mixed_Case.md'];
    names.forEach((name, i) => {
      const typed = types.find((t) => name.startsWith(`${t.toLowerCase()}-`)) ?? types[i % 2]!;
      const all: Record<string, string | undefined> = {
        document_id: `SHARED-${typed}-${String(10 * n + i).padStart(3, '0')}`,
        type: typed,
        ...FIELDS,
      };
      for (const field of missing) all[field] = undefined;
      files[`docs/${dir}/${name}`] = missing.includes('*') ? BODY : frontmatter(all, BODY);
    });
  }
  writeTree(root, files);
  ensureSchema(root);
  return root;
}

type Row = [string, string, number | null, string];
const rows = (issues: any[]): Row[] => issues.map((i) => [i.code, i.path, i.line ?? null, i.message] as Row);

describe('fix in directories two types share: the dry run predicts exactly what --apply leaves', () => {
  const cases: [string, string[]][] = [
    ['no frontmatter at all', ['*']],
    ['no type', ['type']],
    ['no document_id', ['document_id']],
    ['neither type nor document_id', ['type', 'document_id']],
    ['no status and no owner', ['status', 'owner']],
  ];
  it.each(cases)('%s', async (_name, missing) => {
    const root = sharedRepository(missing);
    const dry = await docket(['fix', '--root', root, '--json'], { env: TODAY });
    expectValidEnvelope(dry.json, 'fix');
    const applied = await docket(['fix', '--root', root, '--json', '--apply'], { env: TODAY });
    expectValidEnvelope(applied.json, 'fix');
    const check = await docket(['check', '--root', root, '--json'], { env: TODAY });
    expectValidEnvelope(check.json, 'check');
    // The same findings (code, path, line, message) and the same exit code, whatever the case.
    expect(rows(dry.json!.violations)).toEqual(rows(check.json!.violations));
    expect(rows(dry.json!.warnings)).toEqual(rows(check.json!.warnings));
    expect(dry.json!.data.remaining).toBe(check.json!.violations.length + check.json!.warnings.length);
    expect(dry.json!.data.remaining).toBe(applied.json!.data.remaining);
    expect(dry.exitCode).toBe(check.exitCode);
    expect(applied.exitCode).toBe(check.exitCode);
    expect(dry.json!.data.fixed).toBe(applied.json!.data.fixed);
  });

  it("predicts the lines of findings below a frontmatter it adds; a rename rewrites the file's link to itself", async () => {
    const root = tempDir('docket-shared-');
    writeTree(root, {
      'docops.config.yaml': SHARED_DIRS_CONFIG,
      'docs/45-adr/adr-001-plain.md': BODY,
      // Links to itself by the name fix changes: the rename rewrites that link too.
      'docs/45-adr/My_Decision.md': frontmatter(
        { document_id: 'SHARED-ADR-002', type: 'ADR', ...FIELDS },
        '# Mine\n\n[me](My_Decision.md)\n',
      ),
    });
    ensureSchema(root);
    const dry = await docket(['fix', '--root', root, '--json'], { env: TODAY });
    expect(rows(dry.json!.violations)).toEqual([
      ['LINK_BROKEN', 'docs/45-adr/adr-001-plain.md', 13, expect.stringContaining('missing.md') as unknown as string],
    ]);
    expect(dry.exitCode).toBe(1);
    expect(existsSync(path.join(root, 'docs/45-adr/My_Decision.md'))).toBe(true); // a dry run writes nothing
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-001-plain.md'), 'utf8')).toBe(BODY);
    await docket(['fix', '--root', root, '--json', '--apply'], { env: TODAY });
    expect(readFileSync(path.join(root, 'docs/45-adr/adr-002-my-decision.md'), 'utf8')).toContain('[me](adr-002-my-decision.md)');
    const check = await docket(['check', '--root', root, '--json'], { env: TODAY });
    expect(rows(check.json!.violations)).toEqual(rows(dry.json!.violations));
  });
});
