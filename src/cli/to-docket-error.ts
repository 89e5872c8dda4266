import path from 'node:path';
import { DocketError, isDocketError } from '../errors/docket-error.js';
import { closest } from '../core/text/suggest.js';
import { writeFailed } from '../core/fs/atomic-write.js';

const ANSI = /\u001b\[[0-9;]*m/g;

/** Strips oclif's decorations ("See more help", colour codes, "Parsing --x") from a message. */
export function cleanMessage(message: string): string {
  return message
    .replace(ANSI, '')
    .replace(/\n?See more help with --help\s*$/, '')
    .replace(/^Parsing --[\w-]+ \s*\n\t/, '')
    .trim();
}

interface CommandShape {
  flags?: Record<string, unknown>;
  baseFlags?: Record<string, unknown>;
  id?: string;
}

function flagNames(ctor: CommandShape): string[] {
  const all = { ...ctor.baseFlags, ...ctor.flags } as Record<string, { allowNo?: boolean }>;
  return Object.entries(all)
    .flatMap(([name, def]) => (def?.allowNo ? [`--${name}`, `--no-${name}`] : [`--${name}`]))
    .sort();
}

function help(ctor: CommandShape): string {
  return `docket ${(ctor.id ?? '').replace(/:/g, ' ')} --help`.replace(/\s+/g, ' ');
}

// Calls that only ever change the file system: their refusal is the user's file system, not a bug.
const WRITE_CALLS = new Set([
  'mkdir',
  'rename',
  'link',
  'symlink',
  'unlink',
  'rmdir',
  'rm',
  'copyfile',
  'write',
  'fsync',
  'ftruncate',
  'utime',
  'futime',
  'chmod',
  'fchmod',
]);
const REFUSALS = new Set(['EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'EDQUOT']);

/** A write the file system refused (read-only, no permission, full) that no writer wrapped. */
function refusedWrite(error: unknown): error is NodeJS.ErrnoException & { path: string } {
  const e = error as NodeJS.ErrnoException;
  return typeof e?.path === 'string' && WRITE_CALLS.has(e.syscall ?? '') && REFUSALS.has(e.code ?? '');
}

/**
 * Maps oclif parse errors (matched by name: instanceof fails across module copies) to codes,
 * and a write the file system refused to WRITE_FAILED with its path relative to `root`.
 */
export function toDocketError(error: unknown, ctor: CommandShape = {}, root = process.cwd()): DocketError {
  if (refusedWrite(error)) return writeFailed(root, path.resolve(root, error.path), error);
  if (isDocketError(error)) {
    return new DocketError(error.code, cleanMessage(error.message), {
      suggestion: error.suggestion,
      details: error.details,
      cause: error.cause,
      warnings: error.warnings,
      advice: error.advice,
    });
  }
  const err = error as Error & { flags?: string[]; args?: { name: string }[] | string[] };
  const name = err?.constructor?.name ?? '';
  const message = cleanMessage(String(err?.message ?? error));
  switch (name) {
    case 'NonExistentFlagsError': {
      const flags = (err.flags ?? []).map(String);
      const valid = flagNames(ctor);
      const guess = flags.length > 0 ? closest(flags[0]!.split('=')[0]!, valid, 1)[0] : undefined;
      return new DocketError('UNKNOWN_FLAG', `Unknown flag${flags.length === 1 ? '' : 's'}: ${flags.join(', ')}.`, {
        suggestion: guess ? `Did you mean ${guess}? Run \`${help(ctor)}\` for the flags.` : `Run \`${help(ctor)}\` for the flags.`,
        details: { flags, valid_flags: valid },
      });
    }
    case 'RequiredArgsError': {
      const missing = (err.args ?? []).map((a) => (typeof a === 'string' ? a : a.name));
      return new DocketError('MISSING_ARGUMENT', `Missing required argument${missing.length === 1 ? '' : 's'}: ${missing.join(', ')}.`, {
        suggestion: `Add ${missing.join(' and ')}; run \`${help(ctor)}\` for the usage.`,
        details: { missing },
      });
    }
    case 'UnexpectedArgsError': {
      const extra = (err.args ?? []).map(String);
      return new DocketError('UNEXPECTED_ARGUMENT', `Unexpected argument${extra.length === 1 ? '' : 's'}: ${extra.join(', ')}.`, {
        suggestion: 'Remove the extra arguments, or quote a value that contains spaces.',
        details: { unexpected: extra },
      });
    }
    case 'FlagInvalidOptionError':
    case 'ArgInvalidOptionError': {
      const allowed = /one of: (.*)$/.exec(message)?.[1]?.split(', ') ?? [];
      return new DocketError('INVALID_FLAG_VALUE', `${message}.`, {
        suggestion: `Use one of: ${allowed.join(', ')}.`,
        details: { allowed },
      });
    }
    case 'FailedFlagValidationError':
    case 'ViolatedFlagConstraintError': {
      const reasons = message
        .split('\n')
        .slice(1)
        .map((s) => s.trim())
        .filter(Boolean);
      const conflict = reasons.some((r) => r.includes('cannot also be provided') || r.startsWith('Only the following'));
      return new DocketError(conflict ? 'FLAG_CONFLICT' : 'INVALID_FLAG_VALUE', reasons.join('; ') || message, {
        suggestion: conflict ? 'Keep one of the conflicting flags.' : `Run \`${help(ctor)}\` for the flags.`,
        details: { reasons },
      });
    }
    case 'CLIError':
    case 'CLIParseError':
      if (/^Flag --|^Unexpected flag|^Parsing --|Expected an integer|Expected a/.test(message) || /--[\w-]+/.test(message)) {
        return new DocketError('INVALID_FLAG_VALUE', message.endsWith('.') ? message : `${message}.`, {
          suggestion: `Run \`${help(ctor)}\` for the flags.`,
        });
      }
      break;
    default:
      break;
  }
  return new DocketError('INTERNAL_ERROR', `Unexpected error: ${message}`, {
    suggestion: 'Re-run with --debug and report the stack trace printed on stderr.',
    cause: error,
  });
}
