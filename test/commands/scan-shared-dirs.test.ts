import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { ensureSchema } from '../helpers/docs.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { SHARED_DIRS_CONFIG } from '../helpers/meminit-repo.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { conventionName } from '../../src/core/scan/names.js';

const TODAY = { DOCKET_TODAY: '2026-03-03' };

/** Legacy files in the directories the Python tool's `init` shares between two types (reference §8.4). */
function sharedRepository(): string {
  const root = tempDir('docket-scan-shared-');
  writeTree(root, {
    'docops.config.yaml': SHARED_DIRS_CONFIG,
    // Named as `new` names files (a leading type word): the name says RUNBOOK, not GUIDE.
    'docs/60-runbooks/runbook-001-deploy.md': '# Deploy\n\nSteps.\n',
    'docs/60-runbooks/guide-onboarding.md': '# Onboarding\n',
    // Names neither type: nothing decides, a person must.
    'docs/60-runbooks/setup.md': '# Setup\n',
    // A GUIDE-numbered name, but the frontmatter says RUNBOOK: renamed without keeping the old prefix.
    'docs/60-runbooks/guide-002-restart.md': '---\ntype: RUNBOOK\ntitle: Restart\n---\n# Restart\n',
    'docs/10-prd/research-003-survey.md': '# Survey\n',
    // A word of the name (reference §8.1's heuristics): "product" names PRD.
    'docs/10-prd/checkout-product-brief.md': '# Checkout\n',
    'docs/70-devex/ref-001-cli.md': '# CLI reference\n',
  });
  ensureSchema(root);
  return root;
}

const files = (root: string, dir: string) => readdirSync(path.join(root, dir)).sort();

describe('scan --plan and fix --plan in directories two types share', () => {
  it('takes the type the file name names, keeps convention names, and leaves an undecidable type to a person', async () => {
    const root = sharedRepository();
    const scan = await docket(['scan', '--root', root, '--json', '--plan', '.docket/plan.json'], { env: TODAY });
    expect(scan.exitCode).toBe(0);
    expectValidEnvelope(scan.json, 'scan');
    const d = scan.json!.data;
    const inserted = Object.fromEntries(
      d.actions
        .filter((a: any) => a.action === 'add_frontmatter')
        .map((a: any) => [a.path, [a.frontmatter.type, a.frontmatter.document_id]]),
    );
    expect(inserted).toEqual({
      'docs/60-runbooks/runbook-001-deploy.md': ['RUNBOOK', 'SHARED-RUNBOOK-001'],
      'docs/60-runbooks/guide-001-onboarding.md': ['GUIDE', 'SHARED-GUIDE-001'],
      'docs/10-prd/research-003-survey.md': ['RESEARCH', 'SHARED-RESEARCH-003'],
      'docs/10-prd/prd-001-checkout-product-brief.md': ['PRD', 'SHARED-PRD-001'],
      'docs/70-devex/ref-001-cli.md': ['REF', 'SHARED-REF-001'],
    });
    const renames = d.actions.filter((a: any) => a.action === 'rename').map((a: any) => [a.path, a.to]);
    expect(renames).toEqual([
      ['docs/10-prd/checkout-product-brief.md', 'docs/10-prd/prd-001-checkout-product-brief.md'],
      ['docs/60-runbooks/guide-002-restart.md', 'docs/60-runbooks/runbook-002-restart.md'],
      ['docs/60-runbooks/guide-onboarding.md', 'docs/60-runbooks/guide-001-onboarding.md'],
    ]);
    expect(d.plan.undecided).toEqual([
      { path: 'docs/60-runbooks/setup.md', types: ['GUIDE', 'RUNBOOK'], reason: expect.stringContaining('set `type`') },
    ]);
    // Neither planned nor excluded from governance.
    expect(d.actions.filter((a: any) => a.path === 'docs/60-runbooks/setup.md' || a.action === 'exclude')).toEqual([]);

    const dry = await docket(['fix', '--root', root, '--json', '--plan', '.docket/plan.json'], { env: TODAY });
    expectValidEnvelope(dry.json, 'fix');
    expect(dry.json!.data.plan.refused).toBe(0);
    expect(files(root, 'docs/60-runbooks')).toEqual(['guide-002-restart.md', 'guide-onboarding.md', 'runbook-001-deploy.md', 'setup.md']);
    const applied = await docket(['fix', '--root', root, '--json', '--plan', '.docket/plan.json', '--apply'], { env: TODAY });
    expectValidEnvelope(applied.json, 'fix');
    expect(files(root, 'docs/60-runbooks')).toEqual([
      'guide-001-onboarding.md',
      'runbook-001-deploy.md',
      'runbook-002-restart.md',
      'setup.md',
    ]);
    expect(readFileSync(path.join(root, 'docs/60-runbooks/runbook-001-deploy.md'), 'utf8')).toMatch(
      /^---\ndocument_id: SHARED-RUNBOOK-001\ntype: RUNBOOK\ntitle: Deploy\n/,
    );
    // The dry run predicted what remains after --apply: only the file a person must classify.
    const check = await docket(['check', '--root', root, '--json'], { env: TODAY });
    const rows = (issues: any[]) => issues.map((i) => [i.code, i.path, i.line ?? null]);
    expect(rows(dry.json!.violations)).toEqual(rows(check.json!.violations));
    expect(rows(applied.json!.violations)).toEqual(rows(check.json!.violations));
    expect(rows(check.json!.violations)).toEqual([['FRONTMATTER_MISSING', 'docs/60-runbooks/setup.md', 1]]);
    expect(dry.exitCode).toBe(check.exitCode);
  });

  it('fix fills the type the name names and says which types a person must choose from', async () => {
    const root = sharedRepository();
    const r = await docket(['fix', '--root', root, '--json', '--apply'], { env: TODAY });
    expectValidEnvelope(r.json, 'fix');
    expect(readFileSync(path.join(root, 'docs/60-runbooks/runbook-001-deploy.md'), 'utf8')).toMatch(
      /^---\ndocument_id: SHARED-RUNBOOK-\d{3}\ntype: RUNBOOK\n/,
    );
    const setup = r.json!.violations.filter((v: any) => v.path === 'docs/60-runbooks/setup.md');
    expect(setup.map((v: any) => [v.message, v.suggestion])).toEqual([
      [
        'The required field `document_id` is missing.',
        'Add `type: GUIDE` or `type: RUNBOOK` first (docs/60-runbooks/ holds both); then `docket fix --apply` allocates the ID.',
      ],
      [
        'The required field `type` is missing.',
        'docs/60-runbooks/ holds GUIDE and RUNBOOK documents and nothing says which this is: add `type: GUIDE` or `type: RUNBOOK`.',
      ],
    ]);
  });
});

