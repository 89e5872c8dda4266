#!/usr/bin/env node
// Runs oclif directly (not `execute`) so that anything escaping it still becomes an envelope.
// First of all: SIGINT and SIGTERM end the run with an INTERRUPTED result from here on; in a
// machine format, `console` output of preloaded code goes to stderr, and a reader closing stdout
// early ends the run quietly (exit 141).
import { endQuietlyWhenStdoutCloses, guardConsole, installSignalHandling, settleProcess } from '../dist/cli/boot.js';

const argv = process.argv.slice(2);
installSignalHandling(() => {
  void import('../dist/cli/early-interrupt.js').then((m) => m.interruptBeforeCommand(argv));
});
guardConsole(argv, process.env);
endQuietlyWhenStdoutCloses(argv, process.env);

if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-v')) {
  // Fast path: answer without loading oclif (the same line oclif prints).
  const { readFileSync } = await import('node:fs');
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
  process.stdout.write(`docket/${version} ${process.platform}-${process.arch} node-${process.version}\n`);
} else {
  const { answerBareTopic } = await import('../dist/cli/topic-guard.js');
  if (!(await answerBareTopic(argv, new URL('../oclif.manifest.json', import.meta.url)))) {
    const { run, flush } = await import('../dist/cli/oclif.js');
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
// The result is out: a signal from now on changes nothing.
settleProcess();
// Test-only: stay a while after the result, so that a test can signal a run that has printed it.
if (process.env.DOCKET_TEST_LINGER_MS) setTimeout(() => undefined, Number(process.env.DOCKET_TEST_LINGER_MS));
