import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { ValidateFunction } from 'ajv';
import type { Issue } from '../issues.js';
import { builtinValidators, withPrecompiledMeta } from './precompiled.js';
import { ajvRegExp, patternRunner } from './pattern/engine.js';
import { schemaPatterns } from './pattern/walk.js';
import { unknownKeywords } from './unknown-keywords.js';

export interface CompiledSchema {
  ok: true;
  schema: Record<string, unknown>;
  /** Stops at the first error: the fast path for valid documents. */
  validate: ValidateFunction;
  /**
   * Reports every error, for documents that failed `validate`; compiled on first use.
   * Bounded: frontmatter is at most 64 KiB, so the error list is too.
   */
  detailed(): ValidateFunction;
  /** Keywords and formats the validator does not know (SCHEMA_UNKNOWN_KEYWORD, SCHEMA_UNKNOWN_FORMAT): the schema works without them. */
  warnings: Issue[];
}

export interface SchemaProblem {
  ok: false;
  issue: Issue;
}

function lineColumn(text: string, position: number): { line: number; column: number } {
  const before = text.slice(0, position);
  const line = before.split('\n').length;
  return { line, column: position - before.lastIndexOf('\n') };
}

/** Position of a JSON.parse error, from "at position N" (Node 20) or "(line L column C)" (Node 22). */
function jsonErrorPosition(text: string, message: string): { line?: number; column?: number } {
  const lc = /line (\d+) column (\d+)/.exec(message);
  if (lc) return { line: Number(lc[1]), column: Number(lc[2]) };
  const pos = /at position (\d+)/.exec(message);
  return pos ? lineColumn(text, Number(pos[1])) : {};
}

type AjvClass = typeof import('ajv').default;

/** ajv is CommonJS: under ESM its class is `default`, or `default.default`, depending on the loader. */
function classOf(mod: { default: unknown }): AjvClass {
  const d = mod.default as { default?: unknown };
  return (typeof d.default === 'function' ? d.default : d) as AjvClass;
}

async function ajvFactory(schema: Record<string, unknown>): Promise<(allErrors: boolean) => import('ajv').default> {
  const uri = String(schema.$schema ?? '');
  const formatsMod = (await import('ajv-formats')) as { default: unknown };
  const fd = formatsMod.default as { default?: unknown };
  const addFormats = (typeof fd.default === 'function' ? fd.default : fd) as (ajv: object) => void;
  const Ajv = uri.includes('2020-12')
    ? withPrecompiledMeta(classOf(await import('ajv/dist/2020.js')), '2020-12')
    : uri.includes('2019-09')
      ? withPrecompiledMeta(classOf(await import('ajv/dist/2019.js')), '2019-09')
      : withPrecompiledMeta(classOf(await import('ajv')), 'draft-07');
  return (allErrors) => {
    // Patterns come from the repository: ajv runs them through docket's linear-time runner.
    // logger false: ajv would print unknown formats to stderr; unknownKeywords reports them as findings.
    const ajv = new Ajv({ allErrors, strict: false, validateFormats: true, logger: false, code: { regExp: ajvRegExp } });
    addFormats(ajv);
    return ajv;
  };
}

/** The built-in metadata schema's validators, precompiled (see precompiled.ts), when `schema` is that schema. */
function precompiled(schema: Record<string, unknown>): CompiledSchema | undefined {
  const validators = builtinValidators(schema);
  return validators && { ok: true, schema, validate: validators.first, detailed: validators.all, warnings: [] };
}

/** The first pattern of the schema that docket refuses to run (see pattern/engine.ts), as a finding. */
function refusedPattern(schema: unknown, text: string, schemaPath: string): Issue | undefined {
  for (const { pointer, pattern } of schemaPatterns(schema)) {
    const runner = patternRunner(pattern);
    if (runner.ok) continue;
    const at = text.indexOf(JSON.stringify(pattern));
    return {
      code: 'SCHEMA_INVALID',
      severity: 'error',
      message: `The pattern ${JSON.stringify(pattern)} at ${pointer} cannot be used: ${runner.reason}.`,
      path: schemaPath,
      ...(at === -1 ? {} : lineColumn(text, at)),
      suggestion:
        'Rewrite the pattern without backreferences or lookaround (RE2 syntax: https://github.com/google/re2/wiki/Syntax), or validate that field with `enum` or `format`.',
    };
  }
  return undefined;
}

