import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/** An initialised repository with one ADR of 2 MiB whose body is all `[` (issue 38: 23-47 s in check, index, scan and fix). */
async function repoWithBracketBody(): Promise<string> {
  const root = tempDir();
  expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
  const created = await docket(['new', 'ADR', 'Use PostgreSQL', '--root', root, '--json'], { env: { DOCKET_TODAY: '2026-03-04' } });
  const file = path.join(root, created.json!.data.path);
  const text = readFileSync(file, 'utf8');
  const head = text.slice(0, text.indexOf('\n---\n') + 5);
  // The largest document docket reads: 2 MiB in all.
  writeFileSync(file, head + '['.repeat(2 * 1024 * 1024 - head.length));
  return root;
}

describe('a body of 2 MiB of `[` (issue 38)', () => {
  // One timeout for the four runs, each of which took 23-50 s before: generous for the linear ones.
  it('check, index, scan and fix finish, and check finds nothing wrong', { timeout: 60_000 }, async () => {
    const root = await repoWithBracketBody();
    const check = await docket(['check', '--root', root, '--json']);
    expectValidEnvelope(check.json, 'check');
    expect(check.json!.violations).toEqual([]);
    expect(check.exitCode).toBe(0);
    for (const command of ['index', 'scan', 'fix']) {
      const r = await docket([command, '--root', root, '--json']);
      expectValidEnvelope(r.json, command);
      expect(r.json!.success, `${command}: ${r.stdout.slice(0, 500)}`).toBe(true);
    }
  });
});
