import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { NamespaceConfig } from '../../src/core/config/types.js';
import { recordOf } from '../../src/core/engine/documents/read.js';
import { documentIdOf, idOfRecord, idOfUndecodable, scanIds } from '../../src/core/ids/next-id.js';
import { firstHeading, field } from '../../src/core/engine/documents/read.js';
import { documentSummary } from '../../src/core/usecases/context.js';
import { loadConfig } from '../../src/core/config/load.js';
import { tempDir, writeTree } from '../helpers/fixtures.js';

/**
 * `new` reads every governed document's ID, `context --deep` its ID, type, title and status.
 * Both decode and parse only the frontmatter when that settles the answer
 * (src/core/engine/documents/read-head.ts): it must be the one decoding the whole document gives,
 * for every encoding, fence and broken block.
 */
const ns = { name: 'main' } as NamespaceConfig;
const file = { rel: 'docs/a.md', namespace: ns };

/**
 * The ID (and unreadable problems) from the whole decoded document: what scanIds did before;
 * a document that does not decode (issue 38) still holds the ID its bytes carry.
 */
function whole(bytes: Buffer): { id?: string; problems: unknown[] } {
  const rec = recordOf(file.rel, ns, { kind: 'bytes', bytes, size: bytes.length, mtimeMs: 0 }, { digest: false });
  return { id: rec.text === undefined ? idOfUndecodable(bytes) : idOfRecord(rec), problems: rec.unreadable ? rec.problems : [] };
}

const LINES = [
  'document_id: ACME-ADR-001',
  'document_id: "ACME-ADR-002"',
  "document_id: 'ACME-ADR-003'",
  'document_id: 12',
  'document_id: 012',
  'document_id: 2024-01-01',
  'document_id:',
  'document_id: ""',
  'document_id: [a, b]',
  'document_id: &a ACME-ADR-004',
  'document_id: *a',
  'document_id: ACME-ADR-005 # note',
  'document_id:   ACME-ADR-006  ',
  'document_id: ACME-ADR-007\r',
  'document_id: acme-adr-8',
  'document_id: é',
  'title: é ü',
  'title: "unterminated',
  'title: Hello',
  'title: ""',
  'title:',
  'type: ADR',
  'status: Draft',
  'status: 12',
  'key: : bad',
  '  nested: 1',
  'a: 1',
  '# comment',
  '',
  'tags: [x',
  '- item',
  '? complex',
  'title: |',
  '  block',
];
// The common shapes several times over: most documents are well formed, the rest are every way of not being so.
// Leading blank lines or spaces and longer fences are frontmatter to the Python DocOps CLI (reference §5.2) and to docket.
const OPENERS = [
  '---\n',
  '---\n',
  '---\n',
  '---\n',
  '---\n',
  '---\r\n',
  '--- \n',
  '---js\n',
  '----\n',
  '',
  '---',
  '\n---\n',
  '---\t\n',
  '\n\n---\n',
  '\n\n\n\n---\n',
  ' ---\n',
  '\n \t----\n',
  '---__proto__\n',
  '\n---x\n',
];
const CLOSERS = [
  '---\n',
  '---\n',
  '---\n',
  '---\n',
  '---\n',
  '...\n',
  '---',
  '--- \t\n',
  '----\n',
  '---x\n',
  '',
  '---\r\n',
  '...',
  '-- -\n',
];
const BODY = [
  '# Title\n',
  '#   Spaced heading ##\n',
  '#NoSpace\n',
  'text\n',
  '---\n',
  '...\n',
  'é\n',
  'document_id: ACME-ADR-009\n',
  'plain --- text\n',
  '\n---\n---\n',
  '----\n',
  '  ---\n',
];
const PREFIXES = [[], [], [], [], [0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff]];
const SPOILERS = [[], [], [], [], [], [], [0], [0xff], [0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80]];

const documents = fc
  .record({
    prefix: fc.constantFrom(...PREFIXES),
    opener: fc.constantFrom(...OPENERS),
    id: fc.constantFrom('document_id: ACME-ADR-010\n', 'document_id: "ACME-ADR-011"\n', ''),
    title: fc.constantFrom('title: A title\n', 'title: A title\n', ''),
    lines: fc.array(fc.constantFrom(...LINES), { maxLength: 8 }),
    closer: fc.constantFrom(...CLOSERS),
    body: fc.array(fc.constantFrom(...BODY), { maxLength: 6 }),
    spoiler: fc.constantFrom(...SPOILERS),
    at: fc.nat(),
    eol: fc.constantFrom('\n', '\n', '\r\n', '\r'),
  })
  .map(({ prefix, opener, id, title, lines, closer, body, spoiler, at, eol }) => {
    let text = `${opener}${id}${title}${lines.join('\n')}${lines.length > 0 ? '\n' : ''}${closer}${body.join('')}`;
    if (eol !== '\n') text = text.replace(/\n/g, eol);
    const bytes = Buffer.from(text);
    const cut = bytes.length === 0 ? 0 : at % (bytes.length + 1);
    return Buffer.concat([Buffer.from(prefix), bytes.subarray(0, cut), Buffer.from(spoiler), bytes.subarray(cut)]);
  });

describe('the ID scan of new', () => {
  it('gives the ID decoding the whole document gives', () => {
    fc.assert(
      fc.property(documents, (bytes) => {
        expect(documentIdOf(file, { kind: 'bytes', bytes, size: bytes.length, mtimeMs: 0 })).toEqual(whole(bytes));
      }),
      { numRuns: 4_000 },
    );
  });

  it('gives the summary of context --deep that decoding the whole document gives', () => {
    fc.assert(
      fc.property(documents, (bytes) => {
        const raw = { kind: 'bytes' as const, bytes, size: bytes.length, mtimeMs: 0 };
        const rec = recordOf(file.rel, ns, raw, { digest: false });
        const summary = {
          document_id: field(rec, 'document_id') ?? null,
          path: file.rel,
          type: field(rec, 'type') ?? null,
          title: field(rec, 'title') ?? firstHeading(rec) ?? null,
          status: field(rec, 'status') ?? null,
        };
        expect(documentSummary(file, raw)).toEqual({ summary, problems: [] });
      }),
      { numRuns: 4_000 },
    );
  });

  it('reads a repository and gives the IDs that decoding each whole document gives, without warnings', async () => {
    const root = tempDir();
    const docs: Record<string, string | Buffer> = {
      'docops.config.yaml': 'docops_version: "2.0"\nproject_name: T\nrepo_prefix: ACME\ndocs_root: docs\n',
    };
    const sample = fc.sample(documents, { numRuns: 600, seed: 7 });
    sample.forEach((bytes, i) => (docs[`docs/d${String(i).padStart(4, '0')}.md`] = bytes));
    writeTree(root, docs);
    const { config } = await loadConfig(root);
    const expected = sample.map((b, i) => ({ id: whole(b).id, path: `docs/d${String(i).padStart(4, '0')}.md` })).filter((u) => u.id);
    const scan = await scanIds(config);
    expect(scan.uses).toEqual(expected.map((u) => ({ document_id: u.id, path: u.path })));
    expect(scan.unreadable).toEqual([]);
    expect(expected.length).toBeGreaterThan(100);
  });
});
