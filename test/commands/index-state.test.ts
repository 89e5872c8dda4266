import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { itemsOf, parseStream } from '../helpers/ndjson.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { entryYaml, STATE, stateFile, stateRepo } from '../helpers/state.js';

const index = async (root: string, ...args: string[]) => {
  const r = await docket(['index', '--root', root, '--json', ...args]);
  expectValidEnvelope(r.json, r.json?.error ? undefined : 'index');
  return r;
};

describe('index and project-state.yaml', () => {
  it('--status and --impl-state list the nodes they keep with their work-queue fields; the artifact stays whole', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', { impl_state: 'Done' }),
        entryYaml('WRK-ADR-002', { impl_state: 'In Progress', priority: 'P0', depends_on: ['WRK-ADR-001'] }),
        entryYaml('WRK-ADR-003', { impl_state: 'Blocked', blocked_by: ['WRK-ADR-002'] }),
      ),
    });
    const plain = await index(root);
    expect(plain.exitCode).toBe(0);
    expect(plain.json!.data).not.toHaveProperty('nodes');
    const artifact = readFileSync(path.join(root, plain.json!.data.index_path), 'utf8');
    const r = await index(root, '--impl-state', 'in_progress,blocked');
    expect(r.json!.data.filtered).toBe(true);
    expect(r.json!.data.nodes.map((n: any) => [n.document_id, n.impl_state, n.priority, n.open_blockers, n.unblocks])).toEqual([
      ['WRK-ADR-002', 'In Progress', 'P0', [], ['WRK-ADR-003']],
      ['WRK-ADR-003', 'Blocked', 'P2', ['WRK-ADR-002'], []],
    ]);
    expect(r.json!.data.node_count).toBe(6);
    expect(readFileSync(path.join(root, plain.json!.data.index_path), 'utf8')).toBe(artifact);
    const drafts = await index(root, '--status', 'draft', '--impl-state', 'Done');
    expect(drafts.json!.data.nodes.map((n: any) => n.document_id)).toEqual(['WRK-ADR-001']);
    const noState = await index(root, '--status', 'DRAFT');
    expect(noState.json!.data.nodes.find((n: any) => n.document_id === 'WRK-SPEC-001')).toMatchObject({
      ready: false,
      open_blockers: [],
      unblocks: [],
    });
    expect(noState.json!.data.nodes.find((n: any) => n.document_id === 'WRK-SPEC-001')).not.toHaveProperty('impl_state');
    const bad = await index(root, '--status', 'Published');
    expect([bad.exitCode, bad.json!.error.code, bad.json!.error.details.allowed]).toEqual([
      64,
      'INVALID_FLAG_VALUE',
      ['Approved', 'Draft', 'In Review', 'Superseded'],
    ]);
  });

  it('--format ndjson: each node item has the work-queue fields data.nodes gives it; without a state file, none', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', { impl_state: 'Done' }),
        entryYaml('WRK-ADR-002', { impl_state: 'In Progress', priority: 'P0', depends_on: ['WRK-ADR-001'], assignee: 'bo' }),
      ),
    });
    const json = await index(root, '--status', 'draft');
    const items = itemsOf(parseStream((await docket(['index', '--root', root, '--format', 'ndjson'])).stdout, 'index'), 'node');
    expect(items).toEqual(json.json!.data.nodes);
    expect(items.find((n) => n.document_id === 'WRK-ADR-002')).toMatchObject({
      impl_state: 'In Progress',
      priority: 'P0',
      assignee: 'bo',
      ready: false,
      unblocks: [],
    });
    const plain = itemsOf(parseStream((await docket(['index', '--root', stateRepo(), '--format', 'ndjson'])).stdout, 'index'), 'node');
    expect(plain.map((n) => Object.keys(n).filter((k) => ['ready', 'open_blockers', 'unblocks', 'impl_state'].includes(k)))).toEqual(
      plain.map(() => []),
    );
  });

  it('checks the state file: unknown IDs and cycles are warnings, Done-before-dependency advice, a malformed file fails the run', async () => {
    const root = stateRepo({
      [STATE]: stateFile(
        entryYaml('WRK-ADR-001', { impl_state: 'Done', depends_on: ['WRK-ADR-002'] }),
        entryYaml('WRK-ADR-002', { impl_state: 'Not Started', depends_on: ['WRK-ADR-001'] }),
        entryYaml('WRK-TASK-001', { impl_state: 'Done' }),
      ),
    });
    const r = await index(root);
    expect(r.exitCode).toBe(0);
    expect(r.json!.warnings.map((w: any) => [w.code, w.severity])).toEqual([
      ['STATE_DEPENDENCY_CYCLE', 'warning'],
      ['STATE_UNKNOWN_DOC_ID', 'warning'],
    ]);
    expect(r.json!.advice.map((a: any) => a.code)).toContain('STATE_DEPENDENCY_STATUS_CONFLICT');
    const broken = stateRepo({ [STATE]: "state_schema_version: '3.0'\ndocuments: {}\n" });
    const failed = await index(broken);
    expect(failed.exitCode).toBe(1);
    expect(failed.json!.violations.map((v: any) => v.code)).toEqual(['STATE_SCHEMA_VIOLATION']);
    expect(failed.json!.data.written).toBe(true);
  });
});
