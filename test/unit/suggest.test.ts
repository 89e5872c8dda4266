import { describe, expect, it } from 'vitest';
import { closest, didYouMean, editDistance } from '../../src/core/text/suggest.js';

describe('suggestions', () => {
  it('computes bounded edit distances', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('abc', 'abc')).toBe(0);
    expect(editDistance('a', 'abcdefgh', 2)).toBe(3);
  });

  it('suggests the nearest candidates, case-insensitively and deterministically', () => {
    expect(didYouMean('schema_paht', ['schema_path', 'docs_root', 'index_path'])).toBe('schema_path');
    expect(didYouMean('CONTXT', ['context', 'check'])).toBe('context');
    expect(didYouMean('zzzzzz', ['context', 'check'])).toBeUndefined();
    expect(closest('chek', ['check', 'cheek', 'chuck'], 3)).toEqual(['check', 'cheek']);
  });
});
