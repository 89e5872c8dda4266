import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('link', () => {
  const repo = copyFixture('index-graph');

  it('prints a Markdown link relative to the root, or to --from', async () => {
    const root = await docket(['link', 'GRAPH-PRD-001', '--root', repo, '--json']);
    expect(root.exitCode).toBe(0);
    expectValidEnvelope(root.json, 'link');
    expect(root.json!.data).toMatchObject({ link: '[Checkout](docs/10-prd/prd-001-checkout.md)', href: 'docs/10-prd/prd-001-checkout.md' });
    expect(root.json!.data).not.toHaveProperty('from');
    const from = await docket(['link', 'GRAPH-PRD-001', '--from', 'services/pay/docs/10-prd/prd-001-refunds.md', '--root', repo, '--json']);
    expect(from.json!.data).toMatchObject({
      link: '[Checkout](../../../../docs/10-prd/prd-001-checkout.md)',
      from: 'services/pay/docs/10-prd/prd-001-refunds.md',
    });
    const dir = await docket(['link', 'GRAPH-PRD-001', '--from', 'docs/45-adr/', '--root', repo, '--json']);
    expect(dir.json!.data.href).toBe('../10-prd/prd-001-checkout.md');
    const same = await docket(['link', 'GRAPH-PRD-001', '--from', 'docs/10-prd/prd-002-new.md', '--root', repo, '--json']);
    expect(same.json!.data.href).toBe('prd-001-checkout.md');
  });

  it('text output is the link alone; titles and paths are escaped', async () => {
    const text = await docket(['link', 'GRAPH-ADR-001', '--from', 'docs/10-prd/x.md', '--root', repo]);
    expect(text.stdout).toBe('[Use PostgreSQL](../45-adr/adr-001-use-postgres.md)\n');
    const odd = copyFixture('index-graph');
    writeTree(odd, {
      'docs/45-adr/my (odd) file.md': '---\ndocument_id: GRAPH-ADR-007\ntype: ADR\ntitle: "A [bracketed] title"\nstatus: Draft\n---\n',
    });
    const r = await docket(['link', 'GRAPH-ADR-007', '--root', odd, '--json']);
    expect(r.json!.data.link).toBe('[A \\[bracketed\\] title](docs/45-adr/my%20%28odd%29%20file.md)');
    const md = await docket(['link', 'GRAPH-ADR-007', '--root', odd, '--format', 'md']);
    expect(md.stdout).toContain('(docs/45-adr/my%20%28odd%29%20file.md)');
  });

  it('unknown IDs suggest; --from outside the root is refused', async () => {
    const unknown = await docket(['link', 'GRAPH-ADR-003', '--root', repo, '--json']);
    expect(unknown.exitCode).toBe(66);
    expect(unknown.json!.error.details.did_you_mean.length).toBeGreaterThan(0);
    const outside = await docket(['link', 'GRAPH-ADR-001', '--from', '/tmp/x.md', '--root', repo, '--json']);
    expect(outside.exitCode).toBe(77);
  });
});
