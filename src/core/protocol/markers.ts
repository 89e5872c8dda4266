/**
 * The markers around the managed block of a mixed asset (AGENTS.md), in the Python DocOps
 * CLI's format (reference §8.7), so that each tool reads the other's files:
 *
 *   <!-- MEMINIT_PROTOCOL: begin id=agents-md version=1.0 sha256=<64 hex> -->
 *   ...managed text...
 *   <!-- MEMINIT_PROTOCOL: end id=agents-md -->
 *   ...the user's text, kept byte for byte...
 */

const MARKER_PREFIX = '<!-- MEMINIT_PROTOCOL:';
const BEGIN = /^<!-- MEMINIT_PROTOCOL: begin id=([a-z0-9][a-z0-9-]*) version=([0-9]+(?:\.[0-9]+)*) sha256=([0-9a-f]{64}) -->$/;
const END = /^<!-- MEMINIT_PROTOCOL: end id=([a-z0-9][a-z0-9-]*) -->$/;

export type MarkerProblem =
  | 'text_before_begin'
  | 'malformed_begin'
  | 'duplicate_begin'
  | 'missing_end'
  | 'malformed_end'
  | 'end_id_mismatch'
  | 'marker_outside_block';

export type ParsedMarkers =
  | { kind: 'none' }
  | { kind: 'malformed'; problem: MarkerProblem; line: number }
  | {
      kind: 'block';
      id: string;
      version: string;
      sha256: string;
      /** The text between the marker lines, as written. */
      managed: string;
      /** Byte offset where the user's part starts: just after the end marker's line break. */
      userStart: number;
    };

export function beginMarker(id: string, version: string, sha256: string): string {
  return `<!-- MEMINIT_PROTOCOL: begin id=${id} version=${version} sha256=${sha256} -->`;
}

export function endMarker(id: string): string {
  return `<!-- MEMINIT_PROTOCOL: end id=${id} -->`;
}

/** Whether a line looks like a marker: such lines are only allowed as the block's two markers. */
export function isMarkerLike(line: string): boolean {
  return line.trim().startsWith(MARKER_PREFIX);
}

interface Line {
  text: string;
  start: number;
  /** Offset just past the line's LF (or the end of the file). */
  next: number;
}

function linesOf(bytes: string): Line[] {
  const out: Line[] = [];
  let start = 0;
  while (start < bytes.length) {
    const lf = bytes.indexOf('\n', start);
    const next = lf === -1 ? bytes.length : lf + 1;
    const text = bytes.slice(start, lf === -1 ? bytes.length : lf).replace(/\r$/, '');
    // A UTF-8 byte order mark (read as latin1) before the first line is not text before the marker.
    out.push({ text: start === 0 ? text.replace(/^\xEF\xBB\xBF/, '') : text, start, next });
    start = next;
  }
  return out;
}

/**
 * Finds the managed block of a file read as latin1 (one character per byte, so offsets are
 * byte offsets and bytes that are not UTF-8 survive). The rules: the begin marker is the first
 * non-blank line, there is one begin, the first end after it carries the same id, and no other
 * line looks like a marker. A file with no marker-like line has no block (`none`).
 */
export function parseMarkers(bytes: string): ParsedMarkers {
  const lines = linesOf(bytes);
  const markers = lines.map((l, i) => (isMarkerLike(l.text) ? i : -1)).filter((i) => i >= 0);
  if (markers.length === 0) return { kind: 'none' };
  const bad = (problem: MarkerProblem, index: number): ParsedMarkers => ({ kind: 'malformed', problem, line: index + 1 });
  const first = lines.findIndex((l) => l.text.trim() !== '');
  if (!isMarkerLike(lines[first]!.text)) return bad('text_before_begin', first);
  const begin = BEGIN.exec(lines[first]!.text.trim());
  if (!begin) return bad('malformed_begin', first);
  const secondBegin = markers.find((i) => i !== first && lines[i]!.text.trim().startsWith(`${MARKER_PREFIX} begin`));
  if (secondBegin !== undefined) return bad('duplicate_begin', secondBegin);
  const endIndex = markers.find((i) => i > first);
  if (endIndex === undefined) return bad('missing_end', lines.length - 1);
  const end = END.exec(lines[endIndex]!.text.trim());
  if (!end) return bad('malformed_end', endIndex);
  if (end[1] !== begin[1]) return bad('end_id_mismatch', endIndex);
  const stray = markers.find((i) => i !== first && i !== endIndex);
  if (stray !== undefined) return bad('marker_outside_block', stray);
  return {
    kind: 'block',
    id: begin[1]!,
    version: begin[2]!,
    sha256: begin[3]!,
    managed: bytes.slice(lines[first]!.next, lines[endIndex]!.start),
    userStart: lines[endIndex]!.next,
  };
}
