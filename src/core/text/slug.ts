import anyAscii from 'any-ascii';

/** Symbols that read as words in a title. */
const SYMBOLS: Readonly<Record<string, string>> = { '&': ' and ', '@': ' at ', '+': ' plus ' };
/** Letters, marks and digits: the characters a slug keeps (transliterated); the rest separate words. */
const WORDY = /[\p{L}\p{M}\p{N}]/u;
/**
 * Scripts written without spaces, one syllable a character: any-ascii runs their syllables
 * together in mixed case (数据库 -> ShuJuKu), which lowercases into one unreadable word.
 */
const SYLLABIC = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}\p{Script=Yi}]/u;

export const MAX_SLUG_LENGTH = 60;

function asciiOf(ch: string): string {
  if (ch < '\x80') return SYMBOLS[ch] ?? ch;
  if (!WORDY.test(ch)) return ' ';
  const ascii = anyAscii(ch);
  return SYLLABIC.test(ch) ? ` ${ascii} ` : ascii;
}

/**
 * A file-name slug from a title: lowercase ASCII letters, digits and single hyphens. Letters of
 * every script are transliterated (é -> e, ß -> ss, Ωμέγα -> omega, 数据 -> shu-ju) by any-ascii;
 * everything else becomes a separator, so dots, slashes, control characters and `..` can never
 * reach the file name. Cut at a word boundary to at most MAX_SLUG_LENGTH characters; "untitled"
 * when nothing is left (a title of symbols only). The one slug of `new`, `scan` and `fix`.
 */
export function slugify(title: string, max = MAX_SLUG_LENGTH): string {
  const ascii = [
    ...title
      .normalize('NFKC')
      // Apostrophes join words rather than split them: "don't" -> "dont".
      .replace(/['\u2019]/g, ''),
  ]
    .map(asciiOf)
    .join('')
    .toLowerCase();
  let slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length > max) {
    const cut = slug.slice(0, max + 1);
    const boundary = cut.lastIndexOf('-');
    slug = (boundary > max / 2 ? cut.slice(0, boundary) : slug.slice(0, max)).replace(/-+$/, '');
  }
  return slug || 'untitled';
}
