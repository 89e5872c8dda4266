import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODE_AREAS, CODES } from '../../src/errors/codes.js';
import { codesMarkdown } from '../../src/errors/markdown.js';
import { EXIT, EXIT_MEANINGS } from '../../src/errors/types.js';
import { REPO } from '../helpers/cli.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const abs = path.join(dir, name);
    return statSync(abs).isDirectory() ? sourceFiles(abs) : abs.endsWith('.ts') ? [abs] : [];
  });
}

describe('the code table', () => {
  it('has no code defined in two areas', () => {
    const seen = new Map<string, number>();
    for (const area of CODE_AREAS) for (const code of Object.keys(area)) seen.set(code, (seen.get(code) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
    expect(seen.size).toBe(Object.keys(CODES).length);
  });

  it('uses UPPER_SNAKE_CASE codes, known exit codes, and complete remediation', () => {
    const exits = new Set<number>(Object.values(EXIT));
    for (const [code, spec] of Object.entries(CODES)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)*$/);
      expect(exits.has(spec.exit), code).toBe(true);
      expect(spec.summary.length, code).toBeGreaterThan(10);
      expect(spec.cause.length, code).toBeGreaterThan(10);
      expect(spec.remediation.action.length, code).toBeGreaterThan(10);
      for (const c of spec.remediation.commands) expect(c, code).toMatch(/^(docket|node) /);
      if (spec.kind === 'error') expect(spec.exit, code).not.toBe(0);
      if (spec.kind === 'violation') expect(spec.exit, code).toBe(1);
      if (spec.kind === 'warning' || spec.kind === 'advice') expect(spec.exit, code).toBe(0);
    }
    expect(
      Object.keys(EXIT_MEANINGS)
        .map(Number)
        .sort((a, b) => a - b),
    ).toEqual([...exits].sort((a, b) => a - b));
  });

  it('contains every code the source emits', () => {
    const used = new Set<string>();
    const patterns = [/DocketError\(\s*'([A-Z_0-9]+)'/g, /code: '([A-Z_0-9]+)'/g, /finding\(\s*'([A-Z_0-9]+)'/g];
    for (const file of sourceFiles(path.join(REPO, 'src'))) {
      const text = readFileSync(file, 'utf8');
      for (const re of patterns) for (const m of text.matchAll(re)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    // errno values (ENOENT, ...) are not docket codes
    expect([...used].filter((c) => !(c in CODES) && !/^E[A-Z]+$/.test(c)).sort()).toEqual([]);
  });

  it('has no code that the source never emits', () => {
    const text = sourceFiles(path.join(REPO, 'src'))
      .filter((f) => !f.includes(`${path.sep}errors${path.sep}table${path.sep}`))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unused = Object.keys(CODES).filter(
      (code) => !text.includes(`'${code}'`) && !text.includes(`"${code}"`) && !text.includes(`\`${code}`),
    );
    expect(unused).toEqual([]);
  });

  it('is listed completely in DOCKET-SPEC-002 (run `npm run docs:codes` after changing it)', () => {
    const spec = readFileSync(path.join(REPO, 'docs/20-specs/spec-002-error-codes.md'), 'utf8');
    const body = spec.slice(spec.indexOf('<!-- codes:start -->') + '<!-- codes:start -->'.length, spec.indexOf('<!-- codes:end -->'));
    expect(body.trim()).toBe(codesMarkdown().trim());
  });
});
