import { describe, expect, it } from 'vitest';
import { htmlUnescaped } from '../../src/core/index/lookup-meminit.js';
import { htmlEscaped, pythonJson } from '../../src/core/index/meminit-artifact.js';

describe("the Python DocOps CLI's artifact text (reference §7.1, §2.3)", () => {
  it("is what Python's json.dumps(indent=2, sort_keys=True) writes, with a final newline", () => {
    // The expected text was printed by Python 3 for the same value.
    const value = JSON.parse('{"b":["café","😀","\\u2028","\\u007f","\\u0001\\t\\"\\\\/"],"a":{"__proto__":1,"z":null,"y":[]},"c":{}}');
    const python =
      '{\n  "a": {\n    "__proto__": 1,\n    "y": [],\n    "z": null\n  },\n  "b": [\n    "caf\\u00e9",\n    "\\ud83d\\ude00",\n    "\\u2028",\n    "\\u007f",\n    "\\u0001\\t\\"\\\\/"\n  ],\n  "c": {}\n}\n';
    expect(pythonJson(value)).toBe(python);
  });

  it('HTML-escapes titles and owners as that tool does', () => {
    expect(htmlEscaped('Don\'t <break> "R&D"')).toBe('Don&#x27;t &lt;break&gt; &quot;R&amp;D&quot;');
    expect(htmlEscaped(null)).toBeNull();
  });

  it('lookups undo the escaping exactly, entities written literally included', () => {
    for (const s of ['Don\'t <break> "R&D"', '&lt; is written &amp;lt;', '&#x27;&quot;', 'plain'])
      expect(htmlUnescaped(htmlEscaped(s))).toBe(s);
  });
});
