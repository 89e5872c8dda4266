import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

/**
 * Names that explain themselves (issue 39): a file named `index.ts` only gathers what its
 * folder exports. The one exception is where oclif needs the name: the `index` command is
 * src/commands/index/index.ts (a src/commands/index.ts would be the root command).
 */
const COMMAND_NAMED_INDEX = 'src/commands/index/index.ts';

function indexFiles(dir: string): string[] {
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return indexFiles(rel);
    return e.name === 'index.ts' ? [rel] : [];
  });
}

/** The statements of a file that are not `export ... from '...'` (a barrel has none). */
function notReExports(rel: string): string[] {
  const text = readFileSync(path.join(REPO, rel), 'utf8');
  const file = ts.createSourceFile(rel, text, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  return file.statements
    .filter((s) => !(ts.isExportDeclaration(s) && s.moduleSpecifier !== undefined))
    .map((s) => s.getText(file).split('\n')[0]!);
}

describe('the layout', () => {
  const files = indexFiles('src');

  it('finds the index files, the index command among them', () => {
    expect(files).toContain(COMMAND_NAMED_INDEX);
    expect(files).toContain('src/lib/index.ts');
  });

  it('has no index.ts that is not a barrel, besides the index command', () => {
    const offenders = files.filter((rel) => rel !== COMMAND_NAMED_INDEX).flatMap((rel) => notReExports(rel).map((s) => `${rel}: ${s}`));
    expect(offenders).toEqual([]);
  });

  it('tells a barrel from a module with code of its own', () => {
    expect(notReExports(COMMAND_NAMED_INDEX).length).toBeGreaterThan(0);
  });
});
