/** One word of a POSIX shell command line: as is when plain, else single-quoted. */
export function shellWord(value: string): string {
  return /^[\w./@%+=:,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
