import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import type { Ajv, ErrorObject, ValidateFunction } from 'ajv';
import { readDataSchema, relaxRequired, type JsonSchema } from '../contract/data-schema.js';
import { OUTPUT_SCHEMA_VERSION } from '../contract/envelope.js';
import { createAjv } from '../contract/ajv.js';
import type { EnvelopeOf, KnownEnvelope } from '../contract/commands.js';

/** Why a line is not an envelope this library can hand over. */
export type EnvelopeParseErrorCode =
  'EMPTY_OUTPUT' | 'NOT_ONE_LINE' | 'NOT_JSON' | 'INCOMPATIBLE_MAJOR' | 'SCHEMA_MISMATCH' | 'COMMAND_MISMATCH';

export class EnvelopeParseError extends Error {
  readonly code: EnvelopeParseErrorCode;
  readonly details: Record<string, unknown>;

  constructor(code: EnvelopeParseErrorCode, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = 'EnvelopeParseError';
    this.code = code;
    this.details = details;
  }
}

export type ParseResult<E> = { ok: true; envelope: E } | { ok: false; error: EnvelopeParseError };

export interface ParseOptions<C extends string = string> {
  /** The command that produced the line: its data is validated and typed, and `command` must match. */
  command?: C;
  /** Validate against the published schemas (default true). false only parses and checks the version. */
  validate?: boolean;
}

const [OUR_MAJOR, OUR_MINOR] = OUTPUT_SCHEMA_VERSION.split('.').map(Number) as [number, number];
const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)$/; // MAJOR.MINOR, no leading zeros

/** Whether this library can read an output of `version`: the same major; any minor (newer minors only add optional fields). */
export function isCompatible(version: unknown): boolean {
  const m = typeof version === 'string' ? VERSION.exec(version) : null;
  return m !== null && Number(m[1]) === OUR_MAJOR;
}

function isNewerMinor(version: string): boolean {
  const m = VERSION.exec(version);
  return m !== null && Number(m[2]) > OUR_MINOR;
}

/** A newer minor may add optional fields anywhere: its outputs are checked with additionalProperties allowed. */
function allowAdditional(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(allowAdditional);
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node as JsonSchema)
      .filter(([k, v]) => !(k === 'additionalProperties' && v === false))
      .map(([k, v]) => [k, allowAdditional(v)]),
  );
}

interface Validators {
  ajv: Ajv;
  envelope: { exact?: ValidateFunction; lenient?: ValidateFunction };
  data: Map<string, { exact?: ValidateFunction; lenient?: ValidateFunction } | null>;
  envelopeSchema: JsonSchema;
}

let validators: Validators | undefined;
let precompiled: Record<string, ValidateFunction> | null | undefined;

/**
 * `npm run build` precompiles the published schemas into validators.cjs beside this file
 * (scripts/validators.js): validating then loads no ajv and compiles nothing. Without it (running
 * from src/, or for a newer minor's lenient schemas) ajv compiles at run time.
 */
function precompiledValidator(name: string): ValidateFunction | undefined {
  if (precompiled === undefined) {
    try {
      precompiled = createRequire(import.meta.url)('./validators.cjs') as Record<string, ValidateFunction>;
    } catch {
      precompiled = null;
    }
  }
  return precompiled?.[name];
}

/** Ajv and the envelope schema are loaded on the first validating call, each schema compiled once. */
function state(): Validators {
  if (!validators) {
    const envelopeSchema = JSON.parse(readFileSync(`${PACKAGE_ROOT}schemas/agent-output.schema.v1.json`, 'utf8')) as JsonSchema;
    delete envelopeSchema.$id;
    // The schemas are docket's own, checked by its test suite: skipping the meta-schema check and
    // code optimisation halves the cold first call and does not change what validates.
    validators = {
      ajv: createAjv({ allErrors: false, validateSchema: false, code: { optimize: false } }),
      envelope: {},
      data: new Map(),
      envelopeSchema,
    };
  }
  return validators;
}

function envelopeValidator(lenient: boolean): ValidateFunction {
  const fast = lenient ? undefined : precompiledValidator('envelope');
  if (fast) return fast;
  const s = state();
  const key = lenient ? 'lenient' : 'exact';
  s.envelope[key] ??= s.ajv.compile((lenient ? allowAdditional(s.envelopeSchema) : s.envelopeSchema) as JsonSchema);
  return s.envelope[key];
}

