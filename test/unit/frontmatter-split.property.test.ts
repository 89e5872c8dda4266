import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFrontmatterYaml } from '../../src/core/frontmatter/parse.js';
import { splitFrontmatter } from '../../src/core/frontmatter/split.js';

// Python's str.isspace() characters: what str.strip() removes.
const PY_SPACE = ' \\t\\n\\r\\f\\v\\x1c-\\x1f\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000';

/**
 * python-frontmatter as the Python DocOps CLI uses it (reference §5.2): the text is stripped of
 * surrounding whitespace, must start with a line matching `^-{3,}\s*$`, and the block is what
 * lies before the next such line. Python's `$` matches only before "\n" (or at the end), so a
 * CR-only file has no such line. Returns the YAML between the fences, or undefined for none.
 */
function pythonFrontmatter(text: string): string | undefined {
  const stripped = text.replace(new RegExp(`^[${PY_SPACE}]+|[${PY_SPACE}]+$`, 'g'), '');
  const lines = stripped.split('\n');
  const fence = (line: string) => /^-{3,}[ \t\r\f\v]*$/.test(line);
  if (!fence(lines[0]!)) return undefined;
  const close = lines.findIndex((line, i) => i > 0 && fence(line));
  // The block keeps the line feed before the closing fence, as the split at the fence leaves it.
  return close === -1
    ? undefined
    : lines
        .slice(1, close)
        .map((line) => `${line}\n`)
        .join('');
}

const LEADING = ['', '', '', '\n', '\n\n', '  ', ' \t', '\n  \n ', '\r\n', '\u00a0\n', '\u3000'];
const FENCES = ['---', '---', '----', '-----', '--- ', '---\t'];
const YAML_LINES = [
  'document_id: ACME-ADR-001',
  'title: Use Postgres',
  'status: Approved',
  'version: "1.0"',
  'owner: me',
  'tags:',
  '  - a',
  '# note',
  '',
];
const BODY_LINES = ['# Title', 'text', '---', '----', '', 'a: b', '...'];
// What python-frontmatter never reads as an opener: docket refuses these rather than calling them "no frontmatter".
const BAD_OPENERS = ['---__proto__', '---js', '--- title: x', '---x y'];

const shaped = fc
  .record({
    leading: fc.constantFrom(...LEADING),
    opener: fc.oneof({ weight: 8, arbitrary: fc.constantFrom(...FENCES) }, { weight: 1, arbitrary: fc.constantFrom(...BAD_OPENERS) }),
    yaml: fc.array(fc.constantFrom(...YAML_LINES), { maxLength: 6 }),
    closer: fc.constantFrom(...FENCES, '...'),
    body: fc.array(fc.constantFrom(...BODY_LINES), { maxLength: 5 }),
    eol: fc.constantFrom('\n', '\n', '\r\n', '\r'),
  })
  .map(({ leading, opener, yaml, closer, body, eol }) => [leading, opener, ...yaml, closer, ...body, ''].join('\n').replace(/\n/g, eol));

/** The parsed data of a YAML text, for comparing blocks that differ only in surrounding blank lines. */
function dataOf(yaml: string): unknown {
  const parsed = parseFrontmatterYaml(yaml, 2);
  return parsed.ok ? parsed.value.data : parsed.problem.message;
}

describe('splitFrontmatter and python-frontmatter', () => {
  it('read the same block wherever python-frontmatter reads one, and docket never calls a refused opener "no frontmatter"', () => {
    let agreed = 0;
    fc.assert(
      fc.property(shaped, (text) => {
        const split = splitFrontmatter(text);
        const python = pythonFrontmatter(text);
        const start = text.search(new RegExp(`[^${PY_SPACE}]`));
        if (python !== undefined) {
          // docket also closes at `...`, which python-frontmatter leaves in the YAML: only then may the blocks differ.
          if (split.kind === 'ok' && !/^\.\.\.[ \t]*\r?$/m.test(python)) {
            expect(dataOf(split.yaml)).toEqual(dataOf(python));
            expect(text.slice(0, start)).toBe(text.slice(0, split.yamlOffset).match(new RegExp(`^[${PY_SPACE}]*`))![0]);
            agreed++;
          } else expect(split.kind).toBe('ok');
        } else if (start !== -1 && text.startsWith('---', start)) {
          expect(split.kind).not.toBe('none');
        }
        if (split.kind === 'ok') expect(text.slice(split.bodyOffset - 1, split.bodyOffset)).toMatch(/^\n?$/);
      }),
      { numRuns: Number(process.env.FC_RUNS ?? 4000) },
    );
    expect(agreed).toBeGreaterThan(1000);
  });

  it('refuses CR-only line endings, which python-frontmatter takes for no frontmatter', () => {
    const text = '\r---\rtitle: A\r---\r# A\r';
    expect(pythonFrontmatter(text)).toBeUndefined();
    expect(splitFrontmatter(text)).toEqual({ kind: 'malformed', reason: 'cr-line-endings', opener: '---', line: 1 });
  });
});
