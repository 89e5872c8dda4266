import path from 'node:path';

/**
 * Whether a text mentions the file name of a moved path: what lets a file with no link to a
 * moved file skip outlining. A fix that renames hundreds of documents asks it of every Markdown
 * file, so the names are grouped by their last two characters (`md` for documents) and each
 * group is found with one search of the text, its names then looked up by length at each place
 * found, instead of searching the text once per name.
 */
export class MovedNames {
  /** By the last two characters of the names: their lengths, and per length the names and the codes of their first two characters. */
  private readonly groups = new Map<string, Map<number, { names: Set<string>; starts: Set<number> }>>();
  /** Names too short to group (one character). */
  private readonly short: string[] = [];

  constructor(paths: Iterable<string>) {
    for (const p of paths) {
      const name = path.posix.basename(p);
      if (name.length < 2) {
        if (name !== '') this.short.push(name);
        continue;
      }
      const key = name.slice(-2);
      let group = this.groups.get(key);
      if (!group) this.groups.set(key, (group = new Map<number, { names: Set<string>; starts: Set<number> }>()));
      let sized = group.get(name.length);
      if (!sized) group.set(name.length, (sized = { names: new Set(), starts: new Set() }));
      sized.names.add(name);
      sized.starts.add(startOf(name, 0));
    }
  }

  mentionedIn(text: string): boolean {
    if (this.short.some((name) => text.includes(name))) return true;
    for (const [key, group] of this.groups) {
      for (let at = text.indexOf(key); at !== -1; at = text.indexOf(key, at + 1)) {
        const end = at + key.length;
        // A name is sliced out only where its first two characters are (most places end `.md`).
        for (const [length, { names, starts }] of group)
          if (length <= end && starts.has(startOf(text, end - length)) && names.has(text.slice(end - length, end))) return true;
      }
    }
    return false;
  }
}

/** The first two UTF-16 code units of `text` at `at`, as one number. */
function startOf(text: string, at: number): number {
  return text.charCodeAt(at) * 0x10000 + text.charCodeAt(at + 1);
}

/** The matcher of a set of moves, made once however many files ask (callers build their map once; a changed size makes it again). */
const matchers = new WeakMap<ReadonlyMap<string, string>, { size: number; names: MovedNames }>();

export function movedNamesOf(moves: ReadonlyMap<string, string>): MovedNames {
  let known = matchers.get(moves);
  if (known?.size !== moves.size) matchers.set(moves, (known = { size: moves.size, names: new MovedNames(moves.keys()) }));
  return known.names;
}
