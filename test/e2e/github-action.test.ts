import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { validateAction, validateWorkflow } from '@action-validator/core';
import { REPO, cleanEnv } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { tempDir } from '../helpers/fixtures.js';

/** Issue 40: the GitHub Action is valid, its README usage is a valid workflow, and its script runs. */
const ACTION = readFileSync(path.join(REPO, 'action.yml'), 'utf8');

interface Step {
  id?: string;
  run?: string;
  env?: Record<string, string>;
}
const checkStep = (parse(ACTION) as { runs: { steps: Step[] } }).runs.steps.find((s) => s.id === 'check')!;

/** Runs the action's check step as the runner would: its inputs as variables, GITHUB_* set. */
function runStep(root: string, inputs: { paths?: string; format: string; strict?: string }) {
  const temp = tempDir();
  const output = path.join(temp, 'output');
  writeFileSync(output, '');
  const r = spawnSync('bash', ['-e', '-c', checkStep.run!], {
    cwd: root,
    encoding: 'utf8',
    env: {
      ...(cleanEnv() as NodeJS.ProcessEnv),
      GITHUB_ACTION_PATH: REPO,
      RUNNER_TEMP: temp,
      GITHUB_OUTPUT: output,
      DOCKET_ROOT_INPUT: '.',
      DOCKET_PATHS_INPUT: inputs.paths ?? '',
      DOCKET_FORMAT_INPUT: inputs.format,
      DOCKET_STRICT_INPUT: inputs.strict ?? 'false',
    },
  });
  return { code: r.status, stdout: r.stdout, output: readFileSync(output, 'utf8') };
}

describe('the GitHub Action', () => {
  it('action.yml is a valid action, and the README usage a valid workflow', () => {
    expect(validateAction(ACTION).errors).toEqual([]);
    const readme = readFileSync(path.join(REPO, 'README.md'), 'utf8');
    const usage = /```yaml\n# docket-action-example\n([\s\S]*?)```/.exec(readme)?.[1];
    expect(usage).toBeDefined();
    expect(validateWorkflow(usage!).errors).toEqual([]);
    expect(usage).toContain('uses: OWNER/docket@');
  });

  it('its check step annotates and fails on violations (github), or writes SARIF and succeeds (sarif)', () => {
    const clean = repo({ 'docs/45-adr/adr-001-a.md': doc() });
    expect(runStep(clean, { format: 'github' }).code).toBe(0);
    const broken = repo({
      'docs/45-adr/adr-001-a.md': doc({}, '[x](missing.md)\n'),
      'docs/45-adr/adr-002-b.md': doc({ document_id: 'ACME-ADR-002' }),
    });
    const annotated = runStep(broken, { format: 'github' });
    expect(annotated.code).toBe(1);
    expect(annotated.stdout).toMatch(/^::error file=docs\/45-adr\/adr-001-a\.md,line=\d+/m);
    // Only the paths named.
    expect(runStep(broken, { format: 'github', paths: 'docs/45-adr/adr-002-b.md' }).code).toBe(0);
    const sarif = runStep(broken, { format: 'sarif' });
    expect(sarif.code).toBe(0);
    const file = /^sarif-file=(.+)$/m.exec(sarif.output)![1]!;
    const report = JSON.parse(readFileSync(file, 'utf8'));
    expect(report.runs[0].results.map((r: { ruleId: string }) => r.ruleId)).toEqual(['LINK_BROKEN']);
    expect(runStep(clean, { format: 'xml' }).code).toBe(64);
  });
});
