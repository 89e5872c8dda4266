import { describe, expect, it } from 'vitest';
import { CODES } from '../../src/errors/codes.js';
import { MEMINIT_CODES } from '../../src/errors/table/meminit.js';
import { docket } from '../helpers/cli.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/*
 * `docket explain` knows every code of the Python DocOps CLI (meminit), as named in the
 * reference (/work/shared/reference/python-docops-cli.md), section by section.
 */
const REFERENCE = {
  '§3.1 ErrorCode enum': [
    'DUPLICATE_ID',
    'INVALID_ID_FORMAT',
    'INVALID_FLAG_COMBINATION',
    'CONFIG_MISSING',
    'INVALID_ROOT_PATH',
    'NOT_A_REGULAR_FILE',
    'PATH_ESCAPE',
    'UNKNOWN_TYPE',
    'UNKNOWN_NAMESPACE',
    'FILE_EXISTS',
    'INVALID_STATUS',
    'INVALID_RELATED_ID',
    'TEMPLATE_NOT_FOUND',
    'SCHEMA_INVALID',
    'LOCK_TIMEOUT',
    'FILE_NOT_FOUND',
    'MISSING_FRONTMATTER',
    'MISSING_FIELD',
    'INVALID_FIELD',
    'DIRECTORY_MISMATCH',
    'OUTSIDE_DOCS_ROOT',
    'VALIDATION_ERROR',
    'UNKNOWN_ERROR',
    'LEGACY_CONFIG_UNSUPPORTED',
    'INVALID_TEMPLATE_PLACEHOLDER',
    'UNKNOWN_TEMPLATE_VARIABLE',
    'INVALID_TEMPLATE_FILE',
    'DUPLICATE_SECTION_ID',
    'AMBIGUOUS_SECTION_BOUNDARY',
    'E_STATE_YAML_MALFORMED',
    'E_STATE_SCHEMA_VIOLATION',
    'E_INVALID_FILTER_VALUE',
    'STATE_INVALID_PRIORITY',
    'STATE_INVALID_DEPENDENCY_ID',
    'STATE_SELF_DEPENDENCY',
    'STATE_UNDEFINED_DEPENDENCY',
    'STATE_DEPENDENCY_CYCLE',
    'STATE_DEPENDENCY_STATUS_CONFLICT',
    'STATE_FIELD_TOO_LONG',
    'STATE_FIELD_INVALID_FORMAT',
    'STATE_MIXED_MUTATION_MODE',
    'STATE_CLEAR_MUTATION_CONFLICT',
    'STATE_NO_MUTATION_PROVIDED',
    'UNKNOWN_ERROR_CODE',
    'STREAM_UNSUPPORTED_FORMAT',
    'STREAM_PRODUCER_FAILED',
    'STREAM_INTERRUPTED',
    'CACHE_LOCK_HELD',
    'CACHE_ENTRY_INVALID',
    'CACHE_WRITE_FAILED',
    'GRAPH_DUPLICATE_DOCUMENT_ID',
    'GRAPH_SUPERSESSION_CYCLE',
    'PROTOCOL_ASSET_MISSING',
    'PROTOCOL_ASSET_LEGACY',
    'PROTOCOL_ASSET_STALE',
    'PROTOCOL_ASSET_TAMPERED',
    'PROTOCOL_ASSET_UNPARSEABLE',
    'PROTOCOL_SYNC_WRITE_FAILED',
  ],
  '§3.3 WarningCode constants': [
    'W_STATE_UNKNOWN_DOC_ID',
    'W_STATE_UNKNOWN_IMPL_STATE',
    'W_FIELD_SANITIZATION_FAILED',
    'W_STATE_UNSORTED_KEYS',
    'GRAPH_DANGLING_RELATED_ID',
    'GRAPH_DANGLING_SUPERSEDED_BY',
    'GRAPH_SUPERSESSION_STATUS_MISMATCH',
    'PROTOCOL_SYNC_FORCE_USED',
  ],
  '§3.4 rule and issue codes': [
    'FILENAME_CONVENTION',
    'FRONTMATTER_MISSING',
    'SCHEMA_VALIDATION',
    'SCHEMA_MISSING',
    'SCHEMA_INVALID',
    'ID_REGEX',
    'ID_PREFIX',
    'ID_UNIQUE',
    'DIRECTORY_MATCH',
    'LINK_BROKEN',
    'UNHANDLED_EXCEPTION',
    'REPO_STRUCTURE',
    'FILE_NOT_FOUND',
    'OUTSIDE_DOCS_ROOT',
    'UNKNOWN_NAMESPACE',
    'DRIFT_DETECTED',
    'UNSAFE_PATH',
    'UNSAFE_ACTION',
    'COLLISION',
    'UNKNOWN_ACTION',
    'APPLY_ERROR',
    'CONFIG_MISSING',
    'CONFIG_INVALID',
    'DOCS_ROOT_MISSING',
    'TEMPLATE_MISSING',
    'DOCTOR_PARSE_ERRORS',
    'DEEP_BUDGET_EXCEEDED',
    'GRAPH_RELATED_ID_ASYMMETRY',
    'WARNING',
  ],
};
const ALL = [...new Set(Object.values(REFERENCE).flat())].sort();

