import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';

/**
 * `npm run build` bundles the commands, the hook, bin/run.js's helpers, with
 * oclif, into entry files sharing dist/chunks/ (scripts/bundle.js): a path relative to a
 * module's own URL would then point into dist/chunks/. Code that can be bundled finds its files
 * through package-root.ts.
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
    const offenders = bundled
      .filter((f) => /new URL\([^)]*import\.meta\.url/.test(f.text) || /import\.meta\.(dirname|filename|resolve)/.test(f.text))
      .map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('createRequire(import.meta.url) only requires packages or absolute paths', () => {
    const offenders = bundled.filter((f) => /\b\w*[rR]equire\w*\(\s*['"`]\.{1,2}\//.test(f.text)).map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('yaml is loaded only through src/core/yaml/lib.ts (one copy, loaded on demand)', () => {
    const loadsYaml = (text: string) =>
      /^import\s+(?!type\b)[^;]*from\s+'yaml'/m.test(text) || /(?<!typeof import)\(\s*'yaml'\s*\)/.test(text);
    expect(loadsYaml(bundled.find((f) => f.rel === 'src/core/yaml/lib.ts')!.text)).toBe(true);
    const offenders = bundled.filter((f) => f.rel !== 'src/core/yaml/lib.ts' && loadsYaml(f.text)).map((f) => f.rel);
    expect(offenders).toEqual([]);
  });

  it('markdown-it is loaded only through src/core/markdown/commonmark.ts, on the first body the simple path declines', () => {
    const loads = (text: string) =>
      /^import\s+(?!type\b)[^;]*from\s+'markdown-it'/m.test(text) || /(?<!typeof import)\(\s*'markdown-it'\s*\)/.test(text);
    expect(loads(bundled.find((f) => f.rel === 'src/core/markdown/commonmark.ts')!.text)).toBe(true);
    // The site renderer imports it too, reached only by the `site` command (checked below).
    const others = bundled.filter((f) => f.rel !== 'src/core/markdown/commonmark.ts' && loads(f.text)).map((f) => f.rel);
    expect(others).toEqual(['src/cli/render/site/markdown.ts']);
    const chunkDir = path.join(REPO, 'dist/chunks');
    const importing = readdirSync(chunkDir).filter((f) =>
      /^import\s[^;]*from\s*"markdown-it"/m.test(readFileSync(path.join(chunkDir, f), 'utf8')),
    );
    expect(importing).toHaveLength(1);
    const files = [
      ...readdirSync(chunkDir).map((f) => path.join(chunkDir, f)),
      ...readdirSync(path.join(REPO, 'dist/commands'))
        .filter((f) => f.endsWith('.js'))
        .map((f) => path.join(REPO, 'dist/commands', f)),
    ];
    const importers = (chunk: string) =>
      files
        .filter((f) => readFileSync(f, 'utf8').includes(`/${chunk}"`) || readFileSync(f, 'utf8').includes(`./${chunk}"`))
        .map((f) => path.basename(f).replace(/-[A-Z0-9]{8}\.js$/, ''));
    // The site renderer's chunk (src/cli/render/site/render-site.ts), which only the `site` command (dist/commands/site.js) loads.
    expect(importers(importing[0]!)).toEqual(['render-site']);
    expect(importers(readdirSync(chunkDir).find((f) => f.startsWith('render-site-'))!)).toEqual(['site.js']);
    // Not inside the bundle either (scripts/bundle.js keeps it external): start-up never parses it.
    const chunks = path.join(REPO, 'dist/chunks');
    const holding = readdirSync(chunks).filter((f) => readFileSync(path.join(chunks, f), 'utf8').includes('markdown-it/lib/rules_block'));
    expect(holding).toEqual([]);
  });

  it("the built commands, the hook and bin/run.js's helpers are entries of one bundle that holds oclif", () => {
    const walk = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.js') ? [path.join(dir, e.name)] : [],
      );
    const dist = path.join(REPO, 'dist');
    const entries = [
      ...walk(path.join(dist, 'commands')),
      ...['cli/boot.js', 'cli/oclif.js', 'cli/hooks/command-not-found.js', 'cli/topic-guard.js', 'cli/early-error.js'].map((f) =>
        path.join(dist, f),
      ),
    ];
    expect(entries.length).toBeGreaterThan(20);
    const relativeImports = (text: string, file: string) =>
      [...text.matchAll(/(?:from|import)\s*\(?\s*"(\.[^"]+)"/g)].map((m) => path.resolve(path.dirname(file), m[1]!));
    // Everything an entry reaches is a chunk of the same build, so a process loads one copy of
    // each module, oclif included: no file reached loads @oclif/core (only its package.json).
    const reached = new Set<string>();
    const reach = (file: string): void => {
      const text = readFileSync(file, 'utf8');
      const rel = path.relative(REPO, file);
      expect(
        /(?:from|import)\s*\(?\s*"@oclif\/core|require\("@oclif\/core(?!\/package\.json")/.test(text),
        `${rel} loads @oclif/core`,
      ).toBe(false);
      for (const i of relativeImports(text, file)) {
        // A chunk, or another entry (topic-guard.js loads early-error.js when it answers).
        if (entries.includes(i)) continue;
        expect(i.startsWith(path.join(dist, 'chunks') + path.sep), `${rel} imports ${path.relative(REPO, i)}`).toBe(true);
        if (!reached.has(i)) {
          reached.add(i);
          reach(i);
        }
      }
    };
    for (const entry of entries) reach(entry);
    // dist/cli/oclif.js is oclif itself: its code is in the chunks, not in the entry.
    expect([...reached].some((chunk) => readFileSync(chunk, 'utf8').includes('reloading config from'))).toBe(true);
    // Every chunk is reached: none is left over from an earlier build.
    expect([...reached].map((i) => path.basename(i)).sort()).toEqual(readdirSync(path.join(dist, 'chunks')).sort());
  });

  it('every command loads the start-up core as one chunk, oclif and the base command together; `--version` does not load it', () => {
    const dist = path.join(REPO, 'dist');
    const staticImports = (file: string) =>
      [...readFileSync(file, 'utf8').matchAll(/^(?:import|\} from)\s*(?:[^;"]*?from\s*)?"(\.[^"]+)"/gm)].map((m) =>
        path.resolve(path.dirname(file), m[1]!),
      );
    const reach = (file: string, seen = new Set<string>()): Set<string> => {
      for (const i of staticImports(file))
        if (!seen.has(i)) {
          seen.add(i);
          reach(i, seen);
        }
      return seen;
    };
    const chunks = readdirSync(path.join(dist, 'chunks')).map((f) => path.join(dist, 'chunks', f));
    const core = chunks.filter((f) => readFileSync(f, 'utf8').includes('DocketCommand = class'));
    expect(core).toHaveLength(1);
    expect(readFileSync(core[0]!, 'utf8')).toContain('reloading config from');
    const commands = readdirSync(path.join(dist, 'commands'), { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.js'))
      .map((e) => path.join(e.parentPath, e.name));
    expect(commands.length).toBeGreaterThan(20);
    for (const entry of [
      ...commands,
      ...['cli/oclif.js', 'cli/topic-guard.js', 'cli/hooks/command-not-found.js'].map((f) => path.join(dist, f)),
    ])
      expect(reach(entry).has(core[0]!), path.relative(REPO, entry)).toBe(true);
    // A plain command's start-up reads a handful of files, not one per shared module.
    expect(reach(path.join(dist, 'commands/context.js')).size).toBeLessThanOrEqual(12);
    expect(reach(path.join(dist, 'cli/boot.js')).has(core[0]!)).toBe(false);
  });
});
