import { EXIT, type CodeSpec } from '../types.js';

/** Errors about the environment docket runs in: root, files, paths, tools, signals, bugs. */
export const RUNTIME_CODES = {
  ROOT_NOT_FOUND: {
    kind: 'error',
    exit: EXIT.NO_INPUT,
    category: 'input',
    summary: 'The --root directory does not exist or is not a directory.',
    cause: 'A typo in --root, or a relative path resolved from another working directory.',
    remediation: {
      action: 'Pass an existing directory as --root (default: the current directory).',
      commands: ['docket doctor --root <dir>'],
    },
  },
  INSIDE_GOVERNED_REPOSITORY: {
    kind: 'error',
    exit: EXIT.REFUSED,
    category: 'input',
    summary: '`init` refused to scaffold a repository inside one that docket already governs (use --force to nest one anyway).',
    cause:
      "A docops.config.yaml lies in a directory above (up to the git work tree's top): running `init` in a subfolder such as docs/45-adr would scaffold a second docs tree inside the first.",
    remediation: {
      action:
        'Run docket from anywhere inside the repository: it finds the config above. Add --force only when a nested repository is really meant.',
      commands: ['docket doctor'],
    },
  },
  FILE_NOT_FOUND: {
    kind: 'error',
    exit: EXIT.NO_INPUT,
    category: 'input',
    summary: 'A file or path given on the command line does not exist.',
    cause: 'A typo, a file that was moved, or a path relative to another directory than the root.',
    remediation: { action: 'Pass a path that exists, relative to the repository root or absolute.', commands: [] },
  },
  FILE_UNREADABLE: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'filesystem',
    summary: 'A file could not be read and was skipped; the result is partial.',
    cause: 'Missing permissions, a file that vanished during the run, or an I/O error.',
    remediation: { action: 'Fix the permissions or restore the file, then run the command again.', commands: [] },
  },
  PATH_OUTSIDE_ROOT: {
    kind: 'error',
    exit: EXIT.REFUSED,
    category: 'security',
    summary: 'A path points outside the repository root and was refused.',
    cause:
      "An absolute path elsewhere, `..` segments, or a symbolic link leading out of the root (in an argument, docops.config.yaml or the repository). docket writes only inside the root, except into the --output file the user names, the git hooks directory git reports, the user's data directory for org profiles, and a site's --out directory.",
    remediation: {
      action: 'Use a path inside the repository root, or change --root; replace a symbolic link that leaves the root with a directory.',
      commands: [],
    },
  },
  ROOT_REFUSED: {
    kind: 'error',
    exit: EXIT.REFUSED,
    category: 'input',
    summary: '`scan` refused a root that is the file-system root or a home directory (use --force to survey it anyway).',
    cause: 'scan needs no config, so `scan --root /` or a scan from the home directory would walk every file below it.',
    remediation: {
      action: "Pass the repository's directory as --root, or add --force when surveying that directory is really meant.",
      commands: ['docket scan --root <repository>'],
    },
  },
  SYMLINK_REFUSED: {
    kind: 'error',
    exit: EXIT.REFUSED,
    category: 'security',
    summary: 'A symbolic link was refused where docket needs a real file.',
    cause: 'A write target, template or output file that is a symbolic link.',
    remediation: { action: 'Replace the link with a regular file, or write somewhere else.', commands: [] },
  },
  OUTPUT_PATH_REFUSED: {
    kind: 'error',
    exit: EXIT.REFUSED,
    category: 'security',
    summary: 'The --output path is outside the root, in a protected location, or would replace a file docket must not overwrite.',
    cause:
      'An --output path outside the repository, inside .git or a credential directory, a symbolic link, or an existing document or config file.',
    remediation: {
      action: 'Write the report to a new file inside the repository, for example reports/docket.json.',
      commands: ['docket check --format json --output reports/docket.json'],
    },
  },
  OUTPUT_CLOSED: {
    kind: 'error',
    exit: EXIT.OUTPUT_CLOSED,
    category: 'interrupt',
    summary: 'The reader of stdout closed the pipe before the output ended: docket stopped quietly.',
    cause:
      'A pipe into a command that reads only the start of the output (`| head -c 10`), or a consumer that exited. No envelope can follow: the pipe is gone. `--debug` says so on stderr.',
    remediation: {
      action:
        'Nothing to fix when the reader wanted only the start. For the whole result, read all of stdout, or write it with --output FILE.',
      commands: ['docket check --format ndjson --output reports/check.ndjson'],
    },
  },
  WRITE_FAILED: {
    kind: 'error',
    exit: EXIT.CANT_CREATE,
    category: 'filesystem',
    summary: 'A file could not be written.',
    cause: 'Missing permissions, a full disk, or a read-only file system.',
    remediation: { action: 'Check permissions and free space on the target directory, then run again.', commands: [] },
  },
  FILE_EXISTS: {
    kind: 'error',
    exit: EXIT.CANT_CREATE,
    category: 'conflict',
    summary: 'The file docket would create already exists; nothing was overwritten.',
    cause: 'A file with the same name was created earlier or by another process.',
    remediation: { action: 'Choose another name or remove the existing file yourself.', commands: [] },
  },
  SITE_DIR_NOT_OURS: {
    kind: 'error',
    exit: EXIT.CANT_CREATE,
    category: 'conflict',
    summary: "The site's --out directory exists and docket did not build it; nothing was written.",
    cause:
      '`docket site` writes only into a directory that is new, empty, or holds the marker file (.docket-site.json) an earlier build left, so it never mixes its pages into files of your own.',
    remediation: {
      action:
        'Name another directory with --out, empty this one, or pass --force to write into it (files docket did not write are never removed).',
      commands: ['docket site --out docs-site'],
    },
  },
  FILE_CHANGED: {
    kind: 'error',
    exit: EXIT.CANT_CREATE,
    category: 'conflict',
    summary: 'A file docket was about to rewrite changed after docket read it; nothing of the set was written.',
    cause: 'An editor or another process wrote the file while docket planned or wrote a set of changes (mv, or fix renaming linked files).',
    remediation: { action: 'Let the other writer finish, then run the command again.', commands: [] },
  },
  NOT_GOVERNED: {
    kind: 'error',
    exit: EXIT.USAGE,
    category: 'input',
    summary: 'The file named is not a governed document (outside every docs root, excluded, or not Markdown).',
    cause: '`docket mv` moves governed documents only, to a place inside a docs root where they stay governed.',
    remediation: {
      action: 'Name a governed Markdown document, and a target inside a docs root (`docket check PATH` shows whether a path is governed).',
      commands: ['docket check'],
    },
  },
  DEEP_BUDGET_EXCEEDED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'input',
    summary: '`context --deep` stopped listing documents when its time budget ran out; the list is partial.',
    cause: 'A very large repository, a slow file system, or a small DOCKET_DEEP_BUDGET_MS.',
    remediation: {
      action: 'Build the index and read the artifact for the complete list, or raise DOCKET_DEEP_BUDGET_MS (milliseconds; default 10000).',
      commands: ['docket index'],
    },
  },
  WALK_LIMIT_REACHED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'input',
    summary:
      'A walk stopped after 100,000 Markdown files (DOCKET_WALK_LIMIT); the files after that point were not read and the result is partial.',
    cause:
      'A --root far larger than a repository (a disk, a home directory, a checkout of many repositories), or a repository with more Markdown files than the limit.',
    remediation: {
      action:
        'Pass the repository itself as --root, exclude generated trees in excluded_paths, or raise DOCKET_WALK_LIMIT (a number of files).',
      commands: [],
    },
  },
  INVALID_WALK_LIMIT: {
    kind: 'error',
    exit: EXIT.USAGE,
    category: 'usage',
    summary: 'DOCKET_WALK_LIMIT is not a whole number of files.',
    cause: 'The environment sets the walk limit to a value such as `0`, `-1`, `1e5` or `100k`.',
    remediation: { action: 'Unset DOCKET_WALK_LIMIT or set it to a number of files from 1 to 1000000000, such as 200000.', commands: [] },
  },
  INVALID_DEEP_BUDGET: {
    kind: 'error',
    exit: EXIT.USAGE,
    category: 'usage',
    summary: 'DOCKET_DEEP_BUDGET_MS is not a whole number of milliseconds.',
    cause: 'The environment sets the `context --deep` time budget to a value such as `10s`, `-1` or `1e4`.',
    remediation: { action: 'Unset DOCKET_DEEP_BUDGET_MS or set it to milliseconds from 0 to 3600000, such as 30000.', commands: [] },
  },
  INTERRUPTED: {
    kind: 'error',
    exit: EXIT.INTERRUPTED,
    category: 'interrupt',
    summary: 'The command was interrupted by a signal before it finished.',
    cause: 'Ctrl-C, a CI timeout, or another process sending SIGINT or SIGTERM.',
    remediation: { action: 'Run the command again; writes are atomic, so no file was left half-written.', commands: [] },
  },
  WATCH_UNAVAILABLE: {
    kind: 'error',
    exit: EXIT.CANT_CREATE,
    category: 'filesystem',
    summary: '`check --watch` could not watch any directory of the repository for changes.',
    cause:
      "The docs root is missing, the system's limit on file watches is used up (Linux: fs.inotify.max_user_watches), or the file system does not report changes.",
    remediation: {
      action:
        'Create the docs root or raise the limit (sudo sysctl fs.inotify.max_user_watches=524288); otherwise run check without --watch.',
      commands: ['docket check'],
    },
  },
  WATCH_INCOMPLETE: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'filesystem',
    summary: '`check --watch` watches only part of the repository: changes elsewhere do not start a run (on stderr).',
    cause:
      "More directories than the watch takes (20000), the system's limit on file watches (Linux: fs.inotify.max_user_watches), or a directory that cannot be watched (permissions).",
    remediation: {
      action:
        'Raise the limit (sudo sysctl fs.inotify.max_user_watches=524288), leave generated trees out (excluded_paths, .gitignore), or run check without --watch.',
      commands: ['docket check'],
    },
  },
  INTERNAL_ERROR: {
    kind: 'error',
    exit: EXIT.INTERNAL,
    category: 'internal',
    summary: 'docket failed unexpectedly. This is a bug.',
    cause: 'An unhandled exception inside docket.',
    remediation: {
      action: 'Re-run with --debug to see the stack trace on stderr and report it with the command line.',
      commands: ['docket <command> --debug'],
    },
  },
  NODE_VERSION_UNSUPPORTED: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'tool',
    summary: 'This Node.js version is older than docket supports (20.12).',
    cause: 'An old Node.js on PATH.',
    remediation: { action: 'Install Node.js 20.12 or newer (22 LTS recommended).', commands: ['node --version'] },
  },
} as const satisfies Record<string, CodeSpec>;
