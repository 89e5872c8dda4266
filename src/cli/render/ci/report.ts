import type { Envelope } from '../../envelope.js';
import { CI_FORMATS, type CiFormat, type Format } from '../../options.js';
import { escapeEnvelope } from '../../safe-envelope.js';
import { ciContext, type CiContext } from './context.js';
import { renderGithub, renderGithubError } from './github.js';
import { renderJunit, renderJunitError } from './junit.js';
import { renderSarif, renderSarifError } from './sarif.js';

/** sarif, github, junit: a report of findings, or of the error that prevented one. */
export function isCiFormat(format: Format): format is CiFormat {
  return CI_FORMATS.has(format);
}

/*
 * People read these formats in CI interfaces (code scanning alerts, annotations, test reports),
 * so control and bidirectional characters are escaped as in text mode.
 */

/** A command's findings in a CI format (the envelope is already redacted). */
export function renderCiReport(format: CiFormat, env: Envelope, ctx: CiContext = ciContext(env.root)): string {
  const safe = escapeEnvelope(env);
  if (format === 'sarif') return renderSarif(safe, ctx);
  if (format === 'github') return renderGithub(safe, ctx);
  return renderJunit(safe, ctx);
}

/** An error envelope (no report could be made) in a CI format, for any command; the exit code is the contract's. */
export function renderCiError(format: CiFormat, env: Envelope, exitCode: number): string {
  const safe = escapeEnvelope(env);
  const ctx = ciContext(env.root);
  if (format === 'sarif') return renderSarifError(safe, ctx, exitCode);
  if (format === 'github') return renderGithubError(safe, exitCode);
  return renderJunitError(safe, ctx, exitCode);
}
