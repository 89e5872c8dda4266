/**
 * oclif's entry points for bin/run.js and the test helpers. Bundled (scripts/bundle.js), this
 * module shares its copy of @oclif/core with the commands, so there is one in a process.
 */
export { run } from '@oclif/core/run';
export { flush } from '@oclif/core/flush';
