import { execFileSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

describe("the 'docket' package for TypeScript consumers", () => {
  it('resolves the types through package.json exports, typed per command', () => {
    const dir = tempDir('docket-consumer-');
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(REPO, path.join(dir, 'node_modules', 'docket'));
    writeFileSync(path.join(dir, 'package.json'), '{ "name": "consumer", "type": "module" }\n');
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          strict: true,
          noEmit: true,
          lib: ['ES2023'],
          types: ['node'],
          typeRoots: [path.join(REPO, 'node_modules/@types')],
        },
        files: ['index.ts'],
      }),
    );
    const program = (body: string) =>
      writeFileSync(
        path.join(dir, 'index.ts'),
        `import { runDocket, parseEnvelope, isCompatible, type CommandDataMap } from 'docket';\n${body}\n`,
      );
    const tsc = () => execFileSync(process.execPath, [path.join(REPO, 'node_modules/typescript/bin/tsc'), '-p', dir], { encoding: 'utf8' });
    program(`
const r = await runDocket('doctor', ['--strict']);
if (r.ok) { const n: number = r.envelope.data.totals.violations; const s: 'ok' | 'warn' | 'error' = r.envelope.data.status; void n; void s; }
const p = parseEnvelope('{}');
if (p.ok && p.envelope.command === 'context') { const prefix: string = p.envelope.data.repo_prefix; void prefix; }
const ok: boolean = isCompatible('1.2'); void ok;
type Explain = CommandDataMap['explain']; const e: Explain | undefined = undefined; void e;
const c = await runDocket('check', ['--max-findings', '5']);
if (c.ok) { const paths: string[] = c.envelope.data.checked_paths; const t: number = c.envelope.data.totals.warnings; void paths; void t; }
type Writers = [CommandDataMap['fix']['dry_run'], CommandDataMap['adr new']['document_id'], CommandDataMap['install-precommit']['mode'], CommandDataMap['org install'], CommandDataMap['org vendor'], CommandDataMap['org status']];
const w: Writers | undefined = undefined; void w;
// @ts-expect-error files_checked is a number
if (c.ok) { const wrong: string = c.envelope.data.files_checked; void wrong; }
// if the types were any, this directive would be unused and fail the compile (TS2578)
// @ts-expect-error totals is an object, not a string
if (r.ok) { const wrong: string = r.envelope.data.totals; void wrong; }`);
    let output = '';
    try {
      tsc();
    } catch (error) {
      output = String((error as { stdout?: string }).stdout);
    }
    expect(output).toBe('');
  });
});
