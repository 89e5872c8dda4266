import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { docket } from './cli.js';
import { tempDir, writeTree } from './fixtures.js';
import { expectValidEnvelope } from './schemas.js';

export const SKILL = '.agents/skills/meminit-docops/SKILL.md';
export const SCRIPT = '.agents/skills/meminit-docops/scripts/meminit_brownfield_plan.sh';
const CONFIG = 'project_name: Handbook\nrepo_prefix: HBK\ndocops_version: "2.0"\ndocs_root: docs\n';
export const posix = process.platform !== 'win32';

export const sha = (text: string) => createHash('sha256').update(text).digest('hex');
/** A managed block as the Python DocOps CLI writes one: its own text, with that text's checksum. */
export const block = (payload: string, opts: { id?: string; version?: string; recorded?: string } = {}) =>
  `<!-- MEMINIT_PROTOCOL: begin id=${opts.id ?? 'agents-md'} version=${opts.version ?? '1.0'} sha256=${opts.recorded ?? sha(payload)} -->\n${payload}<!-- MEMINIT_PROTOCOL: end id=${opts.id ?? 'agents-md'} -->\n`;

export function repo(files: Record<string, string | Buffer> = {}): string {
  return writeTree(tempDir('docket-protocol-'), { 'docops.config.yaml': CONFIG, ...files });
}

/** A protocol command in JSON mode, its envelope validated against the schemas. */
export async function protocol(root: string, ...args: string[]) {
  const r = await docket(['protocol', ...args, '--root', root, '--json']);
  expectValidEnvelope(r.json, `protocol ${args[0]}`);
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return r;
}

export const statuses = (r: { json?: Record<string, any> }) => Object.fromEntries(r.json!.data.assets.map((a: any) => [a.id, a.status]));
export const read = (root: string, rel: string) => readFileSync(path.join(root, rel));

/** Every asset aligned: what sync --apply leaves behind. */
export async function synced(files: Record<string, string | Buffer> = {}): Promise<string> {
  const root = repo(files);
  expect((await protocol(root, 'sync', '--apply')).exitCode).toBe(0);
  return root;
}
