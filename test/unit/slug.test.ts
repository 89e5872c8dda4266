import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SLUG_LENGTH, slugify } from '../../src/core/text/slug.js';

describe('slugify', () => {
  it.each([
    ['Use PostgreSQL for Storage', 'use-postgresql-for-storage'],
    ['Crème brûlée à la française', 'creme-brulee-a-la-francaise'],
    ['Straße, Ærø, Œuvre, Łódź, Þór', 'strasse-aero-oeuvre-lodz-thor'],
    ['ﬁnal ①', 'final-1'],
    ['R&D @ ACME + friends', 'r-and-d-at-acme-plus-friends'],
    ['../../../etc/shadow', 'etc-shadow'],
    ['C:\\Windows\\System32', 'c-windows-system32'],
    ['   ', 'untitled'],
    ['---', 'untitled'],
    ['Ωμέγα', 'untitled'],
  ])('%j -> %s', (title, slug) => {
    expect(slugify(title)).toBe(slug);
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('a-very-long-title '.repeat(10));
    expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
    expect(slug.endsWith('-')).toBe(false);
    expect(slugify('x'.repeat(100))).toBe('x'.repeat(60));
  });

  it('always yields a safe kebab-case name, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (title) => {
        const slug = slugify(title);
        expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(slug.length).toBeLessThanOrEqual(MAX_SLUG_LENGTH);
      }),
      { numRuns: 500 },
    );
  });
});
