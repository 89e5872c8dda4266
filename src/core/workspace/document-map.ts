import { bodyMap } from '../markdown/body-map.js';
import { resolveLink } from '../engine/load.js';
import type { DocumentLink } from '../engine/model.js';
import { splitFrontmatter } from '../frontmatter/split.js';
import { escapeRegExp } from '../text/regexp.js';
import { destinationSpan } from '../move/destination.js';

/** A link of a document's body: where its destination is written, and what it resolves to. */
export interface MappedLink {
  /** [start, end) offsets of the destination in the text (inside `<...>` for an angle destination). */
  start: number;
  end: number;
  link: DocumentLink;
}

/** A heading of the body: its 0-based file line and its anchor (GitHub's slug). */
export interface MappedHeading {
  line: number;
  anchor: string;
}

/** What the body holds, read by its CommonMark outline. */
interface BodyParts {
  links: MappedLink[];
  headings: MappedHeading[];
  anchors: string[];
  verbatim: number[];
}

/**
 * A document's text as an editor navigates it: lines, the frontmatter's place, the body's
 * links, headings and the text that is no prose (code and HTML), all read as `check` reads
 * them (the frontmatter splitter, the CommonMark outline). Offsets are UTF-16 offsets of the
 * text, as LSP positions count them. The body is read on first use: completion in the
 * frontmatter, typed key by key, never needs it.
 */
export class DocumentMap {
  /** Offset where each 0-based line starts. */
  readonly lineStarts: number[] = [0];
  /** The YAML between the fences: [start, end) offsets and its first 0-based line; undefined without valid fences. */
  readonly frontmatter: { start: number; end: number; firstLine: number } | undefined;
  /** Offset and 0-based line where the body starts. */
  readonly bodyOffset: number = 0;
  readonly bodyLine: number;
  private parts: BodyParts | undefined;

  constructor(
    private readonly rel: string,
    readonly text: string,
  ) {
    for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
    // An editor's text may keep the byte order mark the splitter expects gone.
    const bom = text.charCodeAt(0) === 0xfeff ? 1 : 0;
    const split = splitFrontmatter(bom ? text.slice(1) : text);
    if (split.kind === 'ok') {
      this.bodyOffset = bom + split.bodyOffset;
      this.frontmatter = { start: bom + split.yamlOffset, end: bom + split.closingOffset, firstLine: split.firstLine - 1 };
    }
    this.bodyLine = lineOf(this.lineStarts, this.bodyOffset);
  }

  /** The body's links, in order. */
  get links(): readonly MappedLink[] {
    return this.body().links;
  }

  get headings(): readonly MappedHeading[] {
    return this.body().headings;
  }

  /** Every anchor of the document: headings', then explicit HTML anchors. */
  get anchors(): readonly string[] {
    return this.body().anchors;
  }

  /** Code and HTML of the body as [start, end) offset pairs, in order: an ID there is no mention. */
  get verbatim(): readonly number[] {
    return this.body().verbatim;
  }

  private body(): BodyParts {
    if (this.parts) return this.parts;
    const { text, lineStarts, bodyOffset, bodyLine } = this;
    const body = bodyMap(text.slice(bodyOffset), bodyLine + 1);
    const links: MappedLink[] = [];
    for (const l of body.outline.links) {
      const at = lineStarts[l.line - 1]! + l.column - 1;
      const span = destinationSpan(text, at, l.kind, l.target);
      links.push({ start: span?.start ?? at, end: span?.end ?? at + l.target.length, link: resolveLink(this.rel, l) });
    }
    this.parts = {
      links,
      headings: body.headingLines.map((line, k) => ({ line: bodyLine + line, anchor: body.outline.anchors[k]! })),
      anchors: body.outline.anchors,
      verbatim: body.verbatim.map((at) => at + bodyOffset),
    };
    return this.parts;
  }
}

/** The maps last made, by path: an editor asks several questions of one text between edits. */
const recent = new Map<string, DocumentMap>();
const RECENT_MAX = 16;

/** The DocumentMap of a document's text (`rel` resolves its relative links); the last few are kept. */
export function documentMap(rel: string, text: string): DocumentMap {
  const known = recent.get(rel);
  if (known && known.text === text) return known;
  const map = new DocumentMap(rel, text);
  recent.delete(rel);
  recent.set(rel, map);
  if (recent.size > RECENT_MAX) recent.delete(recent.keys().next().value!);
  return map;
}

/** The 0-based line holding an offset. */
export function lineOf(lineStarts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = lineStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (lineStarts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Whether an offset is in one of the [start, end) pairs of `ranges` (in order). */
export function inRanges(ranges: readonly number[], offset: number): boolean {
  let lo = 0;
  let hi = ranges.length / 2;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (ranges[2 * mid + 1]! <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo < ranges.length / 2 && ranges[2 * lo]! <= offset;
}

/**
 * The 0-based line of the anchor `fragment` names, letter case ignored as the link check ignores
 * it: its heading's, or for an explicit HTML anchor the line of its attribute; undefined when
 * the document has no such anchor.
 */
export function anchorLine(map: DocumentMap, fragment: string): number | undefined {
  const wanted = fragment.toLowerCase();
  const heading = map.headings.find((h) => h.anchor.toLowerCase() === wanted);
  if (heading) return heading.line;
  const anchor = map.anchors.find((a) => a.toLowerCase() === wanted);
  if (anchor === undefined) return undefined;
  const attribute = new RegExp(`(?:id|name)\\s*=\\s*["']${escapeRegExp(anchor)}["']`).exec(map.text.slice(map.bodyOffset));
  return attribute ? lineOf(map.lineStarts, map.bodyOffset + attribute.index) : map.bodyLine;
}
