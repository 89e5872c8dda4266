import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const read = (root: string, rel: string) => readFileSync(path.join(root, rel), 'utf8');
const T = 'docs/00-governance/templates';

describe('migrate-templates', () => {
  it('a dry run lists the config moves, renames and placeholders in every format, and writes nothing', async () => {
    const root = copyFixture('legacy-templates');
    const config = read(root, 'docops.config.yaml');
    const r = await docket(['migrate-templates', '--root', root, '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'migrate-templates');
    const data = r.json!.data;
    expect(data).toMatchObject({ dry_run: true, config_file: 'docops.config.yaml', templates_dir: T, backup_path: null });
    expect(data.summary).toEqual({
      config_entries_found: 4,
      config_entries_migrated: 4,
      template_files_found: 2,
      template_files_renamed: 2,
      placeholder_replacements: 11,
    });
    expect(data.changes).toContainEqual({ type: 'file', action: 'rename', from: `${T}/template-001-adr.md`, to: `${T}/adr.template.md` });
    expect(data.changes).toContainEqual({
      type: 'config',
      action: 'add',
      path: 'document_types.RFC.template',
      value: `${T}/rfc.template.md`,
    });
    expect(data.changes).toContainEqual({ type: 'config', action: 'remove', path: 'type_directories.ADR' });
    expect(data.changes).toContainEqual({
      type: 'file',
      action: 'replace',
      file: `${T}/adr.template.md`,
      from: '<REPO>',
      to: '{{repo_prefix}}',
      count: 2,
    });
    // Comments and fenced code keep their legacy-looking text; what cannot be translated is said.
    expect(r.json!.warnings).toEqual([
      expect.objectContaining({ code: 'MIGRATE_SKIPPED', message: expect.stringContaining('<REVIEWER>') }),
    ]);
    expect(data.files.map((f: any) => f.path)).toEqual(['docops.config.yaml', `${T}/template-001-adr.md`, `${T}/template-002-rfc.md`]);
    expect(read(root, 'docops.config.yaml')).toBe(config);
    const text = await docket(['migrate-templates', '--root', root]);
    expect(text.stdout).toContain('Dry run: 4 config entries, 2 templates renamed, 11 placeholders replaced; nothing was written.');
    const md = await docket(['migrate-templates', '--root', root, '--format', 'md']);
    expect(md.stdout).toContain('- **Placeholders replaced:** 11');
  });

  it('--apply backs up, keeps the config comments, and leaves a config doctor and check accept and templates new uses', async () => {
    const root = copyFixture('legacy-templates');
    const r = await docket(['migrate-templates', '--root', root, '--apply', '--json'], { env: { DOCKET_TODAY: '2026-02-01' } });
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'migrate-templates');
    const backup = r.json!.data.backup_path as string;
    expect(backup).toMatch(/^\.docket\/migrations\/backup-\d{8}-\d{6}$/);
    expect(read(root, `${backup}/docops.config.yaml`)).toContain('type_directories:');
    expect(readdirSync(path.join(root, backup, T)).sort()).toEqual(['template-001-adr.md', 'template-002-rfc.md']);
    const config = read(root, 'docops.config.yaml');
    expect(config).not.toMatch(/type_directories|^templates:/m);
    expect(config).toContain('repo_prefix: ACME # every ID starts with it\n');
    expect(config).toContain(
      'document_types:\n  ADR:\n    # Decisions live next to the ADRs.\n    directory: 45-adr\n    template: docs/00-governance/templates/adr.template.md # the ADR form\n',
    );
    expect(existsSync(path.join(root, T, 'template-001-adr.md'))).toBe(false);
    const doctor = await docket(['doctor', '--root', root, '--strict', '--json']);
    expect(doctor.exitCode).toBe(0);
    expect(doctor.json!.warnings.map((w: any) => w.code)).not.toContain('CONFIG_DEPRECATED_KEY');
    const created = await docket(['new', 'ADR', 'Use Kafka', '--root', root, '--json'], { env: { DOCKET_TODAY: '2026-02-01' } });
    expect(created.json!.data.template).toEqual({ path: `${T}/adr.template.md`, source: 'config' });
    const doc = read(root, created.json!.data.path);
    expect(doc).toContain('# ACME-ADR-002: Use Kafka\n');
    expect(doc).toContain('- Date: 2026-02-01\n');
    expect(doc).toContain('<!-- Fill in {title} below; <REPO> stays literal inside comments. -->');
    const check = await docket(['check', '--root', root, '--json']);
    expect(check.exitCode).toBe(0);
    const again = await docket(['migrate-templates', '--root', root, '--json']);
    expect(again.json!.data.files).toEqual([]);
  });

  it('a legacy entry document_types already sets is left with a warning; --no-* flags leave their part alone', async () => {
    const root = copyFixture('legacy-templates');
    writeTree(root, {
      'docops.config.yaml':
        'repo_prefix: ACME\ndocs_root: docs\ntype_directories:\n  ADR: 45-adr\n  PRD: 11-prd\ndocument_types:\n  ADR:\n    directory: decisions\n',
    });
    const r = await docket(['migrate-templates', '--root', root, '--no-rename-files', '--no-placeholder-syntax', '--json']);
    expectValidEnvelope(r.json, 'migrate-templates');
    expect(r.json!.data.summary).toMatchObject({
      config_entries_found: 2,
      config_entries_migrated: 1,
      template_files_renamed: 0,
      placeholder_replacements: 0,
    });
    expect(r.json!.warnings.map((w: any) => w.message)).toContainEqual(expect.stringContaining('Skipping `type_directories.ADR`'));
    expect(r.json!.data.files.map((f: any) => f.path)).toEqual(['docops.config.yaml']);
  });
});
