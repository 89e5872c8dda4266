import { describe, expect, it } from 'vitest';
import { isExcluded, namespaceFor } from '../../src/core/config/exclusion.js';
import { parseConfig } from '../../src/core/config/load.js';
import { validateNamespaces } from '../../src/core/config/validate.js';
import { DocketError } from '../../src/errors/docket-error.js';

const ROOT = '/repo';

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return error instanceof DocketError ? error.code : 'OTHER';
  }
  return undefined;
}

describe('parseConfig', () => {
  it('applies defaults for an empty file', () => {
    const { config, warnings } = parseConfig(ROOT, '');
    expect(warnings).toEqual([]);
    expect(config.project_name).toBe('repo');
    expect(config.index_path).toBe('docs/01-indices/docket.index.json');
    expect(config.namespaces).toHaveLength(1);
    const ns = config.namespaces[0]!;
    expect(ns).toMatchObject({
      name: 'default',
      repo_prefix: 'REPO',
      docs_root: 'docs',
      schema_path: 'docs/00-governance/metadata.schema.json',
      excluded_filename_prefixes: ['WIP-'],
      templates_dir: 'docs/00-governance/templates',
    });
    expect(Object.keys(ns.document_types)).toEqual([
      'ADR',
      'DECISION',
      'DESIGN',
      'DEVEX',
      'FDD',
      'GOV',
      'LOG',
      'PLAN',
      'PRD',
      'RUNBOOK',
      'SPEC',
      'TEST',
    ]);
  });

  it('reads an existing DocOps config unchanged (numbers keep their source text)', () => {
    const { config } = parseConfig(
      ROOT,
      'docops_version: 2.0\nproject_name: Meminit\nrepo_prefix: meminit\nindex_path: docs/01-indices/meminit.index.json\n',
    );
    expect(config.docops_version).toBe('2.0');
    expect(config.namespaces[0]!.repo_prefix).toBe('MEMINIT');
    expect(config.index_path).toBe('docs/01-indices/meminit.index.json');
  });

  it('merges document_types over legacy type_directories over built-ins', () => {
    const { config, warnings } = parseConfig(
      ROOT,
      'type_directories:\n  RFC: docs/15-rfc\n  governance: 01-gov\ndocument_types:\n  adr:\n    directory: ./decisions/\n    template: docs/t/adr.md\n',
    );
    const types = config.namespaces[0]!.document_types;
    expect(types.RFC).toMatchObject({ directory: '15-rfc', source: 'config' });
    expect(types.GOV).toMatchObject({ directory: '01-gov' });
    expect(types.ADR).toMatchObject({ directory: 'decisions', template: 'docs/t/adr.md', description: 'Architecture Decision Record' });
    // Lower-case type keys are read upper-cased, with a warning each (test/commands/config-keys.test.ts).
    expect(warnings.map((w) => w.code)).toEqual(['CONFIG_DEPRECATED_KEY', 'CONFIG_VALUE_NORMALIZED', 'CONFIG_VALUE_NORMALIZED']);
    expect(isExcluded(config.namespaces[0]!, 'docs/t/adr.md')).toBe(true);
  });

  it('namespaces inherit top-level keys; the deepest docs root owns a file', () => {
    const text =
      'repo_prefix: ACME\nschema_path: docs/s.json\nexcluded_paths: [docs/archive]\nnamespaces:\n  - name: main\n    docs_root: docs\n  - name: org\n    repo_prefix: ORG\n    docs_root: docs/org\n    excluded_paths: [docs/org/old]\n';
    const { config } = parseConfig(ROOT, text);
    const [main, org] = config.namespaces;
    expect(main).toMatchObject({ name: 'main', repo_prefix: 'ACME', schema_path: 'docs/s.json', excluded_paths: ['docs/archive'] });
    expect(org).toMatchObject({
      name: 'org',
      repo_prefix: 'ORG',
      schema_path: 'docs/s.json',
      excluded_paths: ['docs/archive', 'docs/org/old'],
    });
    expect(namespaceFor(config, 'docs/org/gov-001.md')?.name).toBe('org');
    expect(namespaceFor(config, 'docs/adr/adr-001.md')?.name).toBe('main');
    expect(namespaceFor(config, 'README.md')).toBeUndefined();
    expect(validateNamespaces(config)).toEqual([]);
  });

  it('refuses absolute and escaping paths with a warning and falls back', () => {
    const { config, warnings } = parseConfig(
      ROOT,
      'docs_root: /etc\nindex_path: ../x.json\nexcluded_files: [../../secret.md, docs/ok.md]\n',
    );
    expect(config.namespaces[0]!.docs_root).toBe('docs');
    expect(config.index_path).toBe('docs/01-indices/docket.index.json');
    // The Python DocOps CLI's views follow what the config lists (reference §4.1 excluded_files).
    expect(config.namespaces[0]!.excluded_files).toEqual([
      'docs/ok.md',
      'docs/01-indices/catalogue.md',
      'docs/01-indices/kanban.css',
      'docs/01-indices/kanban.md',
      'docs/01-indices/project-state.yaml',
    ]);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['CONFIG_PATH_REFUSED', 1],
      ['CONFIG_PATH_REFUSED', 3],
      ['CONFIG_PATH_REFUSED', 2],
    ]);
  });

  it('refuses a second YAML document instead of dropping every key after it', () => {
    expect(() => parseConfig(ROOT, 'repo_prefix: ACME\n---\ndocs_root: handbook\n')).toThrow(
      expect.objectContaining({ code: 'CONFIG_INVALID' }),
    );
  });

  it('warns about unknown keys with a suggestion and the line', () => {
    const { warnings } = parseConfig(ROOT, 'repo_prefix: ACME\nrepo_prefx: X\nnamespaces:\n  - name: a\n    doc_root: docs\n');
    expect(warnings.map((w) => [w.code, w.line, w.suggestion])).toEqual([
      ['CONFIG_UNKNOWN_KEY', 2, 'Rename `repo_prefx` to `repo_prefix`.'],
      ['CONFIG_UNKNOWN_KEY', 5, 'Rename `doc_root` to `docs_root`.'],
    ]);
  });

  it('rejects malformed YAML, duplicate keys and wrong types with the line', () => {
    expect(codeOf(() => parseConfig(ROOT, 'a: [\n'))).toBe('CONFIG_INVALID');
    expect(codeOf(() => parseConfig(ROOT, 'repo_prefix: A\nrepo_prefix: B\n'))).toBe('CONFIG_INVALID');
    expect(codeOf(() => parseConfig(ROOT, '- a\n- b\n'))).toBe('CONFIG_INVALID');
    try {
      parseConfig(ROOT, 'repo_prefix: ACME\nexcluded_paths: docs/x\n');
      expect.unreachable();
    } catch (error) {
      expect((error as DocketError).message).toBe('docops.config.yaml:2: `excluded_paths` must be a list of strings.');
    }
  });

  it('treats __proto__ as a plain (unknown) key', () => {
    const { config, warnings } = parseConfig(ROOT, '__proto__:\n  polluted: true\nrepo_prefix: ACME\n');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(config.namespaces[0]!.repo_prefix).toBe('ACME');
    expect(warnings[0]!.code).toBe('CONFIG_UNKNOWN_KEY');
  });
});

