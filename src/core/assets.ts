import { readFile } from 'node:fs/promises';
import { packagePath, PACKAGE_ROOT as ROOT } from './package-root.js';

/** The package root, with a trailing separator (as `fileURLToPath(new URL('../../', ...))` gave it). */
export const PACKAGE_ROOT = `${ROOT}/`;

/** Reads a file shipped with docket (schemas/, assets/), by package-relative path. */
export function readAsset(rel: string): Promise<string> {
  return readFile(packagePath(rel), 'utf8');
}
