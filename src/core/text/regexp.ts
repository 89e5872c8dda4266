/**
 * A string as a RegExp that matches it literally: config values (type keys, docs roots) are
 * repository-supplied, and must never be read as regular expression syntax.
 */
export const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
