import { readFileSync } from 'node:fs';
import os from 'node:os';

/** Who holds a claim: enough to tell a live holder from a dead one without heartbeats. */
export interface Holder {
  pid: number;
  /** Process start identity (Linux: boot id + start time in clock ticks), null where unknown. */
  start: string | null;
  host: string;
}

function bootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Field 22 of /proc/<pid>/stat (start time since boot); the command name may contain spaces and parentheses. */
export function processStart(pid: number): string | null {
  const boot = bootId();
  if (!boot) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[19];
    return ticks && /^\d+$/.test(ticks) ? `${boot}:${ticks}` : null;
  } catch {
    return null;
  }
}

export function currentHolder(): Holder {
  return { pid: process.pid, start: processStart(process.pid), host: os.hostname() };
}

export type Liveness = 'alive' | 'dead' | 'unknown';

/**
 * Whether a holder still runs. A dead pid, or a live pid with another start time (the pid was
 * reused), is dead. Holders on other hosts cannot be checked: unknown.
 */
export function holderLiveness(holder: Holder): Liveness {
  if (holder.host !== os.hostname()) return 'unknown';
  if (!Number.isInteger(holder.pid) || holder.pid <= 0) return 'dead';
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ESRCH') return 'dead';
    // EPERM: the process exists but belongs to another user.
  }
  if (holder.start === null) return 'alive';
  const now = processStart(holder.pid);
  if (now === null) return 'alive';
  return now === holder.start ? 'alive' : 'dead';
}
