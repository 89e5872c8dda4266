import { inlineValue } from './interpolate.js';

export const METADATA_MARKER = '<!-- DOCKET_METADATA_BLOCK -->';

// docket's marker, and meminit's for templates of existing DocOps repositories.
const MARKER_LINE = /^[ \t]*<!--[ \t]*(?:DOCKET|MEMINIT)_METADATA_BLOCK[ \t]*-->[ \t]*$/m;

export interface BlockFields {
  document_id: string;
  owner: string;
  status: string;
  version: string;
  type: string;
}

/** The visible metadata block: a short blockquote for readers of the rendered Markdown. */
export function metadataBlock(f: BlockFields): string {
  const rows: [string, string][] = [
    ['Document ID', f.document_id],
    ['Owner', f.owner],
    ['Status', f.status],
    ['Version', f.version],
    ['Type', f.type],
  ];
  return rows.map(([label, value]) => `> **${label}:** ${inlineValue(value)}`).join('\n');
}

/**
 * Puts the block right after the template's marker line, replacing a blockquote that already
 * follows it (meminit templates carry one with placeholders). Without a marker the body is
 * returned unchanged: the template decides where the block goes.
 */
export function placeMetadataBlock(body: string, block: string): { body: string; placed: boolean } {
  const m = MARKER_LINE.exec(body);
  if (!m) return { body, placed: false };
  const start = m.index;
  const lines = body.slice(start + m[0].length).split('\n');
  // lines[0] is the rest of the marker line (empty); skip blank lines and an old blockquote.
  let i = 1;
  while (i < lines.length && lines[i]!.trim() === '') i++;
  if (i < lines.length && lines[i]!.startsWith('>')) {
    while (i < lines.length && lines[i]!.startsWith('>')) i++;
    while (i < lines.length && lines[i]!.trim() === '') i++;
  }
  const rest = lines.slice(i).join('\n');
  return { body: `${body.slice(0, start)}${m[0].trim()}\n\n${block}\n${rest === '' ? '' : `\n${rest}`}`, placed: true };
}
