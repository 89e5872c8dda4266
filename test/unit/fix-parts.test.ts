import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kebabName } from '../../src/core/engine/rules/placement.js';
import { repairId } from '../../src/core/engine/rules/ids.js';
import { repairValue } from '../../src/core/engine/rules/schema.js';
import { normalizeMetadata } from '../../src/core/engine/documents/normalize.js';
import { parseFrontmatterYaml } from '../../src/core/frontmatter/parse.js';
import { splitFrontmatter } from '../../src/core/frontmatter/split.js';
import { renameDiff, unifiedDiff } from '../../src/core/fix/diff.js';
import { applyFieldEdits, prependFrontmatter, yamlScalar } from '../../src/core/fix/edit.js';
import { renameNoReplace } from '../../src/core/fix/rename.js';
import { todayIso } from '../../src/core/dates.js';
import { isCalendarDate } from '../../src/core/fix/values.js';
import { IdAllocator } from '../../src/core/ids/in-memory.js';
import { tempDir } from '../helpers/fixtures.js';

const schema = JSON.parse(readFileSync(new URL('../../schemas/metadata.schema.json', import.meta.url), 'utf8')) as Record<string, unknown>;

function parsed(yaml: string) {
  const r = parseFrontmatterYaml(yaml, 2);
  if (!r.ok) throw new Error(r.problem.message);
  return r.value;
}

describe('normalisation before validation', () => {
  it('turns unquoted versions into the MAJOR.MINOR strings the schema wants, keeping source digits', () => {
    const { metadata, normalized } = normalizeMetadata(
      parsed('version: 1\ndocops_version: 2.0\ntemplate_version: 1.10\nlast_updated: 2026-01-31T10:00:00Z\ntitle: 123\n'),
      schema,
    );
    // A number where the schema wants text is read as written too, but with a warning (see scalar-rule.test.ts).
    expect(metadata).toEqual({ version: '1.0', docops_version: '2.0', template_version: '1.10', last_updated: '2026-01-31', title: '123' });
    expect(normalized.map((n) => [n.field, n.mismatch !== undefined])).toEqual([
      ['version', false],
      ['docops_version', false],
      ['template_version', false],
      ['last_updated', false],
      ['title', true],
    ]);
  });

  it('follows the repository schema: a pattern without a minor keeps "1"', () => {
    const custom = { properties: { version: { type: 'string', pattern: '^\\d+$' } } };
    expect(normalizeMetadata(parsed('version: 1\n'), custom).metadata.version).toBe('1');
    expect(normalizeMetadata(parsed('version: 1\n'), { properties: { version: { type: 'number' } } }).metadata.version).toBe(1);
  });

  it('leaves metadata that needs nothing as the parse made it, and still normalises what does', () => {
    const plain = parsed('document_id: ACME-ADR-001\nversion: "1.0"\nlast_updated: 2026-01-31\ntitle: A title\n');
    const same = normalizeMetadata(plain, schema);
    expect(same.metadata).toEqual({ document_id: 'ACME-ADR-001', version: '1.0', last_updated: '2026-01-31', title: 'A title' });
    expect(same.normalized).toEqual([]);
    // A timestamp is longer than a date; a long string that is none stays too.
    expect(normalizeMetadata(parsed('last_updated: 2026-01-31 10:00\n'), schema).metadata.last_updated).toBe('2026-01-31');
    expect(normalizeMetadata(parsed('last_updated: next week, maybe\n'), schema).metadata.last_updated).toBe('next week, maybe');
  });

  it('never rolls over invalid dates, and keeps __proto__ as data', () => {
    const { metadata } = normalizeMetadata(parsed('last_updated: 2026-02-30\n__proto__: x\n'), schema);
    expect(metadata.last_updated).toBe('2026-02-30');
    expect(Object.keys(metadata)).toEqual(['last_updated', '__proto__']);
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2100-02-29')).toBe(false);
  });
});

