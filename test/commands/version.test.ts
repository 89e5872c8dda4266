import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, REPO } from '../helpers/cli.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

const VERSION = JSON.parse(readFileSync(path.join(REPO, 'package.json'), 'utf8')).version as string;

describe('docket version (issue 40)', () => {
  it('prints the --version line in text, and in the md report', async () => {
    const line = `docket/${VERSION} ${process.platform}-${process.arch} node-${process.version}\n`;
    const text = await docket(['version']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toBe(line);
    const md = await docket(['version', '--format', 'md']);
    expect(md.stdout).toMatch(/^# docket version\n/);
    expect(md.stdout).toContain(line);
  });

  it('is an envelope in JSON, with the version and the runtime, outside any repository too', async () => {
    const r = await docket(['version', '--json', '--root', '/']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'version');
    expect(r.json!.data).toEqual({ version: VERSION, node: process.version, platform: process.platform, arch: process.arch });
  });
});
