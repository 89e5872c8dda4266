import { describe, expect, it } from 'vitest';
import { formatFromRaw, rawFlag, resolveColor, resolveCorrelationId, resolveFormat, resolveRunId } from '../../src/cli/options.js';
import { cleanMessage } from '../../src/cli/to-docket-error.js';

describe('global options', () => {
  it('reads raw flags before parsing, stopping at --', () => {
    expect(rawFlag(['--format', 'json'], 'format')).toBe('json');
    expect(rawFlag(['--format=md', '--format', 'text'], 'format')).toBe('text');
    expect(rawFlag(['--', '--format', 'json'], 'format')).toBeUndefined();
    expect(formatFromRaw(['--json'], {})).toBe('json');
    expect(formatFromRaw([], { DOCKET_FORMAT: 'JSON' })).toBe('json');
    expect(formatFromRaw(['--format', 'sarif'], {})).toBe('sarif');
    expect(formatFromRaw(['--format', 'ndjson'], {})).toBe('json');
    expect(formatFromRaw(['--format', 'bogus'], {})).toBe('text');
  });

  it('resolves and validates the format', () => {
    expect(resolveFormat(undefined, false, {}, ['text', 'json'])).toBe('text');
    expect(resolveFormat(undefined, false, { DOCKET_FORMAT: 'json' }, ['text', 'json'])).toBe('json');
    expect(resolveFormat('MD', false, {}, ['text', 'md'])).toBe('md');
    expect(() => resolveFormat('text', true, {}, ['text', 'json'])).toThrow(/conflicts/);
    expect(() => resolveFormat('sarif', false, {}, ['text', 'json'])).toThrow(/not supported/);
  });

  it('pins and validates run and correlation IDs', () => {
    expect(resolveRunId({ DOCKET_RUN_ID: '00000000-0000-4000-8000-00000000000A' })).toBe('00000000-0000-4000-8000-00000000000a');
    expect(resolveRunId({})).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => resolveRunId({ DOCKET_RUN_ID: 'x' })).toThrow(/not a UUID/);
    expect(resolveCorrelationId(undefined, {})).toBeUndefined();
    expect(resolveCorrelationId(undefined, { DOCKET_CORRELATION_ID: 'a' })).toBe('a');
    expect(() => resolveCorrelationId('a\tb', {})).toThrow();
    expect(() => resolveCorrelationId('ü', {})).toThrow();
  });

  it('decides colour from flag, NO_COLOR, FORCE_COLOR and the TTY', () => {
    expect(resolveColor(undefined, {}, true)).toBe(true);
    expect(resolveColor(undefined, {}, false)).toBe(false);
    expect(resolveColor(undefined, { NO_COLOR: '1' }, true)).toBe(false);
    expect(resolveColor(undefined, { FORCE_COLOR: '1' }, false)).toBe(true);
    expect(resolveColor(undefined, { FORCE_COLOR: '0' }, true)).toBe(false);
    expect(resolveColor(false, { FORCE_COLOR: '1' }, true)).toBe(false);
    expect(resolveColor(undefined, { TERM: 'dumb' }, true)).toBe(false);
  });

  it('strips oclif decorations from messages', () => {
    expect(cleanMessage('Parsing --x \n\tbad value\nSee more help with --help')).toBe('bad value');
    expect(cleanMessage('\u001b[2mdim\u001b[22m')).toBe('dim');
  });
});
