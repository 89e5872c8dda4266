/**
 * Legacy template placeholders (the Python DocOps CLI's before Templates v2) rewritten as
 * docket's `{{variable}}`: `<REPO>`, `<SEQ>`, `{title}`, ... HTML comments and fenced code
 * are left as written (they show syntax, or carry agent prompts), as that tool does.
 */

/** The angle-bracket tokens and the variable each becomes. */
const ANGLE: Readonly<Record<string, string>> = {
  '<REPO>': 'repo_prefix',
  '<PROJECT>': 'repo_prefix',
  '<SEQ>': 'seq',
  '<YYYY-MM-DD>': 'date',
  '<AREA>': 'area',
  '<Decision Title>': 'title',
  '<Feature Title>': 'title',
  '<Team or Person>': 'owner',
};
/** Single-brace tokens that become `{{name}}`. */
const BRACED = ['title', 'status', 'owner', 'area', 'description', 'keywords', 'related_ids', 'type'] as const;

const TOKEN = new RegExp(
  `${Object.keys(ANGLE)
    .map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('|')}|(?<!\\{)\\{(${BRACED.join('|')})\\}(?!\\})`,
  'g',
);
/** What still looks like a legacy placeholder afterwards: `{word}` (not `{{word}}`) or `<UPPER_CASE>`. */
const LEFTOVER = /(?<!\{)\{[A-Za-z_][\w-]*\}(?!\})|<[A-Z][A-Z0-9_-]+>/g;

export interface PlaceholderReplacement {
  from: string;
  to: string;
  count: number;
}

/** Offsets [start, end) of HTML comments and fenced code blocks, which are left as written. */
function skipped(text: string): [number, number][] {
  const out: [number, number][] = [];
  const fence = /^[ \t]{0,3}(`{3,}|~{3,})[^\n]*$/gm;
  let open: { char: string; len: number; start: number } | undefined;
  for (const m of text.matchAll(fence)) {
    const marker = m[1]!;
    if (!open) open = { char: marker[0]!, len: marker.length, start: m.index };
    else if (marker[0] === open.char && marker.length >= open.len && m[0].trim() === marker) {
      out.push([open.start, m.index + m[0].length]);
      open = undefined;
    }
  }
  if (open) out.push([open.start, text.length]);
  for (let at = text.indexOf('<!--'); at !== -1; at = text.indexOf('<!--', at + 4)) {
    if (out.some(([s, e]) => at >= s && at < e)) continue;
    const end = text.indexOf('-->', at + 4);
    out.push([at, end === -1 ? text.length : end + 3]);
    if (end === -1) break;
  }
  return out;
}

/** The template's text with legacy placeholders replaced, what was replaced, and what is left. */
export function replacePlaceholders(text: string): { text: string; replacements: PlaceholderReplacement[]; leftovers: string[] } {
  const skip = skipped(text);
  const inSkipped = (at: number) => skip.some(([s, e]) => at >= s && at < e);
  const counts = new Map<string, PlaceholderReplacement>();
  const out = text.replace(TOKEN, (whole: string, braced: string | undefined, offset: number) => {
    if (inSkipped(offset)) return whole;
    const to = `{{${braced ?? ANGLE[whole]!}}}`;
    const r = counts.get(whole) ?? { from: whole, to, count: 0 };
    r.count++;
    counts.set(whole, r);
    return to;
  });
  const outSkip = skipped(out);
  const leftovers = new Set<string>();
  for (const m of out.matchAll(LEFTOVER)) if (!outSkip.some(([s, e]) => m.index >= s && m.index < e)) leftovers.add(m[0]);
  return { text: out, replacements: [...counts.values()].sort((a, b) => (a.from < b.from ? -1 : 1)), leftovers: [...leftovers].sort() };
}
