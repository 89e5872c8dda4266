import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { describe, expect, it } from 'vitest';
import { explanationOf, Lines, rangeOf, toDiagnostic } from '../../src/cli/lsp/diagnostics.js';
import { lineEdit } from '../../src/cli/lsp/text-edit.js';
import type { Finding } from '../../src/core/engine/model.js';

const finding = (over: Partial<Finding>): Finding => ({
  code: 'LINK_BROKEN',
  severity: 'error',
  message: 'Link target "x.md" does not exist.',
  ...over,
});

describe('findings as LSP diagnostics', () => {
  it('turns 1-based UTF-16 columns into 0-based characters and covers the token there', () => {
    const lines = new Lines('---\r\ntitle: x\r\n---\né😀 [x](missing.md) and [y](#nope)\n');
    // docket's column of "missing.md" counts é as one unit and 😀 as two (a surrogate pair).
    expect(rangeOf({ line: 4, column: 9 }, lines)).toEqual({ start: { line: 3, character: 8 }, end: { line: 3, character: 18 } });
    expect(rangeOf({ line: 4, column: 29 }, lines)).toEqual({ start: { line: 3, character: 28 }, end: { line: 3, character: 33 } });
    // CRLF: the carriage return is no part of the line.
    expect(rangeOf({ line: 2 }, lines)).toEqual({ start: { line: 1, character: 0 }, end: { line: 1, character: 8 } });
  });

  it('puts a finding without a line on the first line, and keeps stale positions inside the text', () => {
    const lines = new Lines('  # Title  \nbody');
    expect(rangeOf({}, lines)).toEqual({ start: { line: 0, character: 2 }, end: { line: 0, character: 9 } });
    expect(rangeOf({ line: 40, column: 90 }, lines)).toEqual({ start: { line: 1, character: 4 }, end: { line: 1, character: 4 } });
    expect(rangeOf({ line: 1, column: 1 }, new Lines(undefined))).toEqual({
      start: { line: 0, character: 0 },
      end: { line: 0, character: 0 },
    });
  });

  it("carries code, source, severity, the suggestion and `docket explain`'s text", () => {
    const d = toDiagnostic(
      finding({ line: 1, column: 1, suggestion: 'Fix the path.', fix: { kind: 'add-frontmatter' } }),
      new Lines('x.md'),
    );
    expect(d).toMatchObject({ code: 'LINK_BROKEN', source: 'docket', severity: 1, data: { fixable: true } });
    expect(d.message.startsWith('Link target "x.md" does not exist.\nFix the path.\n\ndocket explain LINK_BROKEN: ')).toBe(true);
    expect(d.message).toContain(`\n${explanationOf('LINK_BROKEN')!.split('\n')[1]}`);
    expect(toDiagnostic(finding({ severity: 'warning' }), new Lines('')).severity).toBe(2);
    expect(toDiagnostic(finding({ severity: 'info' }), new Lines('')).severity).toBe(3);
    expect(explanationOf('NOT_A_CODE')).toBeUndefined();
    // A finding about another file, shown on the config file: its place is named in the message.
    const elsewhere = toDiagnostic(finding({ path: 'docs/schema.json', line: 3, column: 7 }), new Lines('a: 1'), 'docs/schema.json');
    expect(elsewhere.message.startsWith('docs/schema.json:3:7: ')).toBe(true);
    expect(elsewhere.range).toEqual({ start: { line: 0, character: 0 }, end: { line: 0, character: 4 } });
  });
});

describe('the minimal edit between two texts', () => {
  it('replaces only the lines that differ', () => {
    expect(lineEdit('a\nb\nc\n', 'a\nb\nc\n')).toBeUndefined();
    expect(lineEdit('a\nb\nc\n', 'a\nB\nc\n')).toEqual({
      range: { start: { line: 1, character: 0 }, end: { line: 2, character: 0 } },
      newText: 'B\n',
    });
    expect(lineEdit('---\nx: 1\n---\n', '---\nx: 1\nowner: o\n---\n')).toEqual({
      range: { start: { line: 2, character: 0 }, end: { line: 2, character: 0 } },
      newText: 'owner: o\n',
    });
  });

  it('gives, applied, exactly the new text (any texts, CRLF and surrogate pairs included)', () => {
    const text = fc.array(fc.constantFrom('a', 'b', '\n', '\r\n', '\r', '😀', 'é', ' '), { maxLength: 30 }).map((p) => p.join(''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const edit = lineEdit(before, after);
        const applied = edit ? TextDocument.applyEdits(TextDocument.create('file:///x.md', 'markdown', 1, before), [edit]) : before;
        expect(applied).toBe(after);
      }),
      { numRuns: 3000 },
    );
  });
});
