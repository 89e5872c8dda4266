import { EXIT, type CodeSpec } from '../types.js';

export const CONFIG_CODES = {
  CONFIG_NOT_FOUND: {
    kind: 'error',
    exit: EXIT.NO_INPUT,
    category: 'config',
    summary: 'No docops.config.yaml at the repository root.',
    cause: 'The repository has not been initialised, or --root points at the wrong directory.',
    remediation: {
      action: 'Initialise the repository, or pass the directory that holds docops.config.yaml as --root.',
      commands: ['docket init', 'docket doctor --root <dir>'],
    },
  },
  CONFIG_DEFAULTS: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary:
      'No docops.config.yaml: the command ran on the defaults (docs root docs, a prefix from the directory name, the built-in types).',
    cause:
      'fix, index, resolve, identify, link or install-precommit ran in a git work tree (or with --root) that has no config yet, as the Python DocOps CLI allows.',
    remediation: {
      action: 'Run `docket init` to write the config, so every command reads the same settings; check and new require it.',
      commands: ['docket init', 'docket doctor'],
    },
  },
  CONFIG_INVALID: {
    kind: 'error',
    exit: EXIT.DATA,
    category: 'config',
    summary: 'docops.config.yaml is not valid YAML or has values of the wrong type.',
    cause:
      'A syntax error, a duplicate key, a key whose value has the wrong type, or a repo_prefix or document type that cannot be used in IDs and file names (such as `../X` or `A-B`).',
    remediation: {
      action: 'Fix the file at the line given in the message, then re-run `docket doctor`.',
      commands: ['docket doctor'],
    },
  },
  CONFIG_EMPTY: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary:
      'docops.config.yaml sets nothing (empty, blank or only comments): the defaults stand in, with a prefix derived from the folder name.',
    cause:
      'A config created empty (`touch docops.config.yaml`), emptied by a merge, or whose settings were all commented out. Every command that loads it, and doctor, says so: IDs would otherwise take a prefix from whatever the folder is called.',
    remediation: {
      action:
        'Write the keys `docket init` writes (project_name, repo_prefix, docs_root, schema_path, index_path, document_types), at least repo_prefix; or delete the empty file and run `docket init --prefix <PREFIX>`.',
      commands: ['docket init --prefix <PREFIX>', 'docket doctor'],
    },
  },
  CONFIG_SYMLINK: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'security',
    summary:
      'docops.config.yaml is a symbolic link to a file inside the repository: it is read from there, and writes through the link are refused.',
    cause:
      'A config shared between folders of one repository by a link. A link that leaves the repository is refused (PATH_OUTSIDE_ROOT): a config from elsewhere would govern the repository without being part of it.',
    remediation: {
      action:
        'Replace the link with the file itself, or keep it and edit the target by hand (commands that edit the config refuse to write through a link).',
      commands: ['docket doctor'],
    },
  },
  CONFIG_UNKNOWN_KEY: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary: 'docops.config.yaml has a key docket does not know.',
    cause: 'A typo in a key name, or a key from another tool.',
    remediation: { action: 'Rename the key to the suggested one, or remove it.', commands: ['docket doctor'] },
  },
  CONFIG_DEPRECATED_KEY: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary: 'docops.config.yaml uses a legacy key (a note, severity info: it never fails --strict).',
    cause:
      'A key of the older DocOps config format, such as `type_directories` or `templates`, which the Python DocOps CLI still reads and writes.',
    remediation: {
      action:
        'Nothing is required: the legacy key works as written. To modernise, move its entries into `document_types` (TYPE: {directory, template}).',
      commands: ['docket doctor'],
    },
  },
  CONFIG_PATH_REFUSED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'security',
    summary: 'A path in docops.config.yaml is absolute or leaves the repository; the default is used instead.',
    cause: 'A path such as `/etc/docs` or `../shared/docs` in the config.',
    remediation: { action: 'Use a path relative to the repository root that stays inside it.', commands: ['docket doctor'] },
  },
  CONFIG_VALUE_IGNORED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary: 'A config entry has the wrong shape and was ignored.',
    cause: 'For example a document type without a directory, or a list item that is not a string.',
    remediation: { action: 'Fix the entry named in the message.', commands: ['docket doctor'] },
  },
  CONFIG_VALUE_NORMALIZED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary: 'A repo_prefix or document type key was trimmed or upper-cased to be used, as the Python DocOps CLI reads it.',
    cause: 'A prefix or type written in lower case or with surrounding spaces, such as `repo_prefix: acme`.',
    remediation: { action: 'Write the value as the message shows it, in upper case without spaces.', commands: ['docket doctor'] },
  },
  CONFIG_KEPT: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'config',
    summary: '`init` found an existing docops.config.yaml and kept it; --prefix/--project-name were not applied.',
    cause: '`docket init` never overwrites files.',
    remediation: { action: 'Edit docops.config.yaml yourself to change its values.', commands: ['docket doctor'] },
  },
  UNKNOWN_NAMESPACE: {
    kind: 'error',
    exit: EXIT.USAGE,
    category: 'usage',
    summary: 'The --namespace value names no namespace in docops.config.yaml.',
    cause: 'A typo in the name, or a namespace that was renamed or exists only in another repository.',
    remediation: {
      action: 'Use one of the names in `details.valid_namespaces` (also listed by `docket context`).',
      commands: ['docket context'],
    },
  },
  NAMESPACE_PREFIX_DUPLICATE: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'config',
    summary: 'Two namespaces use the same prefix.',
    cause: 'Copy-pasted namespace entries; IDs from the two would collide.',
    remediation: { action: 'Give each namespace its own repo_prefix.', commands: ['docket doctor'] },
  },
  NAMESPACE_NAME_DUPLICATE: {
    kind: 'violation',
    exit: EXIT.POLICY,
    category: 'config',
    summary: 'Two namespaces have the same name.',
    cause: 'Copy-pasted namespace entries; `--namespace NAME` would be ambiguous.',
    remediation: { action: 'Give each namespace its own name.', commands: ['docket doctor'] },
  },
} as const satisfies Record<string, CodeSpec>;
