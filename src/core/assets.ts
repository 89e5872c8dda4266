import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

/** The package root (this file is at src/core or dist/core). */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Reads a file shipped with docket (schemas/, assets/), by package-relative path. */
export function readAsset(rel: string): Promise<string> {
  return readFile(new URL(`../../${rel}`, import.meta.url), 'utf8');
}
