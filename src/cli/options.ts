import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { envValue } from '../core/env.js';
import { DocketError } from '../errors/docket-error.js';

export {
  BASE_FORMATS,
  CI_FORMATS,
  DIAGRAM_FORMATS,
  MACHINE_FORMATS,
  formatFromRaw,
  rawBool,
  rawFlag,
  type CiFormat,
  type Format,
} from './raw-argv.js';
import { DIAGRAM_FORMATS, MACHINE_FORMATS, rawFlag, type Format } from './raw-argv.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CORRELATION_ID = /^[\x21-\x7e]{1,128}$/;

/** Chooses the format from flags and environment; validates it against what the command supports. */
export function resolveFormat(flagFormat: string | undefined, json: boolean, env: NodeJS.ProcessEnv, allowed: readonly Format[]): Format {
  if (json && flagFormat !== undefined && flagFormat.toLowerCase() !== 'json') {
    throw new DocketError('FLAG_CONFLICT', `--json conflicts with --format ${flagFormat}.`, {
      suggestion: 'Use either --json or --format, not both.',
      details: { flags: ['--json', '--format'] },
    });
  }
  const fromEnv = env.DOCKET_FORMAT?.trim().toLowerCase() || undefined;
  let chosen = (json ? 'json' : (flagFormat ?? fromEnv ?? 'text')).toLowerCase();
  // DOCKET_FORMAT is a session-wide default: a machine format only some commands speak
  // (ndjson, sarif, ...) falls back to the JSON envelope elsewhere. An explicit --format does not.
  if (
    !json &&
    flagFormat === undefined &&
    fromEnv !== undefined &&
    MACHINE_FORMATS.has(fromEnv as Format) &&
    !(allowed as readonly string[]).includes(fromEnv)
  )
    chosen = 'json';
  // A diagram language (graph's) falls back to text, the other format read by people.
  if (
    !json &&
    flagFormat === undefined &&
    fromEnv !== undefined &&
    DIAGRAM_FORMATS.has(fromEnv as Format) &&
    !(allowed as readonly string[]).includes(fromEnv)
  )
    chosen = 'text';
  if (!(allowed as readonly string[]).includes(chosen)) {
    const source = json || flagFormat !== undefined ? `--format ${chosen}` : `DOCKET_FORMAT=${fromEnv}`;
    throw new DocketError('INVALID_FORMAT', `${source} is not supported by this command.`, {
      suggestion: `Use one of: ${allowed.join(', ')}.`,
      details: { allowed: [...allowed], value: chosen },
    });
  }
  return chosen as Format;
}

/**
 * A random run ID, unless DOCKET_RUN_ID pins it (a non-UUID is refused). MEMINIT_RUN_ID stands
 * in for it with that tool's semantics (reference §2.7): a value that is not a UUID is ignored.
 */
export function resolveRunId(env: NodeJS.ProcessEnv): string {
  const variable = envValue(env, 'DOCKET_RUN_ID');
  if (!variable) return randomUUID();
  const pinned = variable.value;
  if (variable.name !== 'DOCKET_RUN_ID' && !UUID.test(pinned)) return randomUUID();
  if (!UUID.test(pinned)) {
    throw new DocketError('INVALID_RUN_ID', `DOCKET_RUN_ID "${pinned.slice(0, 64)}" is not a UUID.`, {
      suggestion: 'Unset DOCKET_RUN_ID or set it to a UUID such as 00000000-0000-4000-8000-000000000000.',
    });
  }
  return pinned.toLowerCase();
}

/** A run ID for envelopes produced when DOCKET_RUN_ID itself is invalid. */
export function safeRunId(env: NodeJS.ProcessEnv): string {
  try {
    return resolveRunId(env);
  } catch {
    return randomUUID();
  }
}

/** --correlation-id, else DOCKET_CORRELATION_ID, else MEMINIT_CORRELATION_ID (variables trimmed, as that tool does). */
export function resolveCorrelationId(flag: string | undefined, env: NodeJS.ProcessEnv): string | undefined {
  const variable = flag === undefined ? envValue(env, 'DOCKET_CORRELATION_ID') : undefined;
  const value = flag ?? variable?.value;
  if (value === undefined) return undefined;
  if (!CORRELATION_ID.test(value)) {
    throw new DocketError(
      'INVALID_CORRELATION_ID',
      `The correlation ID must be 1 to 128 visible ASCII characters without whitespace (got ${value.length} characters).`,
      {
        suggestion: 'Pass a short identifier such as a CI job ID: --correlation-id build-1234.',
        details: { length: value.length, source: variable?.name ?? '--correlation-id' },
      },
    );
  }
  return value;
}

/**
 * Colour on a TTY unless disabled: --no-color and NO_COLOR (any non-empty value) turn it off,
 * --color and FORCE_COLOR (other than 0/false) turn it on, even in a pipe.
 */
export function resolveColor(flag: boolean | undefined, env: NodeJS.ProcessEnv, isTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined) return !['0', 'false'].includes(force.toLowerCase());
  return isTTY && env.TERM !== 'dumb';
}

/** Root as given on the command line, made absolute (no checks): used for early envelopes. */
export function rootFromRaw(argv: readonly string[], cwd: string): string {
  const raw = rawFlag(argv, 'root');
  // `--root --format json`: the next token is another flag, not a root.
  return path.resolve(cwd, raw === undefined || raw === '' || raw.startsWith('-') ? '.' : raw);
}
