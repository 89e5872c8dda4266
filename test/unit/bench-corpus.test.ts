import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: the benchmark generator is plain JavaScript
import { generateRepo } from '../../bench/generate.mjs';
// @ts-expect-error: the benchmark's helpers are plain JavaScript
import { mapLinks, withoutLinks } from '../../bench/links.mjs';
// @ts-expect-error: the benchmark's helpers are plain JavaScript
import { checkRails, railsSection } from '../../bench/rails.mjs';
// @ts-expect-error: the benchmark's helpers are plain JavaScript
import { slug } from '../../bench/corpus.mjs';
import { documents } from '../helpers/edits.js';
import { tempDir } from '../helpers/fixtures.js';

function generated(docs: number, seed: number): Map<string, string> {
  const root = path.join(tempDir(), 'r');
  generateRepo(root, { docs, seed, violations: 0 });
  return new Map(documents(root).map((rel) => [rel, readFileSync(path.join(root, rel), 'utf8')]));
}

describe('the benchmark corpus', () => {
  it('is the same for the same seed, and another for another seed', () => {
    const a = generated(40, 3);
    expect([...generated(40, 3)]).toEqual([...a]);
    expect([...generated(40, 4).values()]).not.toEqual([...a.values()]);
  });

  it('holds the constructs of real documents in the proportions corpus.mjs states', () => {
    const bodies = [...generated(400, 1).values()].map((t) => t.replace(/^---\n[\s\S]*?\n---\n/, ''));
    const share = (re: RegExp) => bodies.filter((b) => re.test(b)).length / bodies.length;
    const shares = {
      fenced: share(/^ {0,3}(```|~~~)/m),
      tilde: share(/^ {0,3}~~~/m),
      table: share(/^\| --- \| :---: \| ---: \|$/m),
      history: share(/^## Version History$/m),
      marker: share(/^<!-- DOCKET_METADATA_BLOCK -->\n\n> \*\*Document ID:\*\*/m),
      nested: share(/^ {2,3}- /m),
      comment: share(/<!--(?! DOCKET)/),
      definition: share(/^\[(?!guide\])[a-z0-9-]+\]: [\w./-]+\.md/m),
      indented: share(/\n\n {4}\S/),
      anchorLink: share(/\]\([^)\s#]+\.md#[^)\s]+/),
    };
    const expected = {
      fenced: [0.42, 0.64],
      tilde: [0.05, 0.25],
      table: [0.35, 0.55],
      history: [0.78, 0.92],
      marker: [0.84, 0.96],
      nested: [0.45, 0.7],
      comment: [0.17, 0.33],
      definition: [0.09, 0.22],
      indented: [0.01, 0.1],
      anchorLink: [0.5, 1],
    };
    for (const [name, [lo, hi]] of Object.entries(expected)) {
      expect(shares[name as keyof typeof shares], name).toBeGreaterThanOrEqual(lo!);
      expect(shares[name as keyof typeof shares], name).toBeLessThanOrEqual(hi!);
    }
  });

  it('slugs headings as GitHub does', () => {
    expect(
      [
        'Compatibility & Versioning',
        'Step 1: drain the `consumer` group',
        'Q1 2026 (pilot)',
        'Décision d’architecture',
        'Why does `npm ci` fail?',
      ].map(slug),
    ).toEqual([
      'compatibility--versioning',
      'step-1-drain-the-consumer-group',
      'q1-2026-pilot',
      'décision-darchitecture',
      'why-does-npm-ci-fail',
    ]);
  });
});

describe('link edits of generated documents', () => {
  const text = 'See [a](../x/a.md#h "T") and [b](b.md), [c][k] and [k].\n\n[k]: ../x/a.md#z "Title"\n[j]: b.md\n';

  it('drop inline links and reference definitions', () => {
    expect(withoutLinks(text)).toBe('See [a] and [b], [c][k] and [k].\n\n\n\n');
  });

  it('point the links to one file elsewhere, keeping anchors and titles', () => {
    expect(mapLinks(text, (t: string) => (t === '../x/a.md' ? '../y/n.md' : t))).toBe(
      'See [a](../y/n.md#h "T") and [b](b.md), [c][k] and [k].\n\n[k]: ../y/n.md#z "Title"\n[j]: b.md\n',
    );
  });
});

describe("the benchmark report's guard rails", () => {
  const MB = 1048576;
  const rows = [
    { size: '-', scenario: 'docket --version', median: 60, ratio: 1.6, rss: 50 * MB },
    { size: 10000, scenario: 'check (clean, cold)', median: 2000, ratio: 4, rss: 200 * MB },
    { size: 10000, scenario: 'index cold', median: 999, rss: 200 * MB },
    { size: 10000, scenario: 'index no change', median: 300, rss: 100 * MB },
    { size: 10000, scenario: 'index after a removal', na: 'no new command' },
  ];

  it('say which held, which failed and which were not measured', () => {
    const verdicts = Object.fromEntries(
      checkRails(rows).map((r: { size: unknown; scenario: string; measure: string; held: boolean | undefined }) => [
        `${r.size} ${r.scenario} ${r.measure}`,
        r.held,
      ]),
    );
    expect(verdicts).toMatchObject({
      '- docket --version ratio': false,
      '10000 check (clean, cold) ratio': true, // at most 4x: 4 holds
      '100000 check (clean, cold) ratio': undefined,
      '10000 index cold ms': true,
      '10000 index no change ms': false, // under 0.3 s: 300 ms does not
      '10000 index after a removal ms': undefined,
      '- docket context --format json ratio': undefined,
    });
  });

  it('read the rows of builds without a check cache', () => {
    const older = checkRails([{ size: 10000, scenario: 'check (clean)', median: 3000, ratio: 5, rss: 300 * MB }]);
    expect(older.find((r: { size: unknown; measure: string }) => r.size === 10000 && r.measure === 'ratio').held).toBe(false);
  });

  it('are a section of the report', () => {
    const section = railsSection(rows).join('\n');
    expect(section).toContain('2 held, 2 failed, 8 not measured');
    expect(section).toContain('| 10000 | index no change | < 300 ms | 300 ms | **FAILED** |');
    expect(section).toContain('| 100000 | check --format ndjson (cold) | < 256 MB peak RSS | - | not measured |');
  });
});
