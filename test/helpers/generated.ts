import path from 'node:path';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
import { documents, idOf } from './edits.js';
import { tempDir } from './fixtures.js';

/** A generated repository without violations: its governed documents, those by ID, and the IDs sorted. */
export function generatedRepository(
  docs: number,
  seed: number,
): { root: string; files: string[]; byId: Map<string, string>; ids: string[] } {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs, seed, violations: 0 });
  const files = documents(root);
  const byId = new Map(files.map((f) => [idOf(root, f)!, f]));
  return { root, files, byId, ids: [...byId.keys()].sort() };
}
