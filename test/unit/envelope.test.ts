import { describe, expect, it } from 'vitest';
import { buildEnvelope, sortKeysDeep } from '../../src/cli/envelope.js';
import { compareIssues, sortIssues, type Issue } from '../../src/core/issues.js';

const base = {
  success: true,
  status: 'ok' as const,
  command: 'check',
  runId: '00000000-0000-4000-8000-000000000000',
  root: '/repo',
  data: {},
};

describe('buildEnvelope', () => {
  it('uses the contract key order and omits absent optional keys', () => {
    const env = buildEnvelope({
      ...base,
      correlationId: 'c',
      timestamp: '2026-01-01T00:00:00.000Z',
      metrics: { elapsed_ms: 1 },
      error: { code: 'INTERNAL_ERROR', message: 'x' },
    });
    expect(Object.keys(env)).toEqual([
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
    ]);
    expect(Object.keys(buildEnvelope(base))).toEqual([
      'output_schema_version',
      'success',
      'status',
      'command',
      'run_id',
      'root',
      'data',
      'warnings',
      'violations',
      'advice',
    ]);
  });

  it('sorts data keys deeply but keeps array order', () => {
    const env = buildEnvelope({ ...base, data: { b: 1, a: { d: [3, 1, 2], c: { z: 1, y: 2 } } } });
    expect(JSON.stringify(env.data)).toBe('{"a":{"c":{"y":2,"z":1},"d":[3,1,2]},"b":1}');
  });

  it('drops undefined values', () => {
    expect(sortKeysDeep({ a: undefined, b: [undefined, 1] })).toEqual({ b: [undefined, 1] });
  });

  it('normalises issues to a fixed key order and sorts them by path, line, column, code', () => {
    const issues: Issue[] = [
      { message: 'm', code: 'LINK_BROKEN' as Issue['code'], severity: 'error', path: 'b.md', line: 3 },
      { suggestion: 's', code: 'FRONTMATTER_MISSING', severity: 'error', message: 'm', path: 'a.md', line: 1 },
      { code: 'SCHEMA_MISSING', severity: 'error', message: 'repo-level' },
      { code: 'FILE_BINARY', severity: 'error', message: 'm', path: 'b.md', line: 3, column: 2 },
      { code: 'FILE_ENCODING', severity: 'error', message: 'm', path: 'b.md', line: 1 },
    ];
    const sorted = sortIssues(issues);
    expect(sorted.map((i) => `${i.path ?? ''}:${i.line ?? ''}:${i.column ?? ''}:${i.code}`)).toEqual([
      ':::SCHEMA_MISSING',
      'a.md:1::FRONTMATTER_MISSING',
      'b.md:1::FILE_ENCODING',
      'b.md:3::LINK_BROKEN',
      'b.md:3:2:FILE_BINARY',
    ]);
    expect(Object.keys(sorted[1]!)).toEqual(['code', 'severity', 'message', 'path', 'line', 'suggestion']);
    // Sorting does not depend on input order.
    expect(sortIssues([...issues].reverse())).toEqual(sorted);
    expect(compareIssues(sorted[0]!, sorted[0]!)).toBe(0);
  });

  it('deduplicates advice but keeps its ranking', () => {
    const env = buildEnvelope({
      ...base,
      advice: [
        { code: 'NEXT_FIX', message: 'b', command: 'docket fix' },
        { code: 'NEXT_CHECK', message: 'a', command: 'docket check' },
        { code: 'NEXT_FIX', message: 'b', command: 'docket fix' },
      ],
    });
    expect(env.advice.map((a) => a.code)).toEqual(['NEXT_FIX', 'NEXT_CHECK']);
  });
});