describe('unambiguous repairs', () => {
  const prop = (key: string) => (schema.properties as Record<string, object>)[key] as never;
  it('repairs enums, dates, versions, types and IDs only when one answer fits', () => {
    expect(repairValue('status', 'in-review', prop('status'))).toBe('In Review');
    expect(repairValue('status', 'drafty', prop('status'))).toBeUndefined();
    expect(repairValue('last_updated', '2026/1/5', prop('last_updated'))).toBe('2026-01-05');
    expect(repairValue('last_updated', '2026-2-30', prop('last_updated'))).toBeUndefined();
    expect(repairValue('last_updated', '05/01/2026', prop('last_updated'))).toBeUndefined();
    expect(repairValue('version', 'v2', prop('version'))).toBe('2.0');
    expect(repairValue('version', '1.2.3', prop('version'))).toBeUndefined();
    expect(repairValue('type', 'governance', prop('type'))).toBe('GOV');
    expect(repairId('acme-adr-7')).toBe('ACME-ADR-007');
    expect(repairId('ACME-ADR-0007')).toBeUndefined();
  });

  it('allocates the next ID after the highest for a prefix and type', () => {
    const ids = new IdAllocator(['ACME-ADR-001', 'ACME-ADR-007', 'ACME-PRD-003', 'OTHER-ADR-050']);
    expect(ids.next('ACME', 'ADR')).toBe('ACME-ADR-008');
    expect(ids.next('ACME', 'ADR')).toBe('ACME-ADR-009');
    expect(ids.next('ACME', 'SPEC')).toBe('ACME-SPEC-001');
    expect(new IdAllocator(['ACME-ADR-999']).next('ACME', 'ADR')).toBeUndefined();
    expect(ids.next('acme', 'ADR')).toBeUndefined();
  });

  it('a claim holds its own number only, not the numbers below it', () => {
    const ids = new IdAllocator(['ACME-ADR-002'], ['ACME-ADR-999', 'ACME-ADR-003', 'ACME-ADR-001']);
    expect(ids.next('ACME', 'ADR')).toBe('ACME-ADR-004');
    expect(ids.next('ACME', 'ADR')).toBe('ACME-ADR-005');
    expect(new IdAllocator([], ['ACME-ADR-999']).next('ACME', 'ADR')).toBe('ACME-ADR-001');
    expect(new IdAllocator(['ACME-ADR-998'], ['ACME-ADR-999']).next('ACME', 'ADR')).toBeUndefined();
  });

  it('kebab-cases file names', () => {
    expect(kebabName('ADR_001 Use Postgres.md')).toBe('adr-001-use-postgres.md');
    expect(kebabName('Café--Notes!.MD')).toBe('cafe-notes.md');
    expect(kebabName('___.md')).toBe('doc.md');
  });
});

