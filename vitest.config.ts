import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    setupFiles: ['test/helpers/cleanup.ts'],
    // oclif writes through process.stdout; vitest must not swallow it.
    disableConsoleIntercept: true,
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
