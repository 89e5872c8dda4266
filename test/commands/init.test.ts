import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('init', () => {
  it('scaffolds config, type directories, schema, templates and .gitignore', async () => {
    const root = tempDir();
    const r = await docket(['init', '--root', root, '--prefix', 'acme', '--project-name', 'Acme "Platform"', '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'init');
    const d = r.json!.data;
    expect(d.repo_prefix).toBe('ACME');
    expect(d.project_name).toBe('Acme "Platform"');
    expect(d.created_paths).toEqual(
      expect.arrayContaining([
        'docops.config.yaml',
        'docs/00-governance/metadata.schema.json',
        'docs/00-governance/templates/adr.template.md',
        'docs/45-adr/.gitkeep',
        'docs/60-runbooks/.gitkeep',
        'docs/01-indices/.gitkeep',
        '.gitignore',
      ]),
    );
    expect(d.created_paths).toEqual([...d.created_paths].sort());
    expect(d.skipped_paths).toEqual([]);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toContain('.docket/');
    const schema = JSON.parse(readFileSync(path.join(root, 'docs/00-governance/metadata.schema.json'), 'utf8'));
    expect(schema.required).toEqual(['document_id', 'type', 'title', 'status', 'version', 'last_updated', 'owner', 'docops_version']);
    expect(schema.additionalProperties).toBe(false);
    const doctor = await docket(['doctor', '--root', root, '--json', '--strict']);
    expect(doctor.exitCode).toBe(0);
    const ctx = await docket(['context', '--root', root, '--json']);
    expect(ctx.json!.data.project_name).toBe('Acme "Platform"');
  });

  it('--dry-run lists exactly what init would write, writes nothing, and advises the command that writes it', async () => {
    const root = tempDir();
    writeFileSync(path.join(root, '.gitignore'), 'node_modules/\n');
    const dry = await docket(['init', '--root', root, '--prefix', 'ACME', '--project-name', "Acme's docs", '--dry-run', '--json']);
    expect(dry.exitCode).toBe(0);
    expectValidEnvelope(dry.json, 'init');
    expect(readdirSync(root)).toEqual(['.gitignore']);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toBe('node_modules/\n');
    expect(dry.json!.data).toMatchObject({ dry_run: true, repo_prefix: 'ACME', updated_paths: ['.gitignore'] });
    expect(dry.json!.advice).toEqual([
      expect.objectContaining({ code: 'NEXT_APPLY', command: `docket init --prefix ACME --project-name 'Acme'\\''s docs' --root ${root}` }),
    ]);
    const text = await docket(['init', '--root', root, '--prefix', 'ACME', '--dry-run']);
    expect(text.stdout).toContain('would create');
    expect(text.stdout).toContain('Dry run: nothing was written.');
    const real = await docket(['init', '--root', root, '--prefix', 'ACME', '--project-name', "Acme's docs", '--json']);
    const { dry_run: _wet, ...written } = real.json!.data;
    const { dry_run: _dry, ...planned } = dry.json!.data;
    expect(written).toEqual(planned);
    expect(real.json!.data.dry_run).toBe(false);
  });

  it('is idempotent and never overwrites', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    writeFileSync(path.join(root, 'docs/00-governance/templates/adr.template.md'), 'my own template\n');
    const second = await docket(['init', '--root', root, '--prefix', 'OTHER', '--json']);
    expect(second.exitCode).toBe(0);
    expect(second.json!.data.created_paths).toEqual([]);
    expect(second.json!.data.skipped_paths).toContain('docops.config.yaml');
    expect(second.json!.warnings.map((w: any) => w.code)).toEqual(['CONFIG_KEPT']);
    expect(readFileSync(path.join(root, 'docs/00-governance/templates/adr.template.md'), 'utf8')).toBe('my own template\n');
    expect(readFileSync(path.join(root, 'docops.config.yaml'), 'utf8')).toContain('repo_prefix: ACME');
  });

  it('a re-run lists every path it would have created as skipped, .gitkeep files included', async () => {
    const root = tempDir();
    const first = await docket(['init', '--root', root, '--prefix', 'ACME', '--json']);
    expect(first.json!.data.created_paths).toContain('docs/45-adr/.gitkeep');
    expect(first.json!.data.skipped_paths).toEqual([]);
    // A type directory that holds documents instead of its keep file is listed as the directory.
    rmSync(path.join(root, 'docs/45-adr/.gitkeep'));
    writeFileSync(path.join(root, 'docs/45-adr/adr-001-x.md'), '# X\n');
    const second = await docket(['init', '--root', root, '--json']);
    expectValidEnvelope(second.json, 'init');
    expect(second.json!.data.created_paths).toEqual([]);
    expect(second.json!.data.skipped_paths).toEqual(
      first.json!.data.created_paths.map((p: string) => (p === 'docs/45-adr/.gitkeep' ? 'docs/45-adr/' : p)),
    );
    expect(second.json!.data.skipped_paths).toContain('docs/01-indices/.gitkeep');
    const text = await docket(['init', '--root', root]);
    expect(text.stdout).toContain('exists   docs/20-specs/.gitkeep');
    expect(text.stdout).toContain('Nothing to do: the repository is already initialised.');
  });

  it('md: a heading, the summary and the result, with cells escaped; the same exit code as json', async () => {
    const root = tempDir();
    const md = await docket(['init', '--root', root, '--prefix', 'ACME', '--project-name', 'Docs | <b>Team</b>', '--format', 'md']);
    expect(md.exitCode).toBe(0);
    expect(md.stdout.startsWith('# docket init\n\n- **Success:** yes\n- **Status:** ok\n')).toBe(true);
    expect(md.stdout).toContain('## Result\n');
    expect(md.stdout).toContain('- **project_name:** Docs \\| &lt;b&gt;Team&lt;/b&gt;\n');
    expect(md.stdout).toContain('docs/45-adr/.gitkeep');
    expect(md.stdout).toContain('## Next steps\n');
    const bad = await docket(['init', '--root', tempDir(), '--prefix', 'AB', '--format', 'md']);
    expect(bad.exitCode).toBe(64);
    expect(bad.stdout).toContain('## Error\n\n- **Code:** `INVALID_PREFIX`');
  });

  it('appends to an existing .gitignore once, keeping its line endings', async () => {
    const root = writeTree(tempDir(), { '.gitignore': 'node_modules/\r\ndist/' });
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    await docket(['init', '--root', root]);
    const text = readFileSync(path.join(root, '.gitignore'), 'utf8');
    expect(text).toBe('node_modules/\r\ndist/\r\n\r\n# docket cache\r\n.docket/\r\n');
  });

  it('rejects an invalid prefix before writing anything (exit 64)', async () => {
    const root = tempDir();
    for (const bad of ['AB', 'ACME1', 'TOOLONGPREFIX', 'AC-ME']) {
      const r = await docket(['init', '--root', root, '--prefix', bad, '--json']);
      expect(r.exitCode).toBe(64);
      expect(r.json!.error.code).toBe('INVALID_PREFIX');
    }
    expect(existsSync(path.join(root, 'docops.config.yaml'))).toBe(false);
  });

  it('derives the prefix from the project name', async () => {
    const root = tempDir();
    const r = await docket(['init', '--root', root, '--project-name', 'Shipment Tracker 2', '--json']);
    expect(r.json!.data.repo_prefix).toBe('SHIPMENTTR');
  });

  it('text mode lists what it created and the next steps', async () => {
    const root = tempDir();
    const r = await docket(['init', '--root', root, '--prefix', 'ACME']);
    expect(r.stdout).toContain('created  docops.config.yaml');
    expect(r.stdout).toContain('Next:');
    expect(r.stdout).toContain('docket new ADR');
  });
});
