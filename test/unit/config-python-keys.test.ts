import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/core/config/load.js';
import { parseSimpleConfig } from '../../src/core/config/simple-yaml.js';
import { YamlSource } from '../../src/core/config/yaml-source.js';
import { DocketError } from '../../src/errors/docket-error.js';

/**
 * The keys of the Python DocOps CLI's docops.config.yaml (reference §4.1 and §4.3): each is
 * known to docket, checked for its type, and used with that tool's meaning where docket uses it.
 */
const ROOT = '/repo';

/** Every top-level key of reference §4.1, in the block form the Python tool's `init` writes. */
const TOP_LEVEL = `docops_version: '2.0'
project_name: acme-widget
repo_prefix: ACME
docs_root: docs
schema_path: docs/00-governance/metadata.schema.json
index_path: docs/01-indices/meminit.index.json
catalog_name: dashboard.md
default_owner: platform-team
excluded_paths:
  - docs/00-governance/templates
excluded_filename_prefixes:
  - WIP-
excluded_files:
  - docs/99-archive/old.md
document_types:
  RFC:
    directory: 00-governance
type_directories:
  NOTES: 12-notes
templates:
  adr: docs/00-governance/templates/adr.template.md
valid_impl_states:
  - Not Started
  - In Progress
  - Parked
valid_doc_statuses:
  - Draft
  - Approved
name: main
namespace: ignored-when-name-is-set
`;

/** Every namespace key of reference §4.3 (the shape `org vendor` adds, plus the rest). */
const NAMESPACED = `repo_prefix: ACME
valid_doc_statuses:
  - Draft
namespaces:
  - name: repo
    repo_prefix: ACME
    docs_root: docs
    schema_path: docs/00-governance/metadata.schema.json
    docops_version: '2.0'
    default_owner: docs-team
    excluded_paths:
      - docs/99-archive
    excluded_filename_prefixes:
      - DRAFT-
    excluded_files:
      - docs/00-governance/notes.md
    document_types:
      ADR:
        directory: 45-adr
    templates:
      adr: docs/00-governance/templates/adr.template.md
    valid_impl_states:
      - Done
    valid_doc_statuses:
      - Approved
  - name: org
    repo_prefix: ORG
    docs_root: docs/00-governance/org
    type_directories:
      GOV: .
`;

function errorOf(fn: () => unknown): DocketError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DocketError) return error;
    throw error;
  }
  throw new Error('expected a DocketError');
}

