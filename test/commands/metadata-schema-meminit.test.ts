import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { MEMINIT_SCHEMA } from '../helpers/meminit-repo.js';

// docket's scaffolded metadata schema against the Python DocOps CLI's, which
// /work/shared/reference/python-docops-cli.md §5.2 gives exactly.

const SCHEMA = 'docs/00-governance/metadata.schema.json';

describe("the Python DocOps CLI's metadata schema (issue 37 item 8, reference §5.2)", () => {
  it('docket init writes a schema with the same constraints: approvers and type are plain strings', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const schema = JSON.parse(readFileSync(path.join(root, SCHEMA), 'utf8'));
    // §5.2 exactly (meminit-repo.ts); docket's copy adds only `description` annotations.
    expect(schema.required).toEqual(MEMINIT_SCHEMA.required);
    expect(schema.additionalProperties).toBe(false);
    const constraint = (p: Record<string, unknown>) => Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'description'));
    const props = Object.fromEntries(
      Object.entries(schema.properties as Record<string, Record<string, unknown>>).map(([k, v]) => [k, constraint(v)]),
    );
    expect(props).toEqual(MEMINIT_SCHEMA.properties);
  });

  it('documents valid under that schema pass check; a list of approvers fails as it does there', async () => {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    const fm = (fields: string) =>
      `---\ndocument_id: ACME-ADR-001\ntitle: Use Postgres\nstatus: Approved\nversion: "1.0"\nlast_updated: 2026-01-01\nowner: Team\n${fields}---\n# Use Postgres\n`;
    writeFileSync(
      path.join(root, 'docs/45-adr/adr-001-use-postgres.md'),
      fm('type: ADR\ndocops_version: "2"\napprovers: Jane Doe, Raj Patel\n'),
    );
    // A two-letter type: that tool gives it DOC IDs (§5.1); its schema accepts any string as type.
    mkdirSync(path.join(root, 'docs/55-testing'), { recursive: true });
    writeFileSync(
      path.join(root, 'docs/55-testing/qa-plan.md'),
      fm('type: QA\ndocops_version: "2.0"\n').replace('ACME-ADR-001', 'ACME-DOC-001'),
    );
    const ok = await docket(['check', '--root', root, '--json']);
    expect(ok.json!.violations).toEqual([]);
    expect(ok.exitCode).toBe(0);
    writeFileSync(
      path.join(root, 'docs/45-adr/adr-001-use-postgres.md'),
      fm('type: ADR\ndocops_version: "2.0"\napprovers:\n  - Jane Doe\n'),
    );
    const bad = await docket(['check', '--root', root, '--json']);
    expect(bad.exitCode).toBe(1);
    expect(bad.json!.violations.map((v: any) => [v.code, v.path])).toEqual([['SCHEMA_VALIDATION', 'docs/45-adr/adr-001-use-postgres.md']]);
  });
});
