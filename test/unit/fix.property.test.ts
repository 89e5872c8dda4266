import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatterYaml } from '../../src/core/frontmatter/parse.js';
import { splitFrontmatter } from '../../src/core/frontmatter/split.js';
import { runFix } from '../../src/core/usecases/fix.js';
import { repo } from '../helpers/docs.js';

const cmd = (c: string) => `docket ${c}`;
const env = { DOCKET_TODAY: '2026-03-03' };

const FIELDS: Record<string, fc.Arbitrary<string>> = {
  document_id: fc.constantFrom('ACME-ADR-001', 'acme-adr-2', 'ACME-ADR-1', 'ACME-PRD-004'),
  type: fc.constantFrom('ADR', 'adr', 'PRD'),
  title: fc.constantFrom('A Title', "'Quoted: yes'", '"Über"', ''),
  status: fc.constantFrom('Draft', 'draft', 'in review', 'Approved', 'bogus'),
  version: fc.constantFrom('"0.1"', '1', '2.0', 'v3', '"1.2.3"'),
  last_updated: fc.constantFrom('"2026-01-31"', '2026-01-31', '2026/1/5', '2026-02-30'),
  owner: fc.constantFrom('Platform Team', '', '"__TBD__"'),
  docops_version: fc.constantFrom('"2.0"', '2'),
  tags: fc.constantFrom('[a, b]', '\n  - x\n  - y'),
};

/** Body text: Markdown-ish lines, unicode, stray CRs, links, code; never a frontmatter opener. */
const bodyLine = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom(
    '# Heading',
    '## Sub heading',
    '```',
    '---',
    '[link](missing.md)',
    '`code`',
    '  trailing  ',
    'caf\u00e9 \u{1F600}',
    '\r',
    '\t- item',
    '<!-- c -->',
    'key: value',
  ),
);

const document = fc.record({
  eol: fc.constantFrom('\n', '\r\n'),
  bom: fc.boolean(),
  frontmatter: fc.oneof(
    fc.constant<null>(null),
    fc
      .subarray(Object.keys(FIELDS))
      .chain((keys) => fc.tuple(...keys.map((k) => FIELDS[k]!.map((v) => `${k}:${v.startsWith('\n') ? '' : ' '}${v}`)))),
  ),
  comment: fc.boolean(),
  body: fc.array(bodyLine, { maxLength: 12 }),
  finalNewline: fc.boolean(),
  name: fc.constantFrom('adr-010-doc.md', 'Some Doc.md', 'UPPER.md', 'x_y.md'),
});

type Doc = typeof document extends fc.Arbitrary<infer T> ? T : never;

function render(d: Doc): { text: string; body: string } {
  let body = d.body.join(d.eol) + (d.finalNewline ? d.eol : '');
  if (d.frontmatter === null && /^---/.test(body)) body = `x${body}`;
  const fmLines = d.frontmatter === null ? null : [...(d.comment ? ['# a comment'] : []), ...d.frontmatter].join('\n').split('\n');
  const head = fmLines === null ? '' : `---${d.eol}${fmLines.map((l) => `${l}${d.eol}`).join('')}---${d.eol}`;
  return { text: `${d.bom ? '\uFEFF' : ''}${head}${body}`, body };
}

/** The one document, wherever fix put it (a document of another type moves to its type's directory). */
function only(root: string): string {
  const docs = path.join(root, 'docs');
  const names = (readdirSync(docs, { recursive: true }) as string[]).filter((n) => n.endsWith('.md') && !n.startsWith('00-governance'));
  expect(names).toHaveLength(1);
  return path.join(docs, names[0]!);
}

