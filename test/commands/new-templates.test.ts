import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, REPO } from '../helpers/cli.js';
import { expectGovernedDocument, frontmatterOf } from '../helpers/documents.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const TODAY = { DOCKET_TODAY: '2026-03-04' };

async function initRepo(): Promise<string> {
  const root = tempDir();
  expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
  return root;
}

/** A repository whose config sets no template paths (so convention and built-in apply). */
function bareRepo(extraConfig = ''): string {
  const root = tempDir();
  writeTree(root, {
    'docops.config.yaml': `repo_prefix: ACME\ndocs_root: docs\n${extraConfig}`,
    'docs/00-governance/metadata.schema.json': readFileSync(path.join(REPO, 'schemas/metadata.schema.json'), 'utf8'),
  });
  return root;
}

const TEMPLATE_FILE = 'docs/00-governance/templates/adr.template.md';

async function newAdr(root: string, ...extra: string[]) {
  const r = await docket(['new', 'ADR', 'Pick a queue', '--root', root, '--json', ...extra], { env: TODAY });
  expectValidEnvelope(r.json, 'new');
  return r;
}

describe('new: template resolution and interpolation', () => {
  it('resolution order: config, then convention, then built-in, then skeleton', async () => {
    const root = bareRepo('document_types:\n  ADR:\n    directory: 45-adr\n    template: custom/adr.md\n');
    const builtin = await newAdr(root, '--dry-run');
    expect(builtin.json!.data.template).toEqual({ source: 'builtin', path: null });
    expect(builtin.json!.warnings.map((w: any) => w.code)).toEqual(['TEMPLATE_MISSING']);
    writeTree(root, { [TEMPLATE_FILE]: '<!-- DOCKET_METADATA_BLOCK -->\n\n# {{document_id}}: {{title}}\n\nconvention\n' });
    const convention = await newAdr(root, '--dry-run');
    expect(convention.json!.data.template).toEqual({ source: 'convention', path: TEMPLATE_FILE });
    expect(convention.json!.data.rendered_content).toContain('convention');
    writeTree(root, { 'custom/adr.md': '# {{document_id}}: {{title}}\n\nconfigured by {{owner}} on {{date}}\n' });
    const config = await newAdr(root, '--dry-run', '--owner', 'Bob');
    expect(config.json!.data.template).toEqual({ source: 'config', path: 'custom/adr.md' });
    expect(config.json!.data.rendered_content).toContain('configured by Bob on 2026-03-04');
    expect(config.json!.warnings).toEqual([]);
    const skeleton = await docket(['new', 'SPEC', 'Wire format', '--root', root, '--json'], { env: TODAY });
    expect(skeleton.json!.data.template).toEqual({ source: 'skeleton', path: null });
    expectGovernedDocument(root, skeleton.json!.data, { prefix: 'ACME', typeDir: 'docs/20-specs' });
  });

  it('interpolates every allowed variable; user values cannot inject lines, comments or frontmatter', async () => {
    const root = await initRepo();
    writeTree(root, {
      [TEMPLATE_FILE]: [
        '<!-- DOCKET_METADATA_BLOCK -->',
        '',
        '# {{document_id}}: {{title}}',
        '',
        'id={{document_id}} owner={{ owner }} status={{status}} date={{date}} prefix={{repo_prefix}} seq={{seq}} type={{type}}',
        'area={{area}} description={{description}} keywords={{keywords}} related={{related_ids}}',
        '',
      ].join('\n'),
    });
    const hostile = 'Evil\n---\ndocument_id: X <!-- DOCKET_METADATA_BLOCK --> -->{{owner}}';
    const r = await docket(
      [
        'new',
        'ADR',
        hostile,
        '--root',
        root,
        '--json',
        '--owner',
        'O{{title}}',
        '--area',
        'A',
        '--description',
        'line1\r\nline2',
        '--keywords',
        'k1,k2',
        '--related-ids',
        'ACME-ADR-009',
      ],
      { env: TODAY },
    );
    expect(r.exitCode, r.stdout).toBe(0);
    const text = readFileSync(path.join(root, r.json!.data.path), 'utf8');
    expect(text).toContain('id=ACME-ADR-001 owner=O{{title}} status=Draft date=2026-03-04 prefix=ACME seq=001 type=ADR');
    expect(text).toContain('area=A description=line1 line2 keywords=k1, k2 related=ACME-ADR-009');
    expect(text).toContain('# ACME-ADR-001: Evil --- document_id: X &lt;!-- DOCKET_METADATA_BLOCK --&gt; --&gt;{{owner}}');
    expect(text.match(/^---$/gm)).toHaveLength(2);
    const body = text.slice(text.indexOf('\n---\n') + 5);
    expect(body.match(/<!--/g)).toHaveLength(1);
    expect(body.match(/-->/g)).toHaveLength(1);
    const fm = expectGovernedDocument(root, r.json!.data, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    expect(fm.title).toBe('Evil --- document_id: X <!-- DOCKET_METADATA_BLOCK --> -->{{owner}}');
    expect(Object.keys(fm)).not.toContain('X');
  });

  it('an unknown {{variable}} is UNKNOWN_TEMPLATE_VARIABLE with the known list; nothing is written', async () => {
    const root = await initRepo();
    writeTree(root, { [TEMPLATE_FILE]: '# {{title}}\n\n{{author}} and {{ project }} and {{title}}\n' });
    const r = await newAdr(root);
    expect(r.exitCode).toBe(65);
    expect(r.json!.error).toMatchObject({
      code: 'UNKNOWN_TEMPLATE_VARIABLE',
      details: { path: TEMPLATE_FILE, line: 3, unknown_variables: ['author', 'project'] },
    });
    expect(r.json!.error.details.known_variables).toEqual([
      'area',
      'date',
      'description',
      'document_id',
      'keywords',
      'owner',
      'related_ids',
      'repo_prefix',
      'seq',
      'status',
      'title',
      'type',
    ]);
  });

  it('refuses templates that are symbolic links (77), not UTF-8, binary, too large or not files (65)', async () => {
    const root = await initRepo();
    const file = path.join(root, TEMPLATE_FILE);
    const outside = path.join(tempDir(), 'evil.md');
    writeFileSync(outside, '# {{title}}\n');
    rmSync(file);
    symlinkSync(outside, file);
    const link = await newAdr(root);
    expect(link.exitCode).toBe(77);
    expect(link.json!.error.code).toBe('SYMLINK_REFUSED');
    rmSync(file);
    const cases: [string | Buffer, string][] = [
      [Buffer.from([0x23, 0x20, 0xe9, 0x74, 0xe9, 0x0a]), 'not_utf8'],
      [Buffer.from('# x\0y\n'), 'binary'],
      ['x'.repeat(256 * 1024 + 1), 'too_large'],
      ['---js\nmodule.exports = {}\n---\n# {{title}}\n', 'frontmatter'],
      ['---\ntitle: [unclosed\n---\n# {{title}}\n', 'frontmatter'],
    ];
    for (const [content, reason] of cases) {
      writeFileSync(file, content);
      const r = await newAdr(root);
      expect(r.exitCode, reason).toBe(65);
      expect(r.json!.error, reason).toMatchObject({ code: 'TEMPLATE_INVALID', details: { path: TEMPLATE_FILE, reason } });
    }
    rmSync(file);
    mkdirSync(file);
    const dir = await newAdr(root);
    expect(dir.json!.error).toMatchObject({ code: 'TEMPLATE_INVALID', details: { reason: 'not_regular_file' } });
    expect(readdirSync(path.join(root, 'docs/45-adr'))).toEqual(['.gitkeep']);
  });

  it('refuses a template directory that is a symbolic link out of the root (PATH_OUTSIDE_ROOT, 77)', async () => {
    const root = bareRepo();
    const outside = tempDir();
    writeFileSync(path.join(outside, 'adr.template.md'), '# {{title}} from outside\n');
    mkdirSync(path.join(root, 'docs/00-governance'), { recursive: true });
    symlinkSync(outside, path.join(root, 'docs/00-governance/templates'));
    const r = await newAdr(root);
    expect(r.exitCode).toBe(77);
    expect(r.json!.error).toMatchObject({ code: 'PATH_OUTSIDE_ROOT', details: { path: TEMPLATE_FILE } });
  });

  it('a template exactly 256 KiB long is accepted', async () => {
    const root = await initRepo();
    const head = '<!-- DOCKET_METADATA_BLOCK -->\n\n# {{document_id}}: {{title}}\n\n';
    writeFileSync(path.join(root, TEMPLATE_FILE), head + 'x'.repeat(256 * 1024 - Buffer.byteLength(head) - 1) + '\n');
    const r = await newAdr(root);
    expect(r.exitCode).toBe(0);
  });

  it("handles meminit templates: its frontmatter is replaced by docket's, literal extra keys kept, the old block replaced", async () => {
    const root = await initRepo();
    writeTree(root, {
      [TEMPLATE_FILE]: [
        '---',
        'document_id: {{document_id}}',
        'type: {{type}}',
        'title: {{title}}',
        'status: {{status}}',
        'version: "0.1"',
        'last_updated: {{date}}',
        'owner: {{owner}}',
        'area: {{area}}',
        'docops_version: "2.0"',
        'template_type: adr-standard',
        'template_version: "2.0"',
        'tags: [{{type}}]',
        '---',
        '',
        '<!-- MEMINIT_METADATA_BLOCK -->',
        '',
        '> **Document ID:** {{document_id}} > **Owner:** {{owner}} > **Status:** {{status}} > **Version:** 0.1',
        '> **Last Updated:** {{date}} > **Type:** {{type}}',
        '',
        '# {{document_id}}: {{title}}',
        '',
        '<!-- MEMINIT_SECTION: title -->',
        '',
        '- **Date decided:** {{date}}',
        '',
      ].join('\n'),
    });
    const r = await newAdr(root, '--owner', 'Team');
    expect(r.exitCode, r.stdout).toBe(0);
    const fm = expectGovernedDocument(root, r.json!.data, { prefix: 'ACME', typeDir: 'docs/45-adr' });
    expect(fm).toMatchObject({ template_type: 'adr-standard', template_version: '2.0' });
    expect(fm).not.toHaveProperty('tags');
    expect(fm).not.toHaveProperty('area');
    expect(r.json!.warnings).toEqual([expect.objectContaining({ code: 'TEMPLATE_KEY_DROPPED', path: TEMPLATE_FILE, line: 13 })]);
    const text = readFileSync(path.join(root, r.json!.data.path), 'utf8');
    expect(text).toContain(
      '<!-- MEMINIT_METADATA_BLOCK -->\n\n> **Document ID:** ACME-ADR-001\n> **Owner:** Team\n> **Status:** Draft\n> **Version:** 0.1\n> **Type:** ADR\n\n# ACME-ADR-001: Pick a queue\n',
    );
    expect(text).not.toContain('Last Updated');
    expect(text).toContain('- **Date decided:** 2026-03-04');
  });

  it('a literal template key the schema does not allow is GENERATED_METADATA_INVALID', async () => {
    const root = await initRepo();
    writeTree(root, { [TEMPLATE_FILE]: '---\nreviewers: [a]\n---\n# {{document_id}}: {{title}}\n' });
    const r = await newAdr(root);
    expect(r.exitCode).toBe(65);
    expect(r.json!.error).toMatchObject({
      code: 'GENERATED_METADATA_INVALID',
      details: { errors: [{ field: 'reviewers', keyword: 'additionalProperties' }] },
    });
  });

  it("without a marker no metadata block is added; the frontmatter is still docket's", async () => {
    const root = await initRepo();
    writeTree(root, { [TEMPLATE_FILE]: '# {{document_id}}: {{title}}\n\nBody.\n' });
    const r = await newAdr(root);
    const text = readFileSync(path.join(root, r.json!.data.path), 'utf8');
    expect(text).not.toContain('**Document ID:**');
    expect(text.endsWith('---\n# ACME-ADR-001: Pick a queue\n\nBody.\n')).toBe(true);
    expect(frontmatterOf(path.join(root, r.json!.data.path)).document_id).toBe('ACME-ADR-001');
  });
});