describe('the keys of the Python DocOps CLI (reference §4.1, §4.3)', () => {
  it('§4.1: every top-level key is known; the legacy maps are notes (info), never warnings', () => {
    const { warnings } = parseConfig(ROOT, TOP_LEVEL);
    expect(warnings.filter((w) => w.code === 'CONFIG_UNKNOWN_KEY')).toEqual([]);
    expect(warnings.map((w) => [w.code, w.severity, w.line])).toEqual([
      ['CONFIG_DEPRECATED_KEY', 'info', 18],
      ['CONFIG_DEPRECATED_KEY', 'info', 20],
    ]);
  });

  it('§4.3: every namespace key is known, and `org vendor`\'s `type_directories: {GOV: "."}` is a note', () => {
    const { config, warnings } = parseConfig(ROOT, NAMESPACED);
    expect(warnings.filter((w) => w.severity !== 'info')).toEqual([]);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([
      ['CONFIG_DEPRECATED_KEY', 20],
      ['CONFIG_DEPRECATED_KEY', 29],
    ]);
    const org = config.namespaces.find((ns) => ns.name === 'org')!;
    expect(org.document_types.GOV).toMatchObject({ directory: '.', source: 'config' });
  });

  it('§4.1 name/namespace: the implicit namespace is named by `name`, then `namespace`, else "default"', () => {
    expect(parseConfig(ROOT, 'name: main\nnamespace: other\n').config.namespaces.map((ns) => ns.name)).toEqual(['main']);
    expect(parseConfig(ROOT, 'namespace: docs\n').config.namespaces.map((ns) => ns.name)).toEqual(['docs']);
    expect(parseConfig(ROOT, 'repo_prefix: ACME\n').config.namespaces.map((ns) => ns.name)).toEqual(['default']);
    // §4.3: with a `namespaces` list, each item names itself (`ns<index+1>` by default).
    expect(parseConfig(ROOT, 'name: main\nnamespaces:\n  - docs_root: docs\n').config.namespaces.map((ns) => ns.name)).toEqual(['ns1']);
  });

  it('§4.1 catalog_name: names the catalogue view, excluded like the other generated views', () => {
    const { config } = parseConfig(ROOT, TOP_LEVEL);
    expect(config.catalog_name).toBe('dashboard.md');
    expect(config.namespaces[0]!.excluded_files).toEqual([
      'docs/99-archive/old.md',
      'docs/01-indices/dashboard.md',
      'docs/01-indices/kanban.css',
      'docs/01-indices/kanban.md',
      'docs/01-indices/project-state.yaml',
    ]);
    expect(parseConfig(ROOT, 'repo_prefix: ACME\n').config.catalog_name).toBe('catalogue.md');
  });

  it('§4.1 catalog_name: only the file name of a path is used, with a warning on its line', () => {
    const { config, warnings } = parseConfig(ROOT, 'repo_prefix: ACME\ncatalog_name: views/board.md\n');
    expect(config.catalog_name).toBe('board.md');
    expect(warnings.map((w) => [w.code, w.severity, w.line])).toEqual([['CONFIG_VALUE_IGNORED', 'warning', 2]]);
  });

  it("§4.1 valid_impl_states / valid_doc_statuses: defaults, the top-level lists, a namespace's own list", () => {
    const defaults = parseConfig(ROOT, 'repo_prefix: ACME\n').config.namespaces[0]!;
    expect(defaults.valid_impl_states).toEqual(['Not Started', 'In Progress', 'Blocked', 'QA Required', 'Done']);
    expect(defaults.valid_doc_statuses).toEqual(['Draft', 'In Review', 'Approved', 'Superseded']);
    const top = parseConfig(ROOT, TOP_LEVEL).config.namespaces[0]!;
    expect(top.valid_impl_states).toEqual(['Not Started', 'In Progress', 'Parked']);
    expect(top.valid_doc_statuses).toEqual(['Draft', 'Approved']);
    const [repo, org] = parseConfig(ROOT, NAMESPACED).config.namespaces;
    expect([repo!.valid_doc_statuses, repo!.valid_impl_states]).toEqual([['Approved'], ['Done']]);
    expect([org!.valid_doc_statuses, org!.valid_impl_states[0]]).toEqual([['Draft'], 'Not Started']);
  });

  it("§4.1 default_owner: a namespace's own, else the top-level one", () => {
    const [repo, org] = parseConfig(ROOT, `default_owner: everyone\n${NAMESPACED}`).config.namespaces;
    expect([repo!.default_owner, org!.default_owner]).toEqual(['docs-team', 'everyone']);
  });

  it.each([
    ['valid_impl_states: Done\n', 'docops.config.yaml:1: `valid_impl_states` must be a list of strings.'],
    ['repo_prefix: ACME\nvalid_doc_statuses:\n  draft: true\n', 'docops.config.yaml:2: `valid_doc_statuses` must be a list of strings.'],
    ['repo_prefix: ACME\nname:\n  a: b\n', 'docops.config.yaml:2: `name` must be a string.'],
    ['namespace: [a]\n', 'docops.config.yaml:1: `namespace` must be a string.'],
    ['catalog_name: [a.md]\n', 'docops.config.yaml:1: `catalog_name` must be a string.'],
    [
      'namespaces:\n  - name: a\n    valid_impl_states: 3\n',
      'docops.config.yaml:3: `namespaces[0].valid_impl_states` must be a list of strings.',
    ],
  ])('a value of the wrong type is CONFIG_INVALID with its line: %j', (text, message) => {
    const error = errorOf(() => parseConfig(ROOT, text));
    expect([error.code, error.message]).toEqual(['CONFIG_INVALID', message]);
  });

  it('an item of the wrong type in a state list is ignored with a warning on its line', () => {
    const { config, warnings } = parseConfig(ROOT, 'repo_prefix: ACME\nvalid_impl_states:\n  - Done\n  - 3\n');
    expect(config.namespaces[0]!.valid_impl_states).toEqual(['Done']);
    expect(warnings.map((w) => [w.code, w.line])).toEqual([['CONFIG_VALUE_IGNORED', 4]]);
  });

  it.each([
    ['top level', TOP_LEVEL],
    ['namespaces', NAMESPACED],
  ])('the fast path and the yaml package read the %s config alike', (_name, text) => {
    const fast = parseSimpleConfig('docops.config.yaml', text);
    expect(fast).toBeDefined();
    const full = YamlSource.parseWithYaml('docops.config.yaml', text);
    expect(fast!.toJS()).toStrictEqual(full.toJS());
    for (const p of [
      ['catalog_name'],
      ['valid_impl_states', 2],
      ['name'],
      ['namespaces', 1, 'type_directories', 'GOV'],
      ['namespaces', 0, 'valid_doc_statuses', 0],
    ]) {
      expect(fast!.line(p), p.join('.')).toBe(full.line(p));
    }
  });
});
