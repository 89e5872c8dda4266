import { safeText, type Style } from './style.js';

/** `1 file`, `2 files`: counts in text output. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** A git diff for a terminal: headers bold, hunks cyan, additions green, removals red. */
export function colourDiff(diff: string, style: Style): string {
  return diff
    .split('\n')
    .map((line) => {
      const shown = safeText(line.replace(/\r$/, ''));
      if (line.startsWith('+++') || line.startsWith('---') || line.startsWith('diff ') || line.startsWith('rename '))
        return style.bold(shown);
      if (line.startsWith('@@')) return style.cyan(shown);
      if (line.startsWith('+')) return style.green(shown);
      if (line.startsWith('-')) return style.red(shown);
      return shown;
    })
    .join('\n');
}
