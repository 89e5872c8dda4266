import type { ErrorObject, ValidateFunction } from 'ajv';
import { resolveInsideRoot } from '../../core/fs/paths.js';
import { createAjv } from '../../contract/ajv.js';
import { closest } from '../../core/text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';
import type { Tool } from './tools.js';

const validators = new WeakMap<Tool, ValidateFunction>();
let ajv: ReturnType<typeof createAjv> | undefined;

function validatorOf(tool: Tool): ValidateFunction {
  let v = validators.get(tool);
  if (!v) {
    ajv ??= createAjv();
    v = ajv.compile(tool.definition.inputSchema);
    validators.set(tool, v);
  }
  return v;
}

function describeError(e: ErrorObject): string {
  const where = e.instancePath ? `\`${e.instancePath.slice(1).split('/')[0]}\`` : 'the arguments';
  if (e.keyword === 'enum') return `${where} must be one of: ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}`;
  return `${where} ${e.message ?? 'is invalid'}`;
}

/**
 * Checks tool arguments against the tool's inputSchema and maps failures to the CLI's own
 * usage codes, so an agent sees the same codes (and `docket explain` text) as on the command line.
 */
export function validateArguments(tool: Tool, args: Record<string, unknown>): void {
  const validate = validatorOf(tool);
  if (validate(args)) return;
  const errors = validate.errors ?? [];
  const valid = Object.keys(tool.definition.inputSchema.properties as object).sort();
  const extra = errors
    .filter((e) => e.keyword === 'additionalProperties')
    .map((e) => String((e.params as { additionalProperty: string }).additionalProperty));
  if (extra.length > 0) {
    const guesses = [...new Set(extra.flatMap((name) => closest(name, valid, 1)))];
    throw new DocketError(
      'UNKNOWN_FLAG',
      `Unknown argument${extra.length === 1 ? '' : 's'} for tool ${tool.definition.name}: ${extra.join(', ')}.`,
      {
        suggestion: `${guesses.length > 0 ? `Did you mean ${guesses.join(', ')}? ` : ''}The tool takes: ${valid.join(', ') || 'no arguments'}.`,
        details: { arguments: extra, valid_arguments: valid, did_you_mean: guesses },
      },
    );
  }
  const missing = errors
    .filter((e) => e.keyword === 'required')
    .map((e) => String((e.params as { missingProperty: string }).missingProperty));
  if (missing.length > 0) {
    throw new DocketError(
      'MISSING_ARGUMENT',
      `Missing required argument${missing.length === 1 ? '' : 's'} for tool ${tool.definition.name}: ${missing.join(', ')}.`,
      {
        suggestion: `Add ${missing.join(' and ')}; the tool's inputSchema describes each argument.`,
        details: { missing },
      },
    );
  }
  const reasons = [...new Set(errors.map(describeError))];
  const allowed = errors.find((e) => e.keyword === 'enum')?.params as { allowedValues?: unknown[] } | undefined;
  throw new DocketError('INVALID_FLAG_VALUE', `Invalid arguments for tool ${tool.definition.name}: ${reasons.join('; ')}.`, {
    suggestion: "Fix the values named in the message; the tool's inputSchema gives each argument's type.",
    details: { reasons, ...(allowed?.allowedValues ? { allowed: allowed.allowedValues } : {}) },
  });
}

/** Path arguments must stay inside the root (lexically and through symbolic links): PATH_OUTSIDE_ROOT, exit 77. */
export function checkPaths(tool: Tool, args: Record<string, unknown>, root: string): void {
  for (const param of tool.params) {
    if (!param.path) continue;
    const value = args[param.property];
    const values = Array.isArray(value) ? value : value === undefined ? [] : [value];
    for (const v of values)
      resolveInsideRoot(root, String(v), param.kind === 'arg' ? `argument ${param.property}` : `${param.property} path`);
  }
}

/**
 * The command line for a call: `<id> [flags] --format json --root <root> -- [args]`. Option
 * values use `--name=value` and arguments follow `--`, so a value starting with '-' is never
 * read as a flag. Writing tools get their preview flag unless `apply` is true.
 */
export function toArgv(tool: Tool, args: Record<string, unknown>, root: string): string[] {
  const flags: string[] = [];
  const positional: string[] = [];
  for (const param of tool.params) {
    const value = args[param.property];
    if (param.kind === 'apply') {
      const apply = value === true;
      if (tool.preview?.mode === 'apply' ? apply : !apply) flags.push(`--${param.name}`);
      continue;
    }
    if (value === undefined || value === null) continue;
    if (param.kind === 'arg') {
      positional.push(...(Array.isArray(value) ? value.map(String) : [String(value)]));
    } else if (param.flag?.type === 'boolean') {
      if (value === true) flags.push(`--${param.name}`);
      else if (param.flag.allowNo) flags.push(`--no-${param.name}`);
    } else if (param.joined && Array.isArray(value)) {
      flags.push(`--${param.name}=${value.map(String).join(',')}`);
    } else {
      for (const v of Array.isArray(value) ? value : [value]) flags.push(`--${param.name}=${String(v)}`);
    }
  }
  return [tool.oclifId, ...flags, '--format', 'json', '--root', root, ...(positional.length > 0 ? ['--', ...positional] : [])];
}
