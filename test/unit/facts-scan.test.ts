import { describe, expect, it } from 'vitest';
import { factsMentioning } from '../../src/core/index/facts-scan.js';
import type { DocFacts } from '../../src/core/index/facts.js';
import { random } from '../helpers/edits.js';

/** Facts as a full build writes them, with paths in links, titles and messages, quotes and braces in strings. */
function generated(seed: number, count: number): DocFacts[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const paths = ['docs/a.md', 'docs/b c.md', 'docs/"q".md', 'docs/é.md', 'docs/x/{"links":y}.md', 'docs/z.md'];
  return Array.from({ length: count }, (_, i): DocFacts => {
    const links = [...new Set(Array.from({ length: Math.floor(next() * 3) }, () => pick(paths)))].sort();
    if (next() < 0.2) return { links, skip: { code: 'ID_REGEX', message: `see "${pick(paths)}" },{"links":[` } };
    return {
      links,
      node: { document_id: `A-B-${i}`, type: 'ADR', title: next() < 0.3 ? `About ${pick(paths)}` : 'T', status: null, owner: null, version: null, last_updated: null, area: null, description: null, keywords: [], related_ids: [], superseded_by: null },
    };
  });
}

describe('factsMentioning: the facts file entries that hold a string, without parsing the file', () => {
  it('finds exactly the entries whose JSON holds the string, parsed as JSON.parse gives them', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const facts = generated(seed, 1 + (seed % 17) * 3);
      const bytes = Buffer.from(JSON.stringify(facts));
      for (const value of ['docs/a.md', 'docs/"q".md', 'docs/é.md', 'docs/x/{"links":y}.md', 'docs/none.md']) {
        const found = factsMentioning(bytes, [value], facts.length);
        const expected = new Map(facts.flatMap((f, k) => (JSON.stringify(f).includes(JSON.stringify(value)) ? [[k, f] as const] : [])));
        expect(found, `seed ${seed}, ${value}`).toEqual(expected);
      }
    }
  });

  it('refuses a file that is not the array it should be', () => {
    const facts = generated(3, 5);
    const text = JSON.stringify(facts);
    expect(factsMentioning(Buffer.from(text), ['docs/a.md'], 4)).toBeUndefined();
    expect(factsMentioning(Buffer.from(`${text}\n`), ['docs/a.md'], 5)).toBeUndefined();
    expect(factsMentioning(Buffer.from(JSON.stringify(facts, null, 1)), ['docs/a.md'], 5)).toBeUndefined();
    expect(factsMentioning(Buffer.from('[]'), ['docs/a.md'], 0)).toEqual(new Map());
    expect(factsMentioning(Buffer.from(text.replace('"links":', '"links" :')), ['docs/a.md'], 5)).toBeUndefined();
  });
});
