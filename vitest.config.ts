import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * Three projects (CONTRIBUTING.md, "Tests"): `unit` and `commands` are the fast suite
 * (`npm run test:fast`, within its budget), `e2e` has a budget of its own.
 *
 * `unit` and `commands` run their files without isolation: a worker process loads vitest, the
 * helpers and the modules under test once and runs file after file, instead of starting a
 * process and loading them again for every file. Their files share no state beyond the
 * per-process caches docket itself keeps (the in-process CLI runs many commands in one process
 * anyway). A file that replaces a module (`vi.mock`) cannot share it: it is named
 * `*.isolated.test.ts` and runs in a process of its own.
 */
const ISOLATED = '**/*.isolated.test.ts';

export default defineConfig({
  test: {
    setupFiles: ['test/helpers/cleanup.ts'],
    // oclif writes through process.stdout; vitest must not swallow it.
    disableConsoleIntercept: true,
    pool: 'forks',
    // vitest's default leaves one CPU to its main process, so a 2-CPU machine ran one file at a time.
    maxWorkers: Math.max(2, (os.availableParallelism?.() ?? os.cpus().length) - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: 'unit', include: ['test/unit/**/*.test.ts'], exclude: [ISOLATED], isolate: false } },
      { extends: true, test: { name: 'commands', include: ['test/commands/**/*.test.ts'], exclude: [ISOLATED], isolate: false } },
      { extends: true, test: { name: 'isolated', include: [`test/{unit,commands}/${ISOLATED}`] } },
      { extends: true, test: { name: 'e2e', include: ['test/e2e/**/*.test.ts'] } },
    ],
  },
});
