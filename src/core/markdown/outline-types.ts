// What an outline of a Markdown body is, apart from outline.ts, which its simple path (simple-outline.ts) would import.

export interface MarkdownLink {
  /** The destination as CommonMark reads it: backslash escapes and character references decoded (not percent-decoding). */
  target: string;
  kind: 'inline' | 'image' | 'definition';
  /** 1-based file line and column of the destination. */
  line: number;
  column: number;
}

export interface MarkdownOutline {
  links: MarkdownLink[];
  /** Heading and HTML anchors, in document order (GitHub's slugs). */
  anchors: string[];
  /** Text of the first heading (any level), as rendered. */
  firstHeading?: string;
}
