import * as Flags from '@oclif/core/flags';

/**
 * `--no-ignore`, as ESLint and ripgrep have it: files the repository's `.gitignore` files
 * ignore are walked too. By default they are not the repository's (build output, local drafts).
 */
export const ignoreFlags = {
  ignore: Flags.boolean({
    description: 'Honour .gitignore files (the default); --no-ignore walks the files they ignore too.',
    allowNo: true,
    default: true,
  }),
};