describe('fix --plan dry run', () => {
  it('predicts what remains from the files and the config its actions would leave', async () => {
    const root = tempDir('docket-plan-predict-');
    expect((await docket(['init', '--root', root, '--prefix', 'ACME', '--json'])).exitCode).toBe(0);
    writeTree(root, { 'docs/misc/notes.md': '# Notes\n', 'docs/adrs/0001-use-pg.md': '# Use PG\n' });
    await docket(['scan', '--root', root, '--json', '--plan', '.docket/plan.json'], { env: TODAY });
    const dry = await docket(['fix', '--root', root, '--json', '--plan', '.docket/plan.json'], { env: TODAY });
    expect(dry.json!.data.plan.actions.map((a: any) => a.action)).toEqual(['move', 'add_frontmatter', 'exclude']);
    // Before: FRONTMATTER_MISSING twice; after the move, the new block and the exclusion: nothing.
    expect((await docket(['check', '--root', root, '--json'])).json!.violations).toHaveLength(2);
    expect([dry.json!.data.remaining, dry.exitCode]).toEqual([0, 0]);
    const applied = await docket(['fix', '--root', root, '--json', '--plan', '.docket/plan.json', '--apply'], { env: TODAY });
    expect([applied.json!.data.remaining, applied.exitCode]).toEqual([0, 0]);
  });
});

describe('convention names', () => {
  const TYPES = ['ADR', 'GUIDE', 'RUNBOOK', 'PRD', 'RESEARCH', 'REF', 'DEVEX'];
  it('never keep a `<type>-<nnn>-` prefix inside the new name, whatever the two types', () => {
    for (const from of TYPES) {
      for (const to of TYPES) {
        const name = conventionName(`docs/x/${from.toLowerCase()}-007-some-topic.md`, to, undefined, TYPES);
        expect(name.slug).toBe('some-topic');
        expect(name.number).toBe(from === to ? 7 : undefined);
      }
    }
  });
});
