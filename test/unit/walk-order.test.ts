import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GovernedFiles } from '../../src/core/config/exclusion.js';
import type { NamespaceConfig, RepoConfig } from '../../src/core/config/types.js';
import { isMarkdownName, listGoverned, listMarkdownSync } from '../../src/core/engine/documents/walk.js';

/** A seeded sequence in [0, 1) (a 31-bit linear congruential generator): the same on every run. */
function rng(seed: number): () => number {
  let state = seed;
  return () => (state = (Math.imul(state, 1103515245) + 12345) & 0x7fffffff) / 0x80000000;
}

/** Names that sort differently as a directory's name than as the start of a path ('-', '.', ' ' sort before '/'). */
const DIRS = ['docs', 'docs-old', 'docs.d', 'docs old', 'a', 'a-b', 'a.b', 'A', 'é', 'z'];
const FILES = ['a.md', 'a-b.md', 'a.md.md', 'A.MD', 'b.Md', 'é.md', 'docs.md', 'x y.md', 'notes.txt'];

const temp = mkdtempSync(path.join(os.tmpdir(), 'docket-walk-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

function makeTree(root: string, random: () => number): void {
  const dirs = [''];
  for (let k = 0; k < 14; k++) {
    const parent = dirs[Math.floor(random() * dirs.length)]!;
    if (parent.split('/').length > 3) continue;
    const dir = parent === '' ? DIRS[Math.floor(random() * DIRS.length)]! : `${parent}/${DIRS[Math.floor(random() * DIRS.length)]!}`;
    mkdirSync(path.join(root, dir), { recursive: true });
    dirs.push(dir);
  }
  for (let k = 0; k < 40; k++) {
    const dir = dirs[Math.floor(random() * dirs.length)]!;
    const name = FILES[Math.floor(random() * FILES.length)]!;
    writeFileSync(path.join(root, dir, name), '# x\n');
  }
}

/** Every Markdown file under `start`, found with no care for order, then sorted. */
function allMarkdown(root: string, start: string): string[] {
  const out: string[] = [];
  const visit = (dir: string) => {
    for (const e of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = dir === '.' ? e.name : `${dir}/${e.name}`;
      if (e.isDirectory()) visit(rel);
      else if (e.isFile() && isMarkdownName(e.name)) out.push(rel);
    }
  };
  visit(start);
  return out.sort();
}

function configOf(root: string, docsRoots: string[]): RepoConfig {
  const namespaces = docsRoots.map((docs_root, i): NamespaceConfig => ({
    name: `ns${i}`,
    repo_prefix: `NS${i}`,
    docs_root,
    schema_path: 'schema.json',
    docops_version: '2.0',
    excluded_paths: [],
    excluded_filename_prefixes: [],
    excluded_files: [],
    document_types: {},
    templates_dir: `${docs_root}/_templates`,
    valid_doc_statuses: [],
    valid_impl_states: [],
  }));
  return {
    root,
    config_path: 'docops.config.yaml',
    project_name: 'p',
    docops_version: '2.0',
    index_path: 'index.json',
    catalog_name: 'catalogue.md',
    namespaces,
    raw: {},
  };
}

describe('the walk meets paths in sorted order', () => {
  it("lists a tree's Markdown files in the order of `<`, whatever their names", () => {
    for (let seed = 1; seed <= 25; seed++) {
      const root = path.join(temp, `tree-${seed}`);
      makeTree(root, rng(seed));
      expect(listMarkdownSync(root, '.').markdown).toEqual(allMarkdown(root, '.'));
    }
  });

  it('lists the governed files of several docs roots in sorted order, each once', async () => {
    for (let seed = 1; seed <= 25; seed++) {
      const root = path.join(temp, `tree-${seed}`);
      const random = rng(seed * 7);
      const roots = [
        ...new Set(
          Array.from({ length: 1 + Math.floor(random() * 3) }, () => (random() < 0.15 ? '.' : DIRS[Math.floor(random() * DIRS.length)]!)),
        ),
      ];
      const config = configOf(root, roots);
      const plain = await listGoverned(config);
      const governed = new GovernedFiles(config);
      const expected = [
        ...new Set(
          roots
            .filter((r) => r === '.' || !roots.includes('.'))
            .flatMap((r) => {
              try {
                return allMarkdown(root, r);
              } catch {
                return [];
              }
            }),
        ),
      ]
        .sort()
        .filter((rel) => governed.namespaceOf(rel));
      expect(plain.files.map((f) => f.rel)).toEqual(expected);
      for (const f of plain.files) expect(f.namespace).toBe(governed.namespaceOf(f.rel));
    }
  });
});
