import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

/**
 * The client library's published declarations name only the contract (issue 39): every module
 * its entry point reaches, type-only imports and `export ... from` included, is under src/lib or
 * src/contract. A command's data type defined in a use case would pull core into the `.d.ts`.
 */
const OPTIONS: ts.CompilerOptions = { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext };

/** The repository's own source files reachable from `entry` through imports and re-exports, sorted. */
function sourceClosure(entry: string): string[] {
  const seen = new Set<string>();
  const todo = [path.join(REPO, entry)];
  while (todo.length > 0) {
    const file = todo.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      const resolved = ts.resolveModuleName(fileName, file, OPTIONS, ts.sys).resolvedModule;
      if (resolved && !resolved.isExternalLibraryImport && resolved.resolvedFileName.startsWith(path.join(REPO, 'src') + path.sep))
        todo.push(resolved.resolvedFileName);
    }
  }
  return [...seen].map((f) => path.relative(REPO, f).split(path.sep).join('/')).sort();
}

const inContractOrLib = (rel: string) => rel.startsWith('src/lib/') || rel.startsWith('src/contract/');

describe("the client library's declarations", () => {
  it('reach only src/lib and src/contract', () => {
    const closure = sourceClosure('src/lib/index.ts');
    expect(closure.filter((rel) => !inContractOrLib(rel))).toEqual([]);
  });

  it('include every command data type, defined in the contract', () => {
    const closure = sourceClosure('src/lib/index.ts');
    expect(closure).toContain('src/contract/commands.ts');
    expect(closure).toContain('src/contract/data/document-index.ts');
    expect(closure).toContain('src/contract/issues.ts');
  });

  it('are found by a walk that follows imports out of a layer (a use case reaches core and the contract)', () => {
    const closure = sourceClosure('src/core/usecases/check.ts');
    expect(closure.filter((rel) => rel.startsWith('src/core/')).length).toBeGreaterThan(10);
    expect(closure).toContain('src/contract/data/check.ts');
  });
});