describe('fix --apply (property)', () => {
  it('is idempotent and never changes the body, the BOM, the line endings or untouched frontmatter lines', async () => {
    await fc.assert(
      fc.asyncProperty(document, async (d) => {
        const { text, body } = render(d);
        const root = repo({ [`docs/45-adr/${d.name}`]: text });
        const first = await runFix(root, { apply: true, env, now: new Date(), cmd });
        const file = only(root);
        const after = readFileSync(file, 'utf8');
        // BOM kept (or not added)
        expect(after.startsWith('\uFEFF')).toBe(d.bom);
        const stripped = d.bom ? after.slice(1) : after;
        const split = splitFrontmatter(stripped);
        const originalSplit = splitFrontmatter(d.bom ? text.slice(1) : text);
        if (originalSplit.kind === 'ok' || originalSplit.kind === 'none') {
          // the body after the frontmatter is byte-identical, but for the link destinations of a
          // file moved to another directory (they keep pointing where they pointed)
          const moved = first.data.changes.some((c) => c.action === 'rename' && path.posix.dirname(c.path) !== path.posix.dirname(c.to!));
          const links = (s: string) => (moved ? s.replace(/\]\([^)]*\)/g, '](…)') : s);
          expect(links(split.kind === 'ok' ? stripped.slice(split.bodyOffset) : stripped)).toBe(
            links(originalSplit.kind === 'ok' ? text.slice(d.bom ? 1 : 0).slice(originalSplit.bodyOffset) : body),
          );
        } else {
          expect(after).toBe(text); // invalid frontmatter is never touched
        }
        if (originalSplit.kind === 'ok' && split.kind === 'ok') {
          // every original frontmatter line that fix did not edit is still there, in order
          const edited = new Set(first.data.changes.flatMap((c) => (c.fields ?? []).filter((f) => f.op === 'set').map((f) => f.field)));
          const kept = originalSplit.yaml.split(d.eol).filter((l) => !edited.has(l.split(':')[0]!));
          const now = split.yaml.split(d.eol);
          let i = 0;
          for (const line of now) if (line === kept[i]) i++;
          expect(i).toBe(kept.length);
          // inserted lines use the file's line ending
          if (d.eol === '\n') expect(split.yaml.includes('\r')).toBe(originalSplit.yaml.includes('\r'));
        }
        // a parseable frontmatter stays parseable, and every required field fix could fill is there
        // (a file without a block but with a look-alike near its top is left to a person, untouched)
        if (originalSplit.kind === 'none' && originalSplit.near) expect(after).toBe(text);
        const wasValid =
          (originalSplit.kind === 'none' && !originalSplit.near) ||
          (originalSplit.kind === 'ok' && parseFrontmatterYaml(originalSplit.yaml, 2).ok);
        if (wasValid) {
          expect(first.violations.map((v) => v.code)).not.toContain('FRONTMATTER_INVALID');
          expect(first.violations.map((v) => v.code)).not.toContain('FRONTMATTER_MISSING');
        }
        // every value fix wrote reads back as written, and nothing fixable is left
        if (split.kind === 'ok') {
          const data = (parseFrontmatterYaml(split.yaml, 2) as { ok: true; value: { data: Record<string, unknown> } }).value.data;
          for (const change of first.data.changes) for (const f of change.fields ?? []) expect(data[f.field]).toBe(f.to);
        }
        expect([...first.violations, ...first.warnings].filter((f) => f.fixable)).toEqual([]);
        const mode = statSync(file).mode;
        const second = await runFix(root, { apply: true, env, now: new Date(), cmd });
        expect(second.data.changes).toEqual([]);
        expect(readFileSync(only(root), 'utf8')).toBe(after);
        expect(statSync(only(root)).mode).toBe(mode);
      }),
      // Found by a random seed: a file moved into its type's directory under a name its new ID contradicts.
      {
        numRuns: 40,
        examples: [
          [
            {
              eol: '\n',
              bom: false,
              frontmatter: ['type: PRD'],
              comment: false,
              body: [],
              finalNewline: false,
              name: 'adr-010-doc.md',
            } as never,
          ],
          [
            {
              eol: '\n',
              bom: false,
              frontmatter: ['document_id: ACME-ADR-001', 'type: PRD', 'status: Draft', 'version: "0.1"', 'last_updated: "2026-01-31"'],
              comment: false,
              body: ['[link](missing.md)'],
              finalNewline: false,
              name: 'adr-010-doc.md',
            } as never,
          ],
        ],
      },
    );
  });
});