/**
 * Deeper than any real metadata schema, shallow enough that hashing, ajv's compiler and the
 * code it generates (all recursive) never exhaust the stack.
 */
const MAX_SCHEMA_DEPTH = 256;

/** Whether a parsed JSON value nests objects and arrays more than `limit` levels (iterative: no stack of its own). */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (depth > limit) return true;
    for (const child of Array.isArray(v) ? v : Object.values(v))
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * Reads and compiles a metadata schema once. A missing file is SCHEMA_MISSING; bad JSON or an
 * invalid JSON Schema is SCHEMA_INVALID, with the position where known. Drafts 07, 2019-09 and
 * 2020-12 are recognised by `$schema`.
 */
export async function compileSchemaFile(root: string, schemaPath: string): Promise<CompiledSchema | SchemaProblem> {
  let text: string;
  try {
    // Synchronous: the caller waits for it anyway, and a read through libuv's thread pool adds
    // a hand-over to another thread for nothing.
    text = readFileSync(path.join(root, schemaPath), 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return {
      ok: false,
      issue: {
        code: 'SCHEMA_MISSING',
        severity: 'error',
        message:
          code === 'ENOENT'
            ? `The metadata schema ${schemaPath} does not exist.`
            : `The metadata schema ${schemaPath} could not be read (${code}).`,
        path: schemaPath,
        suggestion: 'Run `docket init` to write the default schema, or fix schema_path in docops.config.yaml.',
      },
    };
  }
  let schema: unknown;
  try {
    schema = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    const message = (error as Error).message;
    const pos = jsonErrorPosition(text, message);
    return {
      ok: false,
      issue: {
        code: 'SCHEMA_INVALID',
        severity: 'error',
        message: `The metadata schema is not valid JSON: ${message}`,
        path: schemaPath,
        ...pos,
        suggestion: 'Fix the JSON syntax at this position.',
      },
    };
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) {
    return {
      ok: false,
      issue: {
        code: 'SCHEMA_INVALID',
        severity: 'error',
        message: 'The metadata schema must be a JSON object.',
        path: schemaPath,
        suggestion: 'Start from the schema `docket init` writes.',
      },
    };
  }
  if (nestedDeeperThan(schema, MAX_SCHEMA_DEPTH)) {
    return {
      ok: false,
      issue: {
        code: 'SCHEMA_INVALID',
        severity: 'error',
        message: `The metadata schema nests objects and arrays more than ${MAX_SCHEMA_DEPTH} levels deep.`,
        path: schemaPath,
        suggestion: `Flatten the schema to at most ${MAX_SCHEMA_DEPTH} levels (use $defs and $ref for shared parts).`,
      },
    };
  }
  const builtin = precompiled(schema as Record<string, unknown>);
  if (builtin) return builtin;
  const refused = refusedPattern(schema, text, schemaPath);
  if (refused) return { ok: false, issue: refused };
  try {
    const make = await ajvFactory(schema as Record<string, unknown>);
    const ajv = make(false);
    const validate = ajv.compile(schema as Record<string, unknown>);
    let detailed: ValidateFunction | undefined;
    return {
      ok: true,
      schema: schema as Record<string, unknown>,
      validate,
      detailed: () => (detailed ??= make(true).compile(schema as Record<string, unknown>)),
      warnings: unknownKeywords(schema, ajv, text, schemaPath),
    };
  } catch (error) {
    return {
      ok: false,
      issue: {
        code: 'SCHEMA_INVALID',
        severity: 'error',
        message: `The metadata schema is not a valid JSON Schema: ${(error as Error).message}`,
        path: schemaPath,
        suggestion: 'Fix the keyword named in the message; see https://json-schema.org.',
      },
    };
  }
}
