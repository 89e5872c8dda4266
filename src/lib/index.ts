/**
 * docket's client library for Node consumers:
 *
 *   import { runDocket, parseEnvelope, isCompatible } from 'docket';
 *
 * Schemas are compiled once, on the first validating call; nothing here prints or exits.
 */
export { EnvelopeParseError, isCompatible, isEnvelopeOf, parseEnvelope, parseEnvelopes } from './parse.js';
export type { EnvelopeParseErrorCode, ParseOptions, ParseResult } from './parse.js';
export { runDocket } from './run.js';
export type { RunOptions, RunResult } from './run.js';
export { OUTPUT_SCHEMA_VERSION } from '../contract/envelope.js';
export type * from '../contract/commands.js';
