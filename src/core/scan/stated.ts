/**
 * Metadata a never-governed decision record already states, in the layouts ADR tools write:
 * adr-tools (`# 1. Title`, `Date: 2016-02-12`, a `## Status` section whose first line is
 * `Accepted` or `Superseded by [3. X](0003-x.md)`), log4brains and MADR 2 (`- Status: accepted`,
 * `* Date: 2020-09-18` list lines) and MADR 3 (`status` and `date` in the frontmatter).
 * An import keeps these instead of writing `Draft` and today's date.
 */
export interface StatedFacts {
  /** The status as written (first line of the section, or the list item's or field's value). */
  status?: string;
  /** Where it was read: `## Status`, `- Status:` or `status:` (frontmatter). */
  statusSource?: string;
  /** YYYY-MM-DD. */
  date?: string;
  /** The link target of `Superseded by [...](target)`, as written. */
  supersededBy?: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** `Date: 2016-02-12`, `- Date: 2020-09-18`, `* Date: ...`, `**Date:** ...`. */
const DATE_LINE = /^\s*(?:[-*+]\s+)?(?:\*\*)?date(?:\*\*)?\s*:\s*(?:\*\*)?\s*(\d{4}-\d{2}-\d{2})\b/i;
const STATUS_LINE = /^\s*(?:[-*+]\s+)?(?:\*\*)?status(?:\*\*)?\s*:\s*(?:\*\*)?\s*(.+?)\s*$/i;
const STATUS_HEADING = /^#{2,3}\s+status\s*#*\s*$/i;
const LINK = /\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/;
/** How far into the body stated facts are looked for: they sit near the top. */
const HEAD_LINES = 60;

/** The first link target in a status line (`superseded by [3. X](0003-x.md)`). */
function linkIn(text: string): string | undefined {
  return LINK.exec(text)?.[1];
}

/** The facts stated near the top of a body, and in frontmatter fields (`status`, `date`) when given. */
export function statedFacts(body: string, frontmatter?: Readonly<Record<string, unknown>>): StatedFacts {
  const out: StatedFacts = {};
  const fmStatus = frontmatter?.status;
  if (typeof fmStatus === 'string' && fmStatus.trim() !== '') {
    out.status = fmStatus.trim();
    out.statusSource = 'status:';
  }
  const fmDate = frontmatter?.date;
  const dateText =
    fmDate instanceof Date && !Number.isNaN(fmDate.getTime())
      ? fmDate.toISOString().slice(0, 10)
      : typeof fmDate === 'string'
        ? fmDate.trim()
        : undefined;
  if (dateText && DATE.test(dateText)) out.date = dateText;
  const lines = body.split(/\r?\n/, HEAD_LINES);
  let fence = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (fence) continue;
    if (!out.date) {
      const d = DATE_LINE.exec(line);
      if (d) out.date = d[1];
    }
    if (out.status) continue;
    const s = STATUS_LINE.exec(line);
    if (s && s[1] !== '') {
      out.status = s[1]!.replace(/\*\*$/, '').trim();
      out.statusSource = '- Status:';
      continue;
    }
    if (STATUS_HEADING.test(line)) {
      const next = lines.slice(i + 1).find((l) => l.trim() !== '');
      if (next !== undefined && !/^#/.test(next)) {
        out.status = next.trim();
        out.statusSource = '## Status';
      }
    }
  }
  if (out.status && /^superseded\b/i.test(out.status)) {
    const target = linkIn(out.status);
    if (target) out.supersededBy = target;
  }
  return out;
}

/** Words a stated status starts with, and the status of docket's default schema they mean. */
const MEANINGS: readonly [RegExp, string][] = [
  [/^(accepted|approved|adopted|done|decided)\b/i, 'Approved'],
  [/^(proposed|in review|under review|review)\b/i, 'In Review'],
  [/^(draft|open|wip)\b/i, 'Draft'],
  [/^superseded\b/i, 'Superseded'],
];

/**
 * The schema status a stated one becomes: the allowed value it names (any case), else the one
 * its first word means (`accepted` is Approved) when the schema allows it; undefined when
 * there is none (`Rejected`, `Deprecated`, `on hold` under the default schema).
 */
export function mappedStatus(stated: string, allowed: readonly string[] | undefined): string | undefined {
  const text = stated.trim();
  if (!allowed) return text;
  const same = allowed.find((s) => s.toLowerCase() === text.toLowerCase());
  if (same) return same;
  for (const [re, meaning] of MEANINGS) {
    if (!re.test(text)) continue;
    const hit = allowed.find((s) => s.toLowerCase() === meaning.toLowerCase());
    if (hit) return hit;
  }
  // A schema that lists the stated word itself (a team that added `Rejected`).
  const word = /^[A-Za-z][A-Za-z ]*?(?=\s*(?:by\b|\[|$))/.exec(text)?.[0]?.trim().toLowerCase();
  return word ? allowed.find((s) => s.toLowerCase() === word) : undefined;
}

/** `1. Record architecture decisions`, `ADR 7: X`, `0003 - X`: a heading without the author's number. */
export function unnumberedTitle(heading: string): string {
  const rest = heading.replace(/^(?:adr[-\s]*)?\d+\s*(?:[.:)\u2014\u2013]|\s-)\s*/i, '').trim();
  return rest || heading.trim();
}
