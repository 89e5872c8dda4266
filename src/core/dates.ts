import { DocketError } from '../errors/docket-error.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * "Now" for a run: the real clock, or noon UTC of DOCKET_TODAY (YYYY-MM-DD) when it pins the
 * date. Noon UTC is the same calendar day in every time zone from UTC-11 to UTC+11, so the
 * pinned day survives both local and UTC formatting.
 */
export function resolveNow(env: NodeJS.ProcessEnv, clock: () => Date = () => new Date()): Date {
  const pinned = env.DOCKET_TODAY?.trim();
  if (!pinned) return clock();
  const m = ISO_DATE.exec(pinned);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12)) : undefined;
  if (
    !m ||
    !date ||
    date.getUTCFullYear() !== Number(m[1]) ||
    date.getUTCMonth() !== Number(m[2]) - 1 ||
    date.getUTCDate() !== Number(m[3])
  ) {
    throw new DocketError('INVALID_TODAY', `DOCKET_TODAY "${pinned.slice(0, 32)}" is not a valid YYYY-MM-DD date.`, {
      suggestion: 'Unset DOCKET_TODAY or set it to a real date such as 2026-01-31.',
      details: { value: pinned.slice(0, 32) },
    });
  }
  return date;
}

/**
 * "Today" as YYYY-MM-DD: DOCKET_TODAY when it pins the date (validated), else the local
 * calendar date of `now` (what a person means by "today").
 */
export function todayIso(now: Date, env: NodeJS.ProcessEnv): string {
  if (env.DOCKET_TODAY?.trim()) return isoDateUtc(resolveNow(env));
  return isoDateLocal(now);
}

function isoDateUtc(date: Date): string {
  return date.toISOString().slice(0, 10);
}

function isoDateLocal(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
