import type { Envelope } from '../envelope.js';
import { renderAdvice, renderFindings, truncationNote } from './findings.js';
import { safeText, type Style } from './style.js';

export interface Rendered {
  stdout: string;
  stderr: string;
}

function scalar(value: unknown): string {
  if (value === null || value === undefined) return '-';
  if (typeof value === 'string') return safeText(value);
  return String(value);
}

function isScalar(value: unknown): boolean {
  return value === null || typeof value !== 'object';
}

/** A YAML-like view of any data object: the fallback for commands without their own renderer. */
function renderData(data: unknown, style: Style, indent = ''): string {
  if (!data || typeof data !== 'object') return `${indent}${scalar(data)}\n`;
  let out = '';
  for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
    if (isScalar(value)) {
      out += `${indent}${style.bold(`${key}:`)} ${scalar(value)}\n`;
    } else if (Array.isArray(value)) {
      if (value.length === 0) out += `${indent}${style.bold(`${key}:`)} ${style.dim('(none)')}\n`;
      else if (value.every(isScalar)) out += `${indent}${style.bold(`${key}:`)} ${value.map(scalar).join(', ')}\n`;
      else {
        out += `${indent}${style.bold(`${key}:`)}\n`;
        for (const item of value) {
          const body = renderData(item, style, `${indent}    `);
          out += `${indent}  - ${body.trimStart()}`;
        }
      }
    } else {
      out += `${indent}${style.bold(`${key}:`)}\n${renderData(value, style, `${indent}  `)}`;
    }
  }
  return out;
}

function renderError(env: Envelope, style: Style): string {
  if (!env.error) return '';
  let out = `${style.red(style.bold(`ERROR [${env.error.code}]`))}: ${safeText(env.error.message)}\n`;
  if (env.error.suggestion) out += `${style.dim('suggestion:')} ${safeText(env.error.suggestion)}\n`;
  return out;
}

/** Text mode: the command's body, findings grouped per file, next steps; errors on stderr. */
export function renderText(
  env: Envelope,
  style: Style,
  body: string | undefined,
  opts: { quiet?: boolean; answerOnly?: boolean } = {},
): Rendered {
  const hasData = Object.keys(env.data).length > 0;
  let answer = '';
  if (body !== undefined) answer += body;
  else if (hasData) answer += renderData(env.data, style);
  // `answerOnly`: the answer alone on stdout; what is said about it on stderr.
  let rest = opts.answerOnly ? '' : answer;
  const findings = renderFindings(env.violations, env.warnings, style, opts);
  if (findings) rest += `${rest ? '\n' : ''}${findings}`;
  const note = truncationNote(env);
  if (note) rest += `${style.dim(note)}\n`;
  // After an error, the next steps belong with it, on stderr: stdout carries only a result.
  const advice = opts.quiet ? '' : renderAdvice(env.advice, style);
  if (env.error)
    return {
      stdout: opts.answerOnly ? answer : rest,
      stderr: opts.answerOnly ? rest + renderError(env, style) + advice : renderError(env, style) + advice,
    };
  rest += advice;
  return opts.answerOnly ? { stdout: answer, stderr: rest } : { stdout: rest, stderr: '' };
}
