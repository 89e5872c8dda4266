/** Letters NFKD does not decompose into ASCII. */
const SPECIAL: Readonly<Record<string, string>> = {
  ß: 'ss', ẞ: 'ss', æ: 'ae', Æ: 'ae', œ: 'oe', Œ: 'oe', ø: 'o', Ø: 'o', đ: 'd', Đ: 'd', ð: 'd', Ð: 'd',
  þ: 'th', Þ: 'th', ł: 'l', Ł: 'l', ı: 'i', ħ: 'h', Ħ: 'h', ŧ: 't', Ŧ: 't', ĸ: 'k', ŋ: 'n', Ŋ: 'n',
  '&': ' and ', '@': ' at ', '+': ' plus ',
};

export const MAX_SLUG_LENGTH = 60;

/**
 * A file-name slug from a title: lowercase ASCII letters, digits and single hyphens. Accents
 * are transliterated (é -> e, ß -> ss); everything else becomes a separator, so dots,
 * slashes, control characters and `..` can never reach the file name. Cut at a word boundary
 * to at most MAX_SLUG_LENGTH characters; "untitled" when nothing is left.
 */
export function slugify(title: string, max = MAX_SLUG_LENGTH): string {
  const ascii = [...title.normalize('NFKC')]
    .map((ch) => SPECIAL[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    // Apostrophes join words rather than split them: "don't" -> "dont".
    .replace(/['\u2019]/g, '');
  let slug = ascii.replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  if (slug.length > max) {
    const cut = slug.slice(0, max + 1);
    const boundary = cut.lastIndexOf('-');
    slug = (boundary > max / 2 ? cut.slice(0, boundary) : slug.slice(0, max)).replace(/-+$/, '');
  }
  return slug || 'untitled';
}
