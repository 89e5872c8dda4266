import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package root: the nearest ancestor directory holding docket's package.json. Found by
 * walking up rather than by a fixed `../..`, so it is right from src/ (tests), from dist/ and
 * from the bundled chunks of dist/chunks/ (see scripts/bundle.js).
 */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name === 'docket') return dir;
      } catch {
        // not ours: keep walking up
      }
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error('docket: cannot find its package root');
    dir = up;
  }
}

export const PACKAGE_ROOT = findRoot();

/** A path inside the package (`dist/...`, `schemas/...`, `package.json`). */
export function packagePath(rel: string): string {
  return path.join(PACKAGE_ROOT, rel);
}
