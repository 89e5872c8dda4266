import { expect } from 'vitest';
import { expectValidAgainst } from './schemas.js';

export type NdjsonRecord = Record<string, any> & { record: 'header' | 'item' | 'progress' | 'summary' | 'error' };

/**
 * Parses an NDJSON stream and checks the contract: every line is one JSON record valid
 * against schemas/ndjson-record.schema.json, one header first, exactly one terminal record
 * (summary or error) last, and counts that match the items.
 */
export function parseStream(stdout: string, command: string): NdjsonRecord[] {
  expect(stdout.endsWith('\n'), 'the stream ends with a newline').toBe(true);
  const records = stdout
    .slice(0, -1)
    .split('\n')
    .map((line) => JSON.parse(line) as NdjsonRecord);
  for (const r of records) expectValidAgainst('ndjson-record.schema.json', r);
  expect(records[0]!.record).toBe('header');
  expect(records[0]!.command).toBe(command);
  expect(records.filter((r) => r.record === 'header')).toHaveLength(1);
  const last = records[records.length - 1]!;
  expect(['summary', 'error']).toContain(last.record);
  expect(records.filter((r) => r.record === 'summary' || r.record === 'error')).toHaveLength(1);
  const items = records.filter((r) => r.record === 'item');
  const findings = items.filter((r) => r.kind === 'finding').map((r) => r.data);
  expect(last.counts).toEqual({
    items: items.length,
    violations: findings.filter((f) => f.severity === 'error').length,
    warnings: findings.filter((f) => f.severity !== 'error').length,
  });
  return records;
}

export const itemsOf = (records: NdjsonRecord[], kind: string) =>
  records.filter((r) => r.record === 'item' && r.kind === kind).map((r) => r.data);
