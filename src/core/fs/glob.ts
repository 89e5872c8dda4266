/** Minimal glob support for command-line paths: `*`, `**`, `?`, `[...]`, `{a,b}`. */

const MAGIC = /[*?[\]{}]/;

export function isGlob(pattern: string): boolean {
  return MAGIC.test(pattern);
}

/** The directory part of a pattern before its first glob character ('' when none). */
export function staticBase(pattern: string): string {
  const parts = pattern.split('/');
  const fixed: string[] = [];
  for (const part of parts) {
    if (isGlob(part)) break;
    fixed.push(part);
  }
  return fixed.length === parts.length ? fixed.slice(0, -1).join('/') : fixed.join('/');
}

/** A RegExp matching whole POSIX paths against the glob. */
export function globToRegExp(pattern: string): RegExp {
  let re = '';
  let braces = 0;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i]!;
    if (ch === '*') {
      if (pattern[i + 1] === '*') {
        const slash = pattern[i + 2] === '/';
        re += slash ? '(?:[^/]*(?:/|$))*' : '.*';
        i += slash ? 2 : 1;
      } else re += '[^/]*';
    } else if (ch === '?') re += '[^/]';
    else if (ch === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end === -1) re += '\\[';
      else {
        const body = pattern.slice(i + 1, end).replace(/^!/, '^').replace(/\\/g, '\\\\');
        re += `[${body}]`;
        i = end;
      }
    } else if (ch === '{') {
      braces++;
      re += '(?:';
    } else if (ch === '}' && braces > 0) {
      braces--;
      re += ')';
    } else if (ch === ',' && braces > 0) re += '|';
    else re += ch.replace(/[.+^$()|\\\]}]/g, '\\$&');
  }
  while (braces-- > 0) re += ')';
  return new RegExp(`^${re}$`);
}
