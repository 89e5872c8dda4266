import { inlineValue } from '../templates/interpolate.js';

// docket's marker, and the Python DocOps CLI's (see templates/metadata-block.ts).
const MARKER_LINE = /^[ \t]*<!--[ \t]*(?:DOCKET|MEMINIT)_METADATA_BLOCK[ \t]*-->[ \t]*\r?$/;
const STATUS_LINE = /^(>[ \t]*\*\*Status:\*\*[ \t]*)(.*?)([ \t]*\r?)$/;
const ID_LINE = /^>[ \t]*\*\*Document ID:\*\*/;

/**
 * The visible metadata block of a body, as line indexes [start, end): the blockquote after the
 * marker line (blank lines between allowed), or, as the Python DocOps CLI writes it without a
 * marker, a blockquote that opens the body with its `> **Document ID:**` line.
 */
function blockLines(lines: readonly string[]): [number, number] | undefined {
  let i = lines.findIndex((l) => MARKER_LINE.test(l));
  if (i >= 0) i++;
  else i = 0;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  if (i >= lines.length || !lines[i]!.startsWith('>')) return undefined;
  if (lines.findIndex((l) => MARKER_LINE.test(l)) < 0 && !ID_LINE.test(lines[i]!)) return undefined;
  let end = i;
  while (end < lines.length && lines[end]!.startsWith('>')) end++;
  return [i, end];
}

/**
 * The body with the visible block's `> **Status:** ...` value set to `status`; the body itself
 * when it has no such line or the line already shows it. Only that value's characters change.
 */
export function withBlockStatus(body: string, status: string): string {
  const lines = body.split('\n');
  const block = blockLines(lines);
  if (!block) return body;
  for (let i = block[0]; i < block[1]; i++) {
    const m = STATUS_LINE.exec(lines[i]!);
    if (!m) continue;
    const shown = inlineValue(status);
    if (m[2] === shown) return body;
    lines[i] = `${m[1]}${shown}${m[3]}`;
    return lines.join('\n');
  }
  return body;
}
