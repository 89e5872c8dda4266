#!/usr/bin/env node
// Runs oclif directly (not `execute`) so that anything escaping it still becomes an envelope.
const argv = process.argv.slice(2);

if (argv.length === 1 && argv[0] === '--version') {
  // Fast path: answer without loading oclif (the same line oclif prints).
  const { readFileSync } = await import('node:fs');
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`docket/${version} ${process.platform}-${process.arch} node-${process.version}\n`);
} else {
  const { answerBareTopic } = await import('../dist/cli/topic-guard.js');
  if (!(await answerBareTopic(argv, new URL('../oclif.manifest.json', import.meta.url)))) {
    // The subpaths, not the package index: it would load help, ux and more that a command never needs.
    const [{ run }, { flush }] = await Promise.all([import('@oclif/core/run'), import('@oclif/core/flush')]);
    try {
      await run(argv, import.meta.url);
      await flush();
    } catch (error) {
      const { emitEarlyError } = await import('../dist/cli/early-error.js');
      const command = argv.find((a) => !a.startsWith('-')) ?? '';
      await emitEarlyError(error, command, argv);
    }
  }
}