describe('exclusions', () => {
  const { config } = parseConfig(
    ROOT,
    'excluded_paths: [docs/archive]\nexcluded_files: [docs/01-indices/state.md]\nexcluded_filename_prefixes: [DRAFT-]\n',
  );
  const ns = config.namespaces[0]!;
  it.each([
    ['docs/archive/old.md', true],
    ['docs/archived.md', false],
    ['docs/01-indices/state.md', true],
    ['docs/45-adr/WIP-x.md', true],
    ['docs/wip-notes/x.md', true],
    ['docs/45-adr/draft-x.md', true],
    ['docs/00-governance/templates/adr.template.md', true],
    ['docs/45-adr/adr-001-x.md', false],
    ['docs/archive', true],
    ['docs/archive-2/x.md', false],
    ['docs/45-adr/my-draft-x.md', false],
    ['docs/Draft-Plans/x.md', true],
  ])('%s excluded: %s', (rel, expected) => {
    expect(isExcluded(ns, rel)).toBe(expected);
  });

  it('matches prefixes case-insensitively from the docs root down, and a prefix with a slash never matches a segment', () => {
    const { config: rooted } = parseConfig(ROOT, 'docs_root: .\nexcluded_filename_prefixes: [Old-, a/b]\nexcluded_paths: [.]\n');
    const everything = rooted.namespaces[0]!;
    expect(isExcluded(everything, 'x.md')).toBe(true);
    const { config: plain } = parseConfig(ROOT, 'docs_root: .\nexcluded_filename_prefixes: [Old-, a/b]\n');
    const top = plain.namespaces[0]!;
    expect(['OLD-x.md', 'sub/old-y.md', 'a/b.md', 'a/bc/x.md', 'sub/gold-x.md'].map((rel) => isExcluded(top, rel))).toEqual([
      true,
      true,
      false,
      false,
      false,
    ]);
  });
});
