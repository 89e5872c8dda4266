import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { ensureSchema } from '../helpers/docs.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { SHARED_DIRS_CONFIG } from '../helpers/meminit-repo.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-03' };
const FULL = (id: string, type: string, title: string) =>
  `---\ndocument_id: ${id}\ntype: ${type}\ntitle: ${title}\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-01-31"\nowner: me\ndocops_version: "2.0"\n---\n# ${title}\n`;

function repository(): string {
  const root = tempDir('docket-meminit-plan-');
  writeTree(root, {
    'docops.config.yaml': SHARED_DIRS_CONFIG,
    'docs/60-runbooks/restart.md': '# Restart\n\nSteps.\n',
    'docs/notes/adr-cache.md': FULL('SHARED-ADR-001', 'ADR', 'Cache'),
    'docs/45-adr/partial.md':
      '---\ndocument_id: SHARED-ADR-002\ntype: ADR\ntitle: Partial\nversion: "0.1"\nlast_updated: "2026-01-31"\ndocops_version: "2.0"\n---\n# Partial\n',
    'docs/45-adr/Old_Name.md': FULL('SHARED-ADR-003', 'ADR', 'Old name'),
  });
  ensureSchema(root);
  return root;
}

const sha = (root: string, rel: string) =>
  `sha256:${createHash('sha256')
    .update(readFileSync(path.join(root, rel)))
    .digest('hex')}`;

/** A plan exactly as reference §8.1 describes the Python DocOps CLI's `scan --plan` output. */
function meminitPlan(root: string) {
  const action = (kind: string, source: string, target: string, extra: Record<string, unknown> = {}) => ({
    id: `PA_${createHash('sha256').update(`${kind}:${source}:${target}`).digest('hex').slice(0, 8)}`,
    action: kind,
    source_path: source,
    target_path: target,
    confidence: 0.9,
    rationale: ['path_segment:60-runbooks'],
    preconditions: { source_sha256: sha(root, source) },
    safety: { destructive: false, overwrites: false },
    ...extra,
  });
  return {
    plan_version: '1.0',
    generated_at: '2026-03-03T10:00:00Z',
    config_fingerprint: sha(root, 'docops.config.yaml'),
    actions: [
      action('rename_file', 'docs/45-adr/Old_Name.md', 'docs/45-adr/old-name.md', { confidence: 0.95 }),
      action('update_metadata', 'docs/45-adr/partial.md', 'docs/45-adr/partial.md', {
        metadata_patch: { status: 'Draft', owner: '__TBD__' },
      }),
      action('insert_metadata_block', 'docs/60-runbooks/restart.md', 'docs/60-runbooks/restart.md', {
        metadata_patch: {
          document_id: '__TBD__',
          type: 'RUNBOOK',
          title: 'Restart',
          status: 'Draft',
          version: '0.1',
          owner: '__TBD__',
          docops_version: '2.0',
          last_updated: '2026-03-03',
        },
      }),
      action('move_file', 'docs/notes/adr-cache.md', 'docs/45-adr/adr-cache.md'),
    ],
  };
}

function writePlan(root: string, content: unknown): string {
  writeFileSync(path.join(root, 'meminit-plan.json'), JSON.stringify(content, null, 2));
  return 'meminit-plan.json';
}

async function fixPlan(root: string, file: string, apply = false) {
  const r = await docket(['fix', '--root', root, '--json', '--plan', file, ...(apply ? ['--apply'] : [])], { env: TODAY });
  expectValidEnvelope(r.json, 'fix');
  return r;
}

const rows = (issues: any[]) => issues.map((i) => [i.code, i.path, i.line ?? null]);

