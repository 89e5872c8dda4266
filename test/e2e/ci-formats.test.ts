import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docketBin, REPO } from '../helpers/cli.js';
import { expectSarif, parseJunit } from '../helpers/ci.js';
import { doc, repo } from '../helpers/docs.js';

describe('CI formats through the built binary', () => {
  it('the README workflow: SARIF to a file with --exit-zero, then annotations that fail the step', async () => {
    const root = repo({ 'docs/45-adr/adr-001-a.md': doc({}, '[x](missing.md)\n') });
    const sarif = await docketBin(['check', '--root', root, '--format', 'sarif', '--output', 'docket.sarif', '--exit-zero']);
    expect(sarif.exitCode, sarif.stderr).toBe(0);
    expect(sarif.stdout).toBe('');
    const log = expectSarif(readFileSync(path.join(root, 'docket.sarif'), 'utf8'));
    expect(log.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['LINK_BROKEN']);
    const github = await docketBin(['check', '--root', root, '--format', 'github']);
    expect(github.exitCode).toBe(1);
    expect(github.stdout).toMatch(/^::error file=docs\/45-adr\/adr-001-a\.md,line=11,col=5,title=docket LINK_BROKEN::/);
  });

  it('a forced interrupt still prints the CI format, with exit 130', () => {
    const script =
      "import { emitInterruptedAndExit, prepareInterrupt } from './dist/cli/emit.js'; await prepareInterrupt(process.argv[1]); emitInterruptedAndExit({ command: 'check', runId: '00000000-0000-4000-8000-000000000000', root: process.cwd(), format: process.argv[1], color: false, debug: false, started: 0, includeMetrics: false });";
    for (const format of ['sarif', 'junit', 'github']) {
      const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, format], { cwd: REPO, encoding: 'utf8' });
      expect(r.status, format).toBe(130);
      if (format === 'sarif')
        expect(expectSarif(r.stdout).runs[0].invocations[0]).toMatchObject({
          executionSuccessful: false,
          exitCode: 130,
          toolExecutionNotifications: [{ descriptor: { id: 'INTERRUPTED' } }],
        });
      if (format === 'junit') expect(parseJunit(r.stdout).testsuites.testsuite[0].testcase[0].error[0].type).toBe('INTERRUPTED');
      if (format === 'github') expect(r.stdout).toMatch(/^::error title=docket check%3A INTERRUPTED::/);
    }
  });
});
