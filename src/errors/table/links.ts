import { EXIT, type CodeSpec } from '../types.js';

/** Findings about links and symbolic links between and around governed documents. */
export const LINK_CODES = {
  LINK_BROKEN: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'document',
    summary: 'A relative Markdown link points to a missing file, a missing #anchor, or outside the repository.',
    cause:
      'A renamed or deleted target, a typo in the path or the heading anchor, a difference in letter case, or `..` segments that leave the root.',
    remediation: {
      action: 'Fix the link target (the message says which part is wrong, with the closest match), or restore the target.',
      commands: ['docket check'],
    },
  },
  SYMLINK_SKIPPED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'filesystem',
    summary: 'A symbolic link under a docs root was not followed, so what it points to is not checked through it.',
    cause:
      'A `.md` file or a directory under the docs root that is a symbolic link (docket never follows links), or a dangling or looping link.',
    remediation: {
      action: 'Replace the link with the real file or directory, or move it out of the docs root.',
      commands: ['docket check'],
    },
  },
  SYMLINK_OUTSIDE_ROOT: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'security',
    summary: 'A symbolic link under a docs root points outside the repository and was refused.',
    cause: 'A link to a file or directory elsewhere on the machine, which docket must never read or write.',
    remediation: { action: 'Remove the link, or copy the content into the repository.', commands: ['docket check'] },
  },
  LINK_NOT_REWRITTEN: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'document',
    summary: 'A link that a move would have rewritten was kept as written (mv, or fix renaming a linked file).',
    cause:
      'A link of the moved file that leaves the repository root (it cannot be checked, so docket does not guess), or a destination whose bytes docket could not locate exactly, or a file that could not be read as UTF-8.',
    remediation: {
      action: 'Edit the link named in the message yourself after the move; `docket check` then reports whatever is still broken.',
      commands: ['docket check'],
    },
  },
} as const satisfies Record<string, CodeSpec>;
