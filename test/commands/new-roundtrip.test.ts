import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, REPO } from '../helpers/cli.js';
import { copyFixture, tempDir, writeTree } from '../helpers/fixtures.js';
import { xdgEnv } from '../helpers/profiles.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const manifest = JSON.parse(readFileSync(path.join(REPO, 'oclif.manifest.json'), 'utf8')) as { commands: Record<string, unknown> };
const manifestHas = (id: string) => Object.hasOwn(manifest.commands, id);

const TODAY = { DOCKET_TODAY: '2026-03-04' };

async function created(args: string[], env: Record<string, string> = TODAY): Promise<string> {
  const r = await docket([...args, '--json'], { env });
  expect(r.exitCode, r.stdout).toBe(0);
  return r.json!.data.path;
}

async function findings(root: string) {
  const r = await docket(['check', '--root', root, '--json']);
  expectValidEnvelope(r.json, 'check');
  return { exit: r.exitCode, violations: r.json!.violations, warnings: r.json!.warnings };
}

/** `check` reports nothing new after `new` ran: no findings at all for a repository that started clean. */
async function expectNoNewFindings(root: string, baseline = { exit: 0, violations: [], warnings: [] }): Promise<void> {
  expect(await findings(root)).toEqual(baseline);
}

// `check` is being built on another branch (issue 3). Until it is merged, the same
// properties are asserted directly (schema, ID, path, name) in the other new-*.test.ts files;
// the lead runs these round trips after merging check.
describe.skipIf(!manifestHas('check'))('round trip: every document `new` creates passes `check` with no findings', () => {
  it('every built-in type, adr new, all metadata flags and hostile titles in a fresh repository', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    for (const type of ['GOV', 'PLAN', 'PRD', 'SPEC', 'DESIGN', 'DECISION', 'ADR', 'FDD', 'TEST', 'LOG', 'RUNBOOK', 'DEVEX']) {
      await created(['new', type.toLowerCase(), `First ${type}`, '--owner', 'Team', '--root', root]);
    }
    await created(['adr', 'new', 'Via adr new', '--owner', 'Team', '--root', root]);
    await created([
      'new',
      'ADR',
      'All the flags',
      '--owner',
      'Team',
      '--status',
      'approved',
      '--area',
      'Core',
      '--description',
      'Every optional field',
      '--keywords',
      'a,b',
      '--related-ids',
      'ACME-ADR-001',
      '--superseded-by',
      'ACME-ADR-002',
      '--root',
      root,
    ]);
    await created(['new', 'ADR', 'Chosen', '--id', 'ACME-ADR-050', '--owner', 'Team', '--root', root]);
    for (const title of ['../../etc/passwd', 'Ünïcödé Straße', '日本語', '<!-- x --> ---', 'a\nb']) {
      await created(['new', 'ADR', title, '--owner', 'Team', '--root', root]);
    }
    await expectNoNewFindings(root);
  });

  it('templates from config, convention and meminit-style frontmatter; several namespaces; a vendored org profile', async () => {
    const repo = copyFixture('monorepo');
    // The fixture may carry findings of its own: only new ones count.
    const baseline = await findings(repo);
    writeTree(repo, {
      'custom/adr.md': '<!-- DOCKET_METADATA_BLOCK -->\n\n# {{document_id}}: {{title}}\n\n## Decision\n',
      'docs/00-governance/templates/spec.template.md':
        '<!-- DOCKET_METADATA_BLOCK -->\n\n# {{document_id}}: {{title}}\n\n## Spec by {{owner}}\n',
      'docs/00-governance/templates/prd.template.md':
        '---\ndocument_id: {{document_id}}\ntitle: {{title}}\ntemplate_type: prd-standard\ntemplate_version: "2.0"\n---\n\n<!-- MEMINIT_METADATA_BLOCK -->\n\n> **Document ID:** {{document_id}}\n\n# {{document_id}}: {{title}}\n',
    });
    appendFileSync(path.join(repo, 'docops.config.yaml'), '    template: custom/adr.md\n');
    await created(['new', 'ADR', 'Config template', '--root', repo]);
    await created(['new', 'SPEC', 'Convention template', '--root', repo]);
    await created(['new', 'PRD', 'Meminit template', '--root', repo]);
    await created(['new', 'PRD', 'Billing doc', '--namespace', 'billing', '--root', repo]);
    await created(['new', 'GOV', 'Org doc', '--namespace', 'org', '--root', repo]);
    await expectNoNewFindings(repo, baseline);

    const env = { ...xdgEnv(), ...TODAY };
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    expect((await docket(['org', 'vendor', '--apply', '--root', root], { env })).exitCode).toBe(0);
    await created(['new', 'ADR', 'After vendoring', '--owner', 'Team', '--root', root]);
    await created(['new', 'GOV', 'Org policy', '--namespace', 'org', '--owner', 'Team', '--root', root]);
    await expectNoNewFindings(root);
  });
});
