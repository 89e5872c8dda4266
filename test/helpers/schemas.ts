import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { relaxRequired } from '../../src/contract/data-schema.js';
import { REPO } from './cli.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;
const ajv = new Ajv({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true });
addFormats(ajv);
const cache = new Map<string, ValidateFunction>();

function schemaFile(rel: string): string {
  return path.join(REPO, 'schemas', rel);
}

export function dataSchemaPath(command: string): string {
  return schemaFile(`data/${command.replace(/[: ]/g, '-')}.schema.json`);
}

function validator(file: string, projected = false): ValidateFunction {
  const key = `${file}${projected ? '#projected' : ''}`;
  let v = cache.get(key);
  if (!v) {
    const raw = JSON.parse(readFileSync(file, 'utf8'));
    // A --fields projection is valid against the data schema with its top-level `required` relaxed.
    const schema = projected ? { ...relaxRequired(raw), $id: `${raw.$id}:projected` } : raw;
    v = ajv.compile(schema);
    cache.set(key, v);
  }
  return v;
}

/**
 * Asserts an envelope is valid against the envelope schema and its command's data schema
 * (`projected`: data was limited by --fields, so the data schema's top-level `required` is relaxed).
 */
export function expectValidEnvelope(env: Record<string, any> | undefined, command?: string, opts: { projected?: boolean } = {}): void {
  expect(env, 'stdout was not exactly one JSON line').toBeDefined();
  const envelope = validator(schemaFile('agent-output.schema.v1.json'));
  expect(envelope(env), JSON.stringify(envelope.errors, null, 2)).toBe(true);
  const cmd = command ?? env!.command;
  if (env!.error && Object.keys(env!.data).length === 0) return;
  if (cmd) {
    const data = validator(dataSchemaPath(cmd), opts.projected);
    expect(data(env!.data), JSON.stringify(data.errors, null, 2)).toBe(true);
  }
}

export function expectKeyOrder(env: Record<string, unknown>): void {
  const order = [
    'output_schema_version',
    'success',
    'status',
    'command',
    'run_id',
    'correlation_id',
    'timestamp',
    'root',
    'data',
    'warnings',
    'violations',
    'advice',
    'error',
    'metrics',
  ];
  const keys = Object.keys(env);
  expect(keys).toEqual(order.filter((k) => keys.includes(k)));
}

/** Asserts a value is valid against a schema file under schemas/ (e.g. `index-artifact.schema.json`). */
export function expectValidAgainst(schemaRel: string, value: unknown): void {
  const v = validator(schemaFile(schemaRel));
  expect(v(value), JSON.stringify(v.errors, null, 2)).toBe(true);
}
