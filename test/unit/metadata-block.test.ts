import { describe, expect, it } from 'vitest';
import { metadataBlockRows } from '../../src/core/markdown/metadata-block.js';

const FM = '---\ndocument_id: A-1\n---\n';
const rowsOf = (body: string) => metadataBlockRows(FM + body, FM.length, 4);
const fields = (body: string) => rowsOf(body)?.map((r) => [r.line, r.field, r.shown]);

describe('metadataBlockRows', () => {
  it('reads the blockquote under a marker, after blank lines, up to its first other line', () => {
    const body = '\n<!-- DOCKET_METADATA_BLOCK -->\n\n> **Document ID:** A-1\n> **Status:** Draft  \n> **Other:** x\n\n> **Owner:** late\n';
    expect(fields(body)).toEqual([
      [7, 'document_id', 'A-1'],
      [8, 'status', 'Draft'],
    ]);
    expect(rowsOf(body)![1]).toMatchObject({ text: '> **Status:** Draft  ', before: '> **Status:** ', after: '  ' });
  });

  it('finds the marker line among lines that only mention it, and not a marker in a longer line', () => {
    expect(fields('See DOCKET_METADATA_BLOCK below.\n<!-- x --> <!-- DOCKET_METADATA_BLOCK -->\n> **Owner:** o\n')).toBeUndefined();
    expect(fields('See DOCKET_METADATA_BLOCK below.\n <!--MEMINIT_METADATA_BLOCK--> \n> **Owner:** o\n')).toEqual([[6, 'owner', 'o']]);
  });

  it('takes a blockquote at the top without a marker only with a Document ID row', () => {
    expect(fields('\n> **Owner:** o\n> **Document ID:** A-1\n')).toEqual([
      [5, 'owner', 'o'],
      [6, 'document_id', 'A-1'],
    ]);
    expect(fields('\n> **Owner:** o\n')).toBeUndefined();
    expect(fields('Text first.\n> **Document ID:** A-1\n')).toBeUndefined();
  });

  it('leaves out the CR of CRLF lines', () => {
    const rows = rowsOf('<!-- DOCKET_METADATA_BLOCK -->\r\n\r\n> **Version:** 1.0\r\n> **Title:** T\r\n');
    expect(rows?.map((r) => r.text)).toEqual(['> **Version:** 1.0', '> **Title:** T']);
  });

  it('looks at the first 400 lines of the body only', () => {
    const block = '<!-- DOCKET_METADATA_BLOCK -->\n> **Owner:** o\n';
    expect(fields('\n'.repeat(398) + block)).toEqual([[403, 'owner', 'o']]);
    expect(fields('\n'.repeat(399) + block)).toBeUndefined();
    expect(fields('\n'.repeat(400) + block)).toBeUndefined();
  });

  it('looks at the first 64 KiB of the body only', () => {
    const filler = `${'x'.repeat(99)}\n`.repeat(300); // 30,000 characters in 300 lines
    const block = '<!-- DOCKET_METADATA_BLOCK -->\n> **Owner:** o\n';
    expect(fields(filler + block)).toEqual([[305, 'owner', 'o']]);
    const far = `${'x'.repeat(66_000)}\n`;
    expect(fields(far + block)).toBeUndefined();
    // A row cut by the window's end is read as far as the window goes.
    const cut = 'y'.repeat(64 * 1024 - 44) + '\n' + block;
    expect(rowsOf(cut)?.map((r) => [r.text, r.shown])).toEqual([['> **Owner:**', '']]);
  });
});
