import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { readBytesSync } from '../engine/documents/read-bytes.js';
import { gitWorkTreeTop } from './git-top.js';

/** Larger ignore files are not read (a hostile repository must not make the walk slow). */
const MAX_IGNORE_BYTES = 256 * 1024;

/**
 * The repository's `.gitignore` files, as git applies them: each one's patterns match paths
 * relative to its own directory, a deeper file's rule (a `!` negation too) overrides a
 * shallower one's, and nothing inside an ignored directory is looked at again. Files between
 * the git work tree's top and the root apply too (a monorepo's `--root packages/handbook`), as
 * does `.git/info/exclude`. Patterns are matched by the `ignore` package, written to git's rules.
 */
export class IgnoreFiles {
  /** Each directory's rules (repo-relative POSIX path; '' is the root), null when it has none. */
  private readonly rules = new Map<string, Ignore | null>();
  /** Rules above the root, as one list of [prefix of the root's paths, rules]. */
  private readonly above: [string, Ignore][] = [];

  constructor(private readonly root: string) {
    const top = gitWorkTreeTop(root);
    if (top === undefined) return;
    const exclude = parse(path.join(top, '.git', 'info', 'exclude'));
    const rootFromTop = path.relative(top, root).split(path.sep).join('/');
    if (exclude) this.above.push([rootFromTop, exclude]);
    // The .gitignore files from the top down to the root's parent.
    const segments = rootFromTop === '' ? [] : rootFromTop.split('/');
    for (let k = 0; k < segments.length; k++) {
      const rules = parse(path.join(top, ...segments.slice(0, k), '.gitignore'));
      if (rules) this.above.push([segments.slice(k).join('/'), rules]);
    }
  }

  /** Whether git ignores `rel` (repo-relative POSIX; `dir` for a directory). */
  ignores(rel: string, dir: boolean): boolean {
    const target = dir ? `${rel}/` : rel;
    let ignored = false;
    const apply = (rules: Ignore, relative: string) => {
      const r = rules.test(relative);
      if (r.ignored) ignored = true;
      else if (r.unignored) ignored = false;
    };
    for (const [prefix, rules] of this.above) apply(rules, prefix === '' ? target : `${prefix}/${target}`);
    const segments = rel.split('/');
    for (let k = 0; k < segments.length; k++) {
      const base = segments.slice(0, k).join('/');
      const rules = this.rulesOf(base);
      if (rules) apply(rules, base === '' ? target : target.slice(base.length + 1));
    }
    return ignored;
  }

  /**
   * Whether any rules apply to the entries of `dir` (repo-relative; '' is the root): when none
   * do, a walk lists them without asking `ignores` about each.
   */
  hasRulesFor(dir: string): boolean {
    if (this.above.length > 0) return true;
    const segments = dir === '' ? [] : dir.split('/');
    for (let k = 0; k <= segments.length; k++) if (this.rulesOf(segments.slice(0, k).join('/'))) return true;
    return false;
  }

  private rulesOf(dir: string): Ignore | null {
    let rules = this.rules.get(dir);
    if (rules === undefined) {
      rules = parse(path.join(this.root, dir, '.gitignore'));
      this.rules.set(dir, rules);
    }
    return rules;
  }
}

/** A regular file's rules (never through a link, never a FIFO), null when there is none or it is too large. */
function parse(file: string): Ignore | null {
  try {
    const { bytes } = readBytesSync(file, MAX_IGNORE_BYTES, true);
    return bytes ? ignore().add(bytes.toString('utf8')) : null;
  } catch {
    return null;
  }
}
