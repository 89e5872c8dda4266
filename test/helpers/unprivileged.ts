import { spawnSync } from 'node:child_process';
import { BIN, docketBin, type CliResult } from './cli.js';

/**
 * Permission tests need a user the file system can refuse: root reads and writes through
 * `chmod 000` (CI runs as root). As root, the binary runs as `nobody` through setpriv (or
 * runuser); as any other user, directly.
 */
const NOBODY = 65534;

function wrapper(): string[] | undefined {
  if (process.getuid?.() !== 0) return [];
  const works = (cmd: string[]) => spawnSync(cmd[0]!, [...cmd.slice(1), 'true'], { stdio: 'ignore' }).status === 0;
  const setpriv = ['setpriv', `--reuid=${NOBODY}`, `--regid=${NOBODY}`, '--clear-groups'];
  if (works(setpriv)) return setpriv;
  const runuser = ['runuser', '-u', 'nobody', '--'];
  return works(runuser) ? runuser : undefined;
}

const prefix = wrapper();

/**
 * The unprivileged user must reach docket's own files: a checkout under a directory only root
 * may enter (mktemp -d makes them 0700) cannot be run as nobody, whatever the test does.
 */
const reachable =
  prefix !== undefined &&
  spawnSync(prefix[0] ?? 'test', [...prefix.slice(1), ...(prefix.length ? ['test'] : []), '-r', BIN], { stdio: 'ignore' }).status === 0;

/** Why permission tests are skipped here, or undefined when they can run. */
export const unprivilegedUnavailable: string | undefined = !prefix
  ? 'running as root without setpriv or runuser: a read-only directory cannot refuse root'
  : !reachable
    ? `the unprivileged user cannot read ${BIN} (a parent directory is closed to others)`
    : undefined;

/** Runs docket's binary as an unprivileged user (see above), with a HOME of its own. */
export function docketUnprivileged(args: string[], opts: { env?: Record<string, string | undefined>; home: string }): Promise<CliResult> {
  return docketBin(args, { env: { HOME: opts.home, ...opts.env }, wrap: prefix ?? [] });
}
