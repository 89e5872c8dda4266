import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

/**
 * `npm run build` bundles the commands, the hooks, bin/run.js's helpers and the workers into
 * dist/chunks/, and all but the workers once more into dist/vendor/app.body.cjs
 * (scripts/bundle.js): a path relative to a module's own URL would then point into one of
 * those. Code that can be bundled finds its files through package-root.ts.
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

  it('the built commands, the hook and bin/run.js\'s helpers are shims into one bundle, and no chunk is left', () => {
    const walk = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : []));
    const dist = path.join(REPO, 'dist');
    const shims = [...walk(path.join(dist, 'commands')), ...['cli/hooks/command-not-found.js', 'cli/topic-guard.js', 'cli/early-error.js'].map((f) => path.join(dist, f))];
    expect(shims.length).toBeGreaterThan(20);
    const body = readFileSync(path.join(dist, 'vendor/app.body.cjs'), 'utf8');
    const relativeImports = (file: string) => [...readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
    for (const file of shims) {
      const rel = path.relative(dist, file).split(path.sep).join('/');
      // Its exports come from the bundle's entry of the same name (scripts/bundle.js); it imports no module of its own.
      expect(readFileSync(file, 'utf8'), rel).toContain(`.load[${JSON.stringify(rel)}]()`);
      expect(body, rel).toContain(`${JSON.stringify(rel)}:()=>`);
      expect(relativeImports(file), rel).toEqual([]);
    }
    // Nothing else imports the ESM chunks the shims replaced: none is left.
    expect(existsSync(path.join(dist, 'chunks'))).toBe(false);
  });
});
