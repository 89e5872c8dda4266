import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GovernedFiles, isExcluded, namespaceFor } from '../../src/core/config/exclusion.js';
import type { NamespaceConfig, RepoConfig } from '../../src/core/config/types.js';
import { isMarkdownName } from '../../src/core/engine/documents/walk.js';

/**
 * GovernedFiles answers per directory what namespaceFor and isExcluded answer per file: the
 * two must agree on every path, in any order, for any config. Segments mix case, the final
 * sigma (lower-cased by context), the dotted capital I (lower-cased to two characters) and
 * the Kelvin sign (lower-cased to an ASCII k), so that lower-casing segment by segment is
 * tested against lower-casing the whole path.
 */
const SEGMENTS = [
  'docs',
  'Docs',
  'a',
  'b',
  'WIP-x',
  'wip-y',
  'Draft',
  'draft-z',
  'ΣΑΣ',
  'σας',
  'İx',
  'i̇x',
  'Kx',
  '\u212Ax',
  'tmpl',
  '_t',
  'x.md',
  'services',
  'svc',
];
const NAMES = [
  'a.md',
  'A.MD',
  'wip-a.md',
  'WIP-B.md',
  'draft-c.Md',
  'ΣΑΣ.md',
  'İ.md',
  '\u212Aip.md',
  'kip.md',
  'x.md',
  '_t.md',
  'docs',
  'readme.md',
];
const PREFIXES = ['wip-', 'WIP-', 'draft', 'σα', 'ςx', 'i̇', 'kip', 'k', '_', 'a/b'];

const segment = fc.constantFrom(...SEGMENTS);
const dirPath = fc.array(segment, { minLength: 0, maxLength: 3 }).map((s) => s.join('/'));
const filePath = fc.tuple(dirPath, fc.constantFrom(...NAMES)).map(([d, n]) => (d === '' ? n : `${d}/${n}`));
const somePath = fc.oneof(
  dirPath.filter((d) => d !== ''),
  filePath,
  fc.constant('.'),
);

const namespace = fc.record({
  docs_root: fc.oneof(
    fc.constant('.'),
    dirPath.filter((d) => d !== ''),
  ),
  templates_dir: somePath,
  excluded_paths: fc.array(somePath, { maxLength: 3 }),
  excluded_files: fc.array(filePath, { maxLength: 3 }),
  prefixes: fc.uniqueArray(fc.constantFrom(...PREFIXES), { maxLength: 3 }),
  template: fc.option(filePath, { nil: undefined }),
});

type NamespaceSpec = typeof namespace extends fc.Arbitrary<infer T> ? T : never;

function configOf(specs: NamespaceSpec[]): RepoConfig {
  const namespaces = specs.map((s, i): NamespaceConfig => ({
    name: `ns${i}`,
    repo_prefix: `NS${i}`,
    docs_root: s.docs_root,
    schema_path: 'schema.json',
    docops_version: '2.0',
    excluded_paths: s.excluded_paths,
    excluded_filename_prefixes: s.prefixes.map((p) => p.toLowerCase()),
    excluded_files: s.excluded_files,
    document_types:
      s.template === undefined ? {} : { ADR: { directory: '45-adr', template: s.template } as NamespaceConfig['document_types'][string] },
    templates_dir: s.templates_dir,
    valid_doc_statuses: [],
    valid_impl_states: [],
  }));
  return {
    root: '/repo',
    config_path: 'docops.config.yaml',
    project_name: 'p',
    docops_version: '2.0',
    index_path: 'index.json',
    catalog_name: 'catalogue.md',
    namespaces,
    raw: {},
  };
}

const expected = (config: RepoConfig, rel: string) => {
  const ns = namespaceFor(config, rel);
  return ns && !isExcluded(ns, rel) ? ns.name : undefined;
};

describe('GovernedFiles', () => {
  it('agrees with namespaceFor and isExcluded on every file, in path order and in any order', () => {
    fc.assert(
      fc.property(
        fc.array(namespace, { minLength: 1, maxLength: 3 }),
        fc.array(filePath, { minLength: 1, maxLength: 40 }),
        (specs, paths) => {
          const config = configOf(specs);
          for (const order of [[...paths].sort(), paths]) {
            const governed = new GovernedFiles(config);
            for (const rel of order) expect(governed.namespaceOf(rel)?.name, rel).toBe(expected(config, rel));
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});

describe('isMarkdownName', () => {
  it("is name.toLowerCase().endsWith('.md')", () => {
    const chars = fc.constantFrom('.', 'm', 'M', 'd', 'D', 'x', 'İ', '\u212A', 'ı', 'ſ', 'Σ', '\u1E9E', 'ǅ');
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 6 }).map((c) => c.join('')),
        (name) => {
          expect(isMarkdownName(name), name).toBe(name.toLowerCase().endsWith('.md'));
        },
      ),
      { numRuns: 5000 },
    );
    for (const name of ['a.md', 'A.MD', '.Md', 'md', '.m', 'x.mdx', 'x.md.bak'])
      expect(isMarkdownName(name), name).toBe(name.toLowerCase().endsWith('.md'));
  });
});