describe("explain knows the Python DocOps CLI's codes", () => {
  it("§3.1 lists the 58 ErrorCodes that tool's own explain covers", () => {
    expect(new Set(REFERENCE['§3.1 ErrorCode enum']).size).toBe(58);
  });

  it('the table holds exactly the reference codes docket does not share, each replacement a docket code', () => {
    const foreign = Object.keys(MEMINIT_CODES).sort();
    expect(foreign).toEqual(ALL.filter((c) => !(c in CODES)));
    for (const [code, spec] of Object.entries(MEMINIT_CODES)) {
      for (const replacement of spec.replacedBy) expect(CODES, `${code} -> ${replacement}`).toHaveProperty(replacement);
      expect(spec.docket.length, code).toBeGreaterThan(30);
    }
  });

  it.each(Object.entries(REFERENCE))('explains every code of %s, in JSON that matches the schema', async (_section, codes) => {
    for (const code of codes) {
      const r = await docket(['explain', code, '--json']);
      expect(r.exitCode, code).toBe(0);
      expectValidEnvelope(r.json, 'explain');
      expect(r.json!.data.code).toBe(code);
      expect(r.json!.data.origin).toBe(code in CODES ? 'docket' : 'meminit');
    }
  });

  it("says a foreign code is that tool's, how it used it, and what replaces it", async () => {
    const r = await docket(['explain', 'path_escape', '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'explain');
    expect(r.json!.data).toMatchObject({
      code: 'PATH_ESCAPE',
      origin: 'meminit',
      category: 'security',
      meminit: { kind: 'error', exit_code: 77 },
      replaced_by: ['PATH_OUTSIDE_ROOT', 'SYMLINK_REFUSED', 'OUTPUT_PATH_REFUSED'],
    });
    expect(r.json!.data.remediation.commands).toContain('docket explain PATH_OUTSIDE_ROOT');
    expect(r.json!.data).not.toHaveProperty('exit_code');
  });

  it('says where docket has no such feature, and what to use instead', async () => {
    const section = await docket(['explain', 'DUPLICATE_SECTION_ID', '--json']);
    expect(section.json!.data).toMatchObject({ origin: 'meminit', replaced_by: [] });
    expect(section.json!.data.remediation.action).toContain('does not read MEMINIT_SECTION markers');
    // A state code docket reports under its own name.
    const state = await docket(['explain', 'E_STATE_YAML_MALFORMED', '--json']);
    expect(state.json!.data).toMatchObject({ origin: 'meminit', replaced_by: ['STATE_YAML_MALFORMED'] });
    // docket has `protocol check|sync`: the asset codes are its own, under the same names.
    const protocol = await docket(['explain', 'PROTOCOL_ASSET_STALE', '--json']);
    expect(protocol.json!.data).toMatchObject({ origin: 'docket', kind: 'violation', exit_code: 1 });
    expect(protocol.json!.data.remediation.commands).toContain('docket protocol sync --apply');
    const write = await docket(['explain', 'PROTOCOL_SYNC_WRITE_FAILED', '--json']);
    expect(write.json!.data).toMatchObject({ origin: 'meminit', replaced_by: ['WRITE_FAILED', 'SYMLINK_REFUSED', 'PATH_OUTSIDE_ROOT'] });
  });

  it("--list marks them with origin meminit and their replacements, sorted among docket's", async () => {
    const r = await docket(['explain', '--list', '--json']);
    expectValidEnvelope(r.json, 'explain');
    const codes = r.json!.data.codes as { code: string; origin: string; replaced_by?: string[] }[];
    expect(codes.map((c) => c.code)).toEqual(codes.map((c) => c.code).sort());
    expect(codes.find((c) => c.code === 'CONFIG_MISSING')).toMatchObject({
      origin: 'meminit',
      replaced_by: ['CONFIG_NOT_FOUND', 'CONFIG_INVALID'],
    });
    expect(codes.find((c) => c.code === 'CONFIG_NOT_FOUND')).toMatchObject({ origin: 'docket', kind: 'error', exit_code: 66 });
    expect(codes.filter((c) => c.origin === 'meminit')).toHaveLength(Object.keys(MEMINIT_CODES).length);
    // capabilities keeps listing only the codes docket emits.
    const caps = await docket(['capabilities', '--json']);
    expect(caps.json!.data.codes.map((c: { code: string }) => c.code)).not.toContain('PATH_ESCAPE');
  });

  it('renders a foreign code in text, and suggests among both tables for a typo', async () => {
    const text = await docket(['explain', 'CONFIG_MISSING']);
    expect(text.stdout).toContain('a code of the Python DocOps CLI (meminit): error, exit 66 there');
    expect(text.stdout).toContain('docket: CONFIG_NOT_FOUND, CONFIG_INVALID');
    const list = await docket(['explain', '--list']);
    expect(list.stdout).toMatch(
      /^ {2}PATH_ESCAPE +meminit +A path resolves outside the root.* docket: PATH_OUTSIDE_ROOT, SYMLINK_REFUSED, OUTPUT_PATH_REFUSED$/m,
    );
    expect(list.stdout).toMatch(/^ {2}DUPLICATE_SECTION_ID +meminit .* docket: no such feature$/m);
    expect(list.stdout).toMatch(/^ {2}E_STATE_YAML_MALFORMED +meminit .* docket: STATE_YAML_MALFORMED$/m);
    const typo = await docket(['explain', 'PATH_ESCAP', '--json']);
    expect(typo.exitCode).toBe(64);
    expect(typo.json!.error.details.did_you_mean[0]).toBe('PATH_ESCAPE');
  });
});
