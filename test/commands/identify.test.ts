import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('identify', () => {
  const repo = copyFixture('index-graph');

  it('accepts relative and absolute paths inside the root', async () => {
    for (const p of ['docs/45-adr/adr-001-use-postgres.md', path.join(repo, 'docs/45-adr/adr-001-use-postgres.md')]) {
      const r = await docket(['identify', p, '--root', repo, '--json']);
      expect(r.exitCode).toBe(0);
      expectValidEnvelope(r.json, 'identify');
      expect(r.json!.data).toEqual({
        document_id: 'GRAPH-ADR-001',
        path: 'docs/45-adr/adr-001-use-postgres.md',
        title: 'Use PostgreSQL',
        status: 'Superseded',
      });
    }
  });

  it('refuses paths outside the root (77)', async () => {
    for (const p of ['/etc/passwd', '../outside.md']) {
      const r = await docket(['identify', p, '--root', repo, '--json']);
      expect(r.exitCode).toBe(77);
      expect(r.json!.error.code).toBe('PATH_OUTSIDE_ROOT');
    }
  });

  it('says why a file is not in the index (66), and FILE_NOT_FOUND for a missing one', async () => {
    const skipped = await docket(['identify', 'docs/60-runbooks/notes.md', '--root', repo, '--json']);
    expect(skipped.exitCode).toBe(66);
    expect(skipped.json!.error.code).toBe('DOCUMENT_NOT_INDEXED');
    expect(skipped.json!.error.details.reason).toContain('FRONTMATTER_MISSING');
    const config = await docket(['identify', 'docops.config.yaml', '--root', repo, '--json']);
    expect(config.json!.error.details.reason).toBe('it is not a Markdown file');
    const dir = await docket(['identify', 'docs', '--root', repo, '--json']);
    expect(dir.json!.error.details.reason).toBe('it is a directory');
    const missing = await docket(['identify', 'docs/nope.md', '--root', repo, '--json']);
    expect(missing.exitCode).toBe(66);
    expect(missing.json!.error.code).toBe('FILE_NOT_FOUND');
  });

  it('renders text and markdown', async () => {
    const text = await docket(['identify', 'services/pay/docs/10-prd/prd-001-refunds.md', '--root', repo]);
    expect(text.stdout).toMatch(/^PAY-PRD-001 {2}services\/pay\/docs\/10-prd\/prd-001-refunds.md {2}Approved {2}Refunds\n/);
    const md = await docket(['identify', 'services/pay/docs/10-prd/prd-001-refunds.md', '--root', repo, '--format', 'md']);
    expect(md.stdout).toContain('- **ID:** PAY-PRD-001');
  });
});
