import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseWithYaml } from '../../src/core/frontmatter/parse.js';

const pieces = [
  'title: ',
  'status: Draft',
  '"',
  "'",
  '[',
  ']',
  '{',
  '}',
  'a: b',
  '  - x',
  '# c',
  ': ',
  '\n',
  '\n',
  'owner: "x"',
  'tags: [a, b]',
  '*alias',
  '&anchor ',
  '!!str ',
  '- ',
];

describe('YAML errors', () => {
  it('never throw, and name a line of the frontmatter', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), fc.integer({ min: 1, max: 5 }), (parts, firstLine) => {
        const yaml = parts.join('');
        const r = parseWithYaml(yaml, firstLine);
        if (r.ok) return;
        expect(r.problem.line).toBeGreaterThanOrEqual(firstLine);
        expect(r.problem.line).toBeLessThanOrEqual(firstLine + yaml.split('\n').length);
        expect(r.problem.message).not.toMatch(/quote$/);
      }),
      { numRuns: 2000 },
    );
  });
});