describe('frontmatter edits', () => {
  it('quotes only what a YAML reader could misread', () => {
    expect(
      [
        'Draft',
        'In Review',
        'ACME-ADR-001',
        '__TBD__',
        'Über uns',
        '0.1',
        '2026-01-31',
        'yes',
        'a: b',
        'x # y',
        "It's",
        ' pad',
        'ctl\u0007',
        'del\u007f',
      ].map(yamlScalar),
    ).toEqual([
      'Draft',
      'In Review',
      'ACME-ADR-001',
      '__TBD__',
      'Über uns',
      '"0.1"',
      '"2026-01-31"',
      '"yes"',
      '"a: b"',
      '"x # y"',
      '"It\'s"',
      '" pad"',
      '"ctl\\u0007"',
      '"del\\u007f"',
    ]);
  });

  it('sets values in place and adds keys before the closing fence, touching nothing else', () => {
    const text = "---\r\nstatus: draft # keep\r\nempty:\r\ntitle: 'x'\r\n---\r\nbody\r\n";
    const split = splitFrontmatter(text);
    if (split.kind !== 'ok') throw new Error('split');
    const fm = parseFrontmatterYaml(split.yaml, 2);
    if (!fm.ok) throw new Error('parse');
    const out = applyFieldEdits(
      text,
      split,
      fm.value,
      [
        { field: 'status', op: 'set', to: 'Draft' },
        { field: 'empty', op: 'set', to: '0.1' },
        { field: 'owner', op: 'add', to: 'Team' },
      ],
      '\r\n',
    );
    expect(out).toBe('---\r\nstatus: Draft # keep\r\nempty: "0.1"\r\ntitle: \'x\'\r\nowner: Team\r\n---\r\nbody\r\n');
    const block = parsed('list:\n  - a\n');
    expect(
      applyFieldEdits(
        '---\nlist:\n  - a\n---\n',
        splitFrontmatter('---\nlist:\n  - a\n---\n') as never,
        block,
        [{ field: 'list', op: 'set', to: 'x' }],
        '\n',
      ),
    ).toBeUndefined();
    expect(prependFrontmatter('# T', [['title', 'T']], '\n')).toBe('---\ntitle: T\n---\n# T');
    // A flow mapping cannot take a line before the fence: refused rather than turned into invalid YAML.
    const flow = '---\n{title: Flow}\n---\n';
    expect(
      applyFieldEdits(
        flow,
        splitFrontmatter(flow) as never,
        parsed('{title: Flow}\n'),
        [{ field: 'status', op: 'add', to: 'Draft' }],
        '\n',
      ),
    ).toBeUndefined();
  });
});

describe('diffs', () => {
  it('are unified diffs with context, CRLF kept and a missing final newline marked', () => {
    expect(unifiedDiff('a\nb\nc\n', 'a\nB\nc\n', 'x.md')).toBe(
      'diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n',
    );
    expect(unifiedDiff('a\r\nb', 'a\r\nc', 'x.md')).toBe(
      'diff --git a/x.md b/x.md\n--- a/x.md\n+++ b/x.md\n@@ -1,2 +1,2 @@\n a\r\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n',
    );
    expect(unifiedDiff('', 'x\n', 'n.md')).toBe('diff --git a/n.md b/n.md\n--- a/n.md\n+++ b/n.md\n@@ -0,0 +1,1 @@\n+x\n');
    const long = Array.from({ length: 20 }, (_, i) => `l${i}\n`).join('');
    const changed = long.replace('l1\n', 'L1\n').replace('l18\n', 'L18\n');
    expect(unifiedDiff(long, changed, 'x.md').match(/^@@/gm)).toHaveLength(2);
    expect(unifiedDiff('same', 'same', 'x.md')).toBe('');
    expect(renameDiff('A.md', 'a.md')).toContain('rename from A.md\nrename to a.md\n');
  });
});

describe('renameNoReplace', () => {
  it('never replaces another file, refuses links and paths outside the root, handles case-only renames', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'd'));
    writeFileSync(path.join(root, 'd/A.md'), 'a');
    writeFileSync(path.join(root, 'd/b.md'), 'b');
    await expect(renameNoReplace(root, 'd/A.md', 'd/b.md')).rejects.toMatchObject({ code: 'FILE_EXISTS' });
    await expect(renameNoReplace(root, 'd/A.md', '../x.md')).rejects.toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    const mode = statSync(path.join(root, 'd/A.md')).mode;
    await renameNoReplace(root, 'd/A.md', 'd/a.md');
    expect(readFileSync(path.join(root, 'd/a.md'), 'utf8')).toBe('a');
    expect(statSync(path.join(root, 'd/a.md')).mode).toBe(mode);
    expect(readFileSync(path.join(root, 'd/b.md'), 'utf8')).toBe('b');
  });
});

describe('today', () => {
  it('today is the local date unless DOCKET_TODAY pins it', () => {
    expect(todayIso(new Date(2026, 0, 5, 23, 59), {})).toBe('2026-01-05');
    expect(todayIso(new Date(), { DOCKET_TODAY: '2024-02-29' })).toBe('2024-02-29');
    expect(() => todayIso(new Date(), { DOCKET_TODAY: 'tomorrow' })).toThrow(/DOCKET_TODAY/);
  });
});