/** data is checked with the top-level `required` relaxed: --fields projections and error results (`data: {}`) are valid. */
function dataValidator(command: string, lenient: boolean): ValidateFunction | undefined {
  const fast = lenient ? undefined : precompiledValidator(`data:${command}`);
  if (fast) return fast;
  const s = state();
  if (!s.data.has(command)) {
    const schema = readDataSchema(PACKAGE_ROOT, command);
    s.data.set(command, schema ? {} : null);
  }
  const entry = s.data.get(command);
  if (!entry) return undefined;
  const key = lenient ? 'lenient' : 'exact';
  if (!entry[key]) {
    const { $id: _id, ...schema } = relaxRequired(readDataSchema(PACKAGE_ROOT, command)!);
    entry[key] = s.ajv.compile((lenient ? allowAdditional(schema) : schema) as JsonSchema);
  }
  return entry[key];
}

function schemaErrors(errors: ErrorObject[] | null | undefined, prefix = ''): { path: string; message: string }[] {
  return (errors ?? []).slice(0, 10).map((e) => ({ path: `${prefix}${e.instancePath}` || '/', message: e.message ?? e.keyword }));
}

const fail = (code: EnvelopeParseErrorCode, message: string, details?: Record<string, unknown>) => ({
  ok: false as const,
  error: new EnvelopeParseError(code, message, details),
});

/**
 * Parses one line of `docket ... --format json` output and validates it against the published
 * schemas (the envelope, and the command's data). It never throws: the result is the typed
 * envelope or a typed EnvelopeParseError.
 */
export function parseEnvelope<C extends string = string>(line: string, opts: ParseOptions<C> & { command: C }): ParseResult<EnvelopeOf<C>>;
export function parseEnvelope(line: string, opts?: ParseOptions): ParseResult<KnownEnvelope>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the overloads above carry the types
export function parseEnvelope(line: string, opts: ParseOptions = {}): ParseResult<any> {
  const text = String(line).replace(/\r?\n$/, '');
  if (text.trim() === '') return fail('EMPTY_OUTPUT', 'The output is empty: the command printed no envelope.');
  if (/[\r\n]/.test(text.trim()))
    return fail('NOT_ONE_LINE', 'The output has several lines; an envelope is exactly one line (was --format json given?).', {
      lines: text.split(/\r?\n/).length,
    });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return fail('NOT_JSON', `The output is not JSON: ${(error as Error).message}`);
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail('NOT_JSON', 'The output is JSON but not an object.');
  const env = value as EnvelopeOf<string>;
  const version = env.output_schema_version;
  if (typeof version === 'string' && VERSION.test(version) && !isCompatible(version)) {
    return fail('INCOMPATIBLE_MAJOR', `Output schema ${version} is not compatible with this client (major ${OUR_MAJOR}).`, {
      version,
      supported_major: OUR_MAJOR,
    });
  }
  if (opts.command !== undefined && env.command !== opts.command) {
    return fail('COMMAND_MISMATCH', `Expected an envelope of "${opts.command}", got "${String(env.command)}".`, {
      expected: opts.command,
      actual: env.command,
    });
  }
  if (opts.validate !== false) {
    const lenient = typeof version === 'string' && isNewerMinor(version);
    const validate = envelopeValidator(lenient);
    if (!validate(env))
      return fail('SCHEMA_MISMATCH', 'The output does not match the envelope schema.', { errors: schemaErrors(validate.errors) });
    const data = typeof env.command === 'string' ? dataValidator(env.command, lenient) : undefined;
    if (data && !data(env.data))
      return fail('SCHEMA_MISMATCH', `data does not match the schema of "${env.command}".`, { errors: schemaErrors(data.errors, '/data') });
  }
  return { ok: true, envelope: env };
}

/** Parses many outputs (one envelope each), sharing the compiled schemas. */
export function parseEnvelopes(lines: Iterable<string>, opts: ParseOptions = {}): ParseResult<KnownEnvelope>[] {
  return [...lines].map((line) => parseEnvelope(line, opts));
}

/** Narrows an envelope to one command's type. */
export function isEnvelopeOf<C extends string>(env: { command: string }, command: C): env is EnvelopeOf<C> {
  return env.command === command;
}
