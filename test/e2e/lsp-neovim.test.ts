import { spawnSync } from 'node:child_process';
import { appendFileSync, chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BIN, cleanEnv, REPO } from '../helpers/cli.js';
import { copyFixture, tempDir } from '../helpers/fixtures.js';

/** Debian's Neovim (0.7 here), installed by .ci/run; without it the test is skipped and says so. */
const NVIM = spawnSync('nvim', ['--version'], { encoding: 'utf8' }).status === 0;
const SCRIPT = path.join(REPO, 'test/fixtures/lsp/neovim-diagnostics.lua');
const ADR = 'docs/45-adr/adr-005-idempotency-keys.md';

describe('docket lsp in Neovim', () => {
  it.skipIf(!NVIM)(
    'configured as `docket lsp --help` says for 0.7 (vim.lsp.start_client), shows the diagnostics of an open document (skipped without nvim: apt-get install neovim)',
    () => {
      const root = copyFixture('handbook', { example: true });
      appendFileSync(path.join(root, ADR), '\nSee [the missing page](nowhere.md).\n');
      const bin = tempDir();
      const out = path.join(bin, 'diagnostics.txt');
      // `docket` on PATH, as the configuration in `docket lsp --help` expects.
      writeFileSync(path.join(bin, 'docket'), `#!/bin/sh\nexec '${process.execPath}' '${BIN}' "$@"\n`);
      chmodSync(path.join(bin, 'docket'), 0o755);
      // Started outside the repository: the configuration finds it from the document's directory.
      const run = spawnSync('nvim', ['--headless', '-u', 'NONE', '-i', 'NONE', '-n', '-c', `luafile ${SCRIPT}`], {
        cwd: bin,
        env: {
          ...(cleanEnv() as NodeJS.ProcessEnv),
          PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
          DOCKET_LSP_FILE: path.join(root, ADR),
          DOCKET_LSP_OUT: out,
        },
        encoding: 'utf8',
        timeout: 180_000,
      });
      expect(run.status, `${run.stdout}\n${run.stderr}`).toBe(0);
      const lines = readFileSync(out, 'utf8').trim().split('\n');
      const line = readFileSync(path.join(root, ADR), 'utf8').split('\n').length - 2;
      expect(lines).toEqual([`${line}:23 LINK_BROKEN docket`]);
    },
    200_000,
  );
});
