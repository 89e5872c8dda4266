import { EXIT, type CodeSpec } from '../types.js';

/**
 * A finding of `protocol check` (and of a `protocol sync` that did not, or would not, align
 * every asset). The Python DocOps CLI's names and exit code (1), so a script that reads them
 * keeps working.
 */
const drift = (summary: string, cause: string, action: string, commands: string[]): CodeSpec => ({
  kind: 'violation',
  exit: EXIT.POLICY,
  category: 'document',
  summary,
  cause,
  remediation: { action, commands },
});

/** Codes of the managed agent-instruction files: `docket protocol check|sync`. */
export const PROTOCOL_CODES = {
  PROTOCOL_ASSET_MISSING: drift(
    'A managed agent-instruction file (AGENTS.md, the skill, its script) does not exist.',
    'The repository never had it, or it was deleted.',
    'Create it with `docket protocol sync --apply`.',
    ['docket protocol sync --apply'],
  ),
  PROTOCOL_ASSET_LEGACY: drift(
    'AGENTS.md has no managed block (no MEMINIT_PROTOCOL markers).',
    'It was written by hand or by another tool before docket managed it.',
    'Run `docket protocol sync --apply`: it puts the managed block at the top and keeps the whole existing text below it.',
    ['docket protocol sync', 'docket protocol sync --apply'],
  ),
  PROTOCOL_ASSET_STALE: drift(
    "A managed file, or AGENTS.md's managed block, is not docket's current text (or a script lacks its mode 755).",
    'An older docket, the Python DocOps CLI (whose text differs on purpose), a changed project name or prefix, or a generated file edited by hand.',
    'Run `docket protocol sync --apply`; in AGENTS.md only the block between the markers is rewritten.',
    ['docket protocol sync', 'docket protocol sync --apply'],
  ),
  PROTOCOL_ASSET_TAMPERED: drift(
    "AGENTS.md's managed block was edited by hand: its text no longer has the checksum its begin marker records.",
    'Someone wrote inside the block instead of below the end marker.',
    'Move your text below the end marker, then run `docket protocol sync --apply --force` to restore the block (--force discards edits left inside it).',
    ['docket protocol sync', 'docket protocol sync --apply --force'],
  ),
  PROTOCOL_ASSET_UNPARSEABLE: drift(
    'A managed file cannot be used: its markers are broken (text before the begin marker, two begins, no end, a stray marker), or it is a link, a directory, over 1 MiB or unreadable.',
    'A hand edit or a merge of the markers; `details` of the asset (`reason`, `line`) says which.',
    'Repair the markers by hand, or run `docket protocol sync --apply --force`: the whole old text is kept below a new block, less its marker lines. Links, directories and oversized files are never replaced.',
    ['docket protocol check --format json', 'docket protocol sync --apply --force'],
  ),
  PROTOCOL_SYNC_FORCE_USED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'conflict',
    summary: '`protocol sync --force` replaced a managed block that was edited by hand, or markers that could not be parsed.',
    cause: '--force was given and an asset was tampered or unparseable.',
    remediation: {
      action: 'Review the change with `git diff`: text edited inside the old block is gone; text below the end marker is kept.',
      commands: ['docket protocol check'],
    },
  },
  PROTOCOL_ASSET_REFUSED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'filesystem',
    summary:
      '`init` left an agent-instruction file as it was: a symbolic link, not a regular file, reached through a link out of the repository, over 1 MiB or unreadable.',
    cause:
      'Something other than a regular file inside the repository is at the path of AGENTS.md, the skill or its script (or on the way to it).',
    remediation: {
      action: 'Put a regular file inside the repository there (or remove what is there), then run `docket protocol sync --apply`.',
      commands: ['docket protocol check', 'docket protocol sync --apply'],
    },
  },
} as const satisfies Record<string, CodeSpec>;
