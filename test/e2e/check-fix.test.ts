import { describe, expect, it } from 'vitest';
import { docketBin } from '../helpers/cli.js';
import { ruleFixture } from '../helpers/docs.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('check and fix through the built binary', () => {
  it('the README quick start: check the example handbook, one JSON line, exit 0', async () => {
    const json = await docketBin(['check', '--root', 'examples/handbook', '--format', 'json']);
    expect(json.exitCode, json.stderr).toBe(0);
    expect(json.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expectValidEnvelope(json.json, 'check');
  });

  it('fix --apply repairs a repository that check then passes', async () => {
    const root = ruleFixture('rule-frontmatter-missing');
    const fix = await docketBin(['fix', '--apply', '--root', root, '--json'], { env: { DOCKET_TODAY: '2026-03-03' } });
    expect(fix.exitCode, fix.stderr).toBe(0);
    expectValidEnvelope(fix.json, 'fix');
    expect(fix.json!.data).toMatchObject({ dry_run: false, fixed: 1, remaining: 0 });
    const after = await docketBin(['check', '--root', root, '--json']);
    expect(after.exitCode).toBe(0);
  });
});
