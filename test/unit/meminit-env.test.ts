import { describe, expect, it } from 'vitest';
import { envValue, MEMINIT_ENV_FALLBACKS, MEMINIT_ENV_IGNORED } from '../../src/core/env.js';
import { lockTimeoutMs } from '../../src/core/ids/claim.js';
import { debugEnabled } from '../../src/cli/io.js';
import { resolveCorrelationId, resolveRunId } from '../../src/cli/options.js';

/** Every MEMINIT_* variable the reference names (§4.4 environment variables, §1.1 --verbose). */
const REFERENCE_VARIABLES = [
  'MEMINIT_CORRELATION_ID',
  'MEMINIT_RUN_ID',
  'MEMINIT_DEFAULT_OWNER',
  'MEMINIT_ACTOR_ID',
  'MEMINIT_LOCK_TIMEOUT_MS',
  'MEMINIT_LOG_FORMAT',
  'MEMINIT_LOG_SILENT',
  'MEMINIT_DEBUG',
  'MEMINIT_LOG_FILE',
];

describe('MEMINIT_* variables', () => {
  it('each one the reference names is either a fallback of a DOCKET_* variable or ignored with a reason', () => {
    const fallbacks: string[] = Object.values(MEMINIT_ENV_FALLBACKS);
    const ignored = Object.keys(MEMINIT_ENV_IGNORED);
    expect([...fallbacks, ...ignored].sort()).toEqual([...REFERENCE_VARIABLES].sort());
    expect(fallbacks.filter((v) => ignored.includes(v))).toEqual([]);
    for (const reason of Object.values(MEMINIT_ENV_IGNORED)) expect(reason.length).toBeGreaterThan(20);
  });

  it("docket's variable wins; a blank one counts as unset", () => {
    expect(envValue({ MEMINIT_DEFAULT_OWNER: ' Ops ' }, 'DOCKET_DEFAULT_OWNER')).toEqual({ value: 'Ops', name: 'MEMINIT_DEFAULT_OWNER' });
    expect(envValue({ MEMINIT_DEFAULT_OWNER: 'Ops', DOCKET_DEFAULT_OWNER: 'Dev' }, 'DOCKET_DEFAULT_OWNER')).toEqual({
      value: 'Dev',
      name: 'DOCKET_DEFAULT_OWNER',
    });
    expect(envValue({ MEMINIT_DEFAULT_OWNER: 'Ops', DOCKET_DEFAULT_OWNER: '  ' }, 'DOCKET_DEFAULT_OWNER')?.name).toBe(
      'MEMINIT_DEFAULT_OWNER',
    );
    expect(envValue({}, 'DOCKET_DEFAULT_OWNER')).toBeUndefined();
  });

  it('MEMINIT_LOCK_TIMEOUT_MS sets the ID-claim wait when DOCKET_LOCK_TIMEOUT_MS is unset', () => {
    expect(lockTimeoutMs({ MEMINIT_LOCK_TIMEOUT_MS: '3000' })).toBe(3000);
    expect(lockTimeoutMs({ MEMINIT_LOCK_TIMEOUT_MS: '3000', DOCKET_LOCK_TIMEOUT_MS: '250' })).toBe(250);
    expect(lockTimeoutMs({ MEMINIT_LOCK_TIMEOUT_MS: 'soon' })).toBe(10_000);
  });

  it('MEMINIT_DEBUG turns diagnostics on like DOCKET_DEBUG', () => {
    expect(debugEnabled(false, { MEMINIT_DEBUG: '1' })).toBe(true);
    expect(debugEnabled(false, { MEMINIT_DEBUG: '1', DOCKET_DEBUG: '0' })).toBe(false);
    expect(debugEnabled(false, {})).toBe(false);
  });

  it('run and correlation IDs: MEMINIT_RUN_ID that is not a UUID is ignored, DOCKET_RUN_ID is refused', () => {
    expect(resolveRunId({ MEMINIT_RUN_ID: '11111111-1111-4111-8111-11111111111A' })).toBe('11111111-1111-4111-8111-11111111111a');
    expect(resolveRunId({ MEMINIT_RUN_ID: 'x' })).toMatch(/^[0-9a-f-]{36}$/);
    expect(() => resolveRunId({ DOCKET_RUN_ID: 'x', MEMINIT_RUN_ID: '11111111-1111-4111-8111-111111111111' })).toThrow(/not a UUID/);
    expect(resolveCorrelationId(undefined, { MEMINIT_CORRELATION_ID: ' a ' })).toBe('a');
    expect(resolveCorrelationId('flag', { MEMINIT_CORRELATION_ID: 'a' })).toBe('flag');
  });
});
