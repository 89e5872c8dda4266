/** A word as a POSIX shell (and pre-commit's shlex) reads it back: quoted only when it must be. */
export function shellWord(value: string): string {
  return /^[\w./@%+=:,-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}
