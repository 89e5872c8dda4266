import { describe, expect, it } from 'vitest';
import { resolveNow, todayIso } from '../../src/core/dates.js';

describe('DOCKET_TODAY', () => {
  it('pins the date in every time zone', () => {
    const now = resolveNow({ DOCKET_TODAY: '2026-12-31' });
    expect(now.toISOString()).toBe('2026-12-31T12:00:00.000Z');
    expect(todayIso(now, { DOCKET_TODAY: ' 2026-12-31 ' })).toBe('2026-12-31');
  });

  it('uses the clock when unset, and rejects impossible dates', () => {
    const clock = new Date(2026, 0, 5, 23, 59);
    expect(resolveNow({}, () => clock)).toBe(clock);
    expect(todayIso(clock, {})).toBe('2026-01-05');
    for (const bad of ['2026-02-30', '2026-1-5', 'tomorrow', '20260105']) {
      expect(() => resolveNow({ DOCKET_TODAY: bad }), bad).toThrow(expect.objectContaining({ code: 'INVALID_TODAY' }));
    }
  });
});
