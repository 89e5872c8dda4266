#!/usr/bin/env node
// Runs oclif directly (not `execute`) so that anything escaping it still becomes an envelope.
import { flush, run } from '@oclif/core';

const argv = process.argv.slice(2);
try {
  await run(argv, import.meta.url);
  await flush();
} catch (error) {
  const { emitEarlyError } = await import('../dist/cli/early-error.js');
  const command = argv.find((a) => !a.startsWith('-')) ?? '';
  await emitEarlyError(error, command, argv);
}
