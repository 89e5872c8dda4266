import { expect } from 'vitest';
import { docket } from './cli.js';
import { tempDir, writeTree } from './fixtures.js';
import { expectValidEnvelope } from './schemas.js';

export const STATE = 'docs/01-indices/project-state.yaml';

const doc = (id: string, title: string) =>
  `---\ndocument_id: ${id}\ntype: ${id.split('-')[1]}\ntitle: ${title}\nstatus: Draft\nversion: "0.1"\nlast_updated: 2026-01-10\nowner: Team\ndocops_version: "2.0"\n---\n\n# ${id}: ${title}\n`;

/** A repository of five ADRs (WRK-ADR-001..005) and a spec, with `files` added (project-state.yaml, say). */
export function stateRepo(files: Record<string, string> = {}): string {
  const tree: Record<string, string> = {
    'docops.config.yaml': 'project_name: Queue\nrepo_prefix: WRK\ndocops_version: "2.0"\ndocs_root: docs\n',
  };
  for (let n = 1; n <= 5; n++) tree[`docs/45-adr/adr-00${n}-decision-${n}.md`] = doc(`WRK-ADR-00${n}`, `Decision ${n}`);
  tree['docs/20-specs/spec-001-api.md'] = doc('WRK-SPEC-001', 'API');
  return writeTree(tempDir('docket-state-'), { ...tree, ...files });
}

/** An entry of project-state.yaml as the Python DocOps CLI writes it. */
export function entryYaml(id: string, fields: Record<string, string | string[]>): string {
  const lines = [`  ${id}:`];
  for (const [key, value] of Object.entries({ updated: "'2026-01-01T00:00:00+00:00'", updated_by: 'agent-one', ...fields })) {
    if (Array.isArray(value)) lines.push(`    ${key}:`, ...value.map((v) => `    - ${v}`));
    else lines.push(`    ${key}: ${value}`);
  }
  return `${lines.join('\n')}\n`;
}

export const stateFile = (...entries: string[]) => `state_schema_version: '2.0'\ndocuments:\n${entries.join('')}`;

/** A state command in JSON mode, the date pinned (every write gets the same `updated`); the envelope is validated against the schemas. */
export async function state(root: string, ...args: string[]) {
  const r = await docket(['state', ...args, '--root', root, '--json'], {
    env: { DOCKET_TODAY: '2026-01-31', DOCKET_ACTOR_ID: 'agent one' },
  });
  expectValidEnvelope(r.json, r.json?.success ? `state ${args[0]}` : undefined);
  expect(r.stdout.trim().split('\n')).toHaveLength(1);
  return r;
}

/** The state findings' codes (the index's INDEX_MISSING aside: these repositories have no artifact). */
export const stateCodes = (items: { code: string }[]) => items.map((i) => i.code).filter((c) => !c.startsWith('INDEX_'));
