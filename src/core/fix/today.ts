import { DocketError } from '../../errors/docket-error.js';
import { isCalendarDate } from './values.js';

/** Today's date (YYYY-MM-DD, local calendar) for `last_updated`; DOCKET_TODAY pins it. */
export function resolveToday(env: NodeJS.ProcessEnv, now: Date): string {
  const pinned = env.DOCKET_TODAY?.trim();
  if (pinned) {
    if (!isCalendarDate(pinned)) {
      throw new DocketError('INVALID_TODAY', `DOCKET_TODAY "${pinned.slice(0, 32)}" is not a date in YYYY-MM-DD form.`, { suggestion: 'Unset DOCKET_TODAY or set it to a real date such as 2026-01-31.' });
    }
    return pinned;
  }
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