describe('fix --plan with a plan of the Python DocOps CLI (reference §8.1, applied as §5.7 says)', () => {
  it('previews, then applies each action: metadata patched (an __TBD__ ID allocated), files renamed and moved', async () => {
    const root = repository();
    const file = writePlan(root, meminitPlan(root));
    const dry = await fixPlan(root, file);
    expect(dry.json!.data.plan.refused).toBe(0);
    expect(dry.json!.data.plan.actions.map((a: any) => [a.id.startsWith('PA_'), a.action, a.path, a.to ?? null, a.outcome])).toEqual([
      [true, 'rename', 'docs/45-adr/Old_Name.md', 'docs/45-adr/old-name.md', 'would_apply'],
      [true, 'add_fields', 'docs/45-adr/partial.md', null, 'would_apply'],
      [true, 'add_frontmatter', 'docs/60-runbooks/restart.md', null, 'would_apply'],
      [true, 'move', 'docs/notes/adr-cache.md', 'docs/45-adr/adr-cache.md', 'would_apply'],
    ]);
    expect(existsSync(path.join(root, 'docs/45-adr/Old_Name.md'))).toBe(true); // nothing written
    const applied = await fixPlan(root, file, true);
    expect(applied.exitCode).toBe(0);
    expect(existsSync(path.join(root, 'docs/45-adr/old-name.md')) && existsSync(path.join(root, 'docs/45-adr/adr-cache.md'))).toBe(true);
    expect(readFileSync(path.join(root, 'docs/60-runbooks/restart.md'), 'utf8')).toBe(
      '---\ndocument_id: SHARED-RUNBOOK-001\ntype: RUNBOOK\ntitle: Restart\nstatus: Draft\nversion: "0.1"\nlast_updated: "2026-03-03"\nowner: __TBD__\ndocops_version: "2.0"\n---\n# Restart\n\nSteps.\n',
    );
    expect(readFileSync(path.join(root, 'docs/45-adr/partial.md'), 'utf8')).toContain(
      'docops_version: "2.0"\nstatus: Draft\nowner: __TBD__\n---\n',
    );
    const check = await docket(['check', '--root', root, '--json'], { env: TODAY });
    expect(check.exitCode).toBe(0);
    expect(rows(dry.json!.violations)).toEqual(rows(check.json!.violations));
  });

  it('reads the plan inside an envelope, data.plan first', async () => {
    const root = repository();
    const plan = meminitPlan(root);
    const decoy = { ...plan, actions: [] };
    const file = writePlan(root, {
      output_schema_version: '3.0',
      success: true,
      command: 'scan',
      run_id: 'x',
      data: { report: { plan: decoy }, plan },
    });
    const dry = await fixPlan(root, file);
    expect(dry.json!.data.plan.actions).toHaveLength(4);
    const bareEnvelope = writePlan(root, { output_schema_version: '3.0', success: true, command: 'scan', data: { report: { plan } } });
    expect((await fixPlan(root, bareEnvelope)).json!.data.plan.actions).toHaveLength(4);
  });

  it('refuses what changed since the plan, what is destructive and what would overwrite; a changed config refuses everything', async () => {
    const root = repository();
    const plan = meminitPlan(root);
    plan.actions[3]!.safety = { destructive: true, overwrites: false };
    writeFileSync(
      path.join(root, 'docs/45-adr/partial.md'),
      `${readFileSync(path.join(root, 'docs/45-adr/partial.md'), 'utf8')}\nEdited.\n`,
    );
    writeTree(root, { 'docs/45-adr/old-name.md': FULL('SHARED-ADR-009', 'ADR', 'Taken') });
    const file = writePlan(root, plan);
    const r = await fixPlan(root, file, true);
    expect(r.json!.data.plan.actions.map((a: any) => [a.path, a.outcome, a.reason ?? null])).toEqual([
      ['docs/45-adr/Old_Name.md', 'refused', 'target_exists'],
      ['docs/45-adr/partial.md', 'refused', 'source_changed'],
      ['docs/60-runbooks/restart.md', 'applied', null],
      ['docs/notes/adr-cache.md', 'refused', 'unsafe_action'],
    ]);
    expect(readFileSync(path.join(root, 'docs/45-adr/old-name.md'), 'utf8')).toContain('SHARED-ADR-009'); // never overwritten
    expect(r.json!.warnings.filter((w: any) => w.code === 'PLAN_ACTION_REFUSED')).toHaveLength(3);

    const other = repository();
    const stale = meminitPlan(other);
    writeFileSync(path.join(other, 'docops.config.yaml'), `${SHARED_DIRS_CONFIG}default_owner: someone\n`);
    const refused = await fixPlan(other, writePlan(other, stale), true);
    expect(refused.json!.data.plan.actions.map((a: any) => a.reason)).toEqual([
      'config_changed',
      'config_changed',
      'config_changed',
      'config_changed',
    ]);
    expect(existsSync(path.join(other, 'docs/45-adr/Old_Name.md'))).toBe(true);
  });

  it('says what is wrong with a plan it cannot read', async () => {
    const root = repository();
    const plan = meminitPlan(root);
    (plan.actions[0] as any).action = 'delete_file';
    const r = await docket(['fix', '--root', root, '--json', '--plan', writePlan(root, plan)], { env: TODAY });
    expect(r.exitCode).toBe(65);
    expect(r.json!.error).toMatchObject({ code: 'PLAN_INVALID' });
    expect(r.json!.error.details.problems).toEqual([
      'actions[0].action must be insert_metadata_block, update_metadata, rename_file or move_file',
    ]);
  });
});
