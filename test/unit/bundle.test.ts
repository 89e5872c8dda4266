import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

/**
 * `npm run build` bundles the commands, the hooks, bin/run.js's helpers and the worker into
 * dist/chunks/ (scripts/bundle.js): a path relative to a module's own URL would then point
 * into dist/chunks/. Code that can be bundled finds its files through package-root.ts.
 */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    return e.isDirectory() ? sources(abs) : e.name.endsWith('.ts') ? [abs] : [];
  });
}

// src/lib (the client library) is not bundled; package-root.ts starts its walk from its own URL.
const bundled = sources(path.join(REPO, 'src'))
  .map((f) => ({ rel: path.relative(REPO, f).split(path.sep).join('/'), text: readFileSync(f, 'utf8') }))
  .filter((f) => !f.rel.startsWith('src/lib/') && f.rel !== 'src/core/package-root.ts');

describe('bundle-proof sources', () => {
  it('finds the sources', () => {
    expect(bundled.length).toBeGreaterThan(100);
  });

  it('no path is relative to import.meta.url', () => {
    const offenders = bundled.filter((f) => /new URL\([^)]*import\.meta\.url/.test(f.text) || /import\.meta\.(dirname|filename|resolve)/.test(f.text)).map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('createRequire(import.meta.url) only requires packages or absolute paths', () => {
    const offenders = bundled.filter((f) => /\b\w*[rR]equire\w*\(\s*['"`]\.{1,2}\//.test(f.text)).map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('yaml is loaded only through src/core/yaml/lib.ts (one copy, loaded on demand)', () => {
    const loadsYaml = (text: string) => /^import\s+(?!type\b)[^;]*from\s+'yaml'/m.test(text) || /(?<!typeof import)\(\s*'yaml'\s*\)/.test(text);
    expect(loadsYaml(bundled.find((f) => f.rel === 'src/core/yaml/lib.ts')!.text)).toBe(true);
    const offenders = bundled.filter((f) => f.rel !== 'src/core/yaml/lib.ts' && loadsYaml(f.text)).map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('the built commands are bundles that import no tsc module', () => {
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
    const entries = [...walk(path.join(REPO, 'dist/commands')), ...['cli/hooks/command-not-found.js', 'cli/topic-guard.js', 'cli/early-error.js', 'core/check/load-worker.js'].map((f) => path.join(REPO, 'dist', f))];
    expect(entries.length).toBeGreaterThan(20);
    for (const file of entries) {
      // Relative imports may only reach shared chunks or other entries (the guard loads early-error).
      const imports = [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
      const strays = imports.filter((i) => !i.startsWith(path.join(REPO, 'dist/chunks') + path.sep) && !entries.includes(i));
      expect(strays.map((i) => path.relative(REPO, i)), path.relative(REPO, file)).toEqual([]);
    }
  });
});
