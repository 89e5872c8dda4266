import { mainNamespace } from '../config/load.js';
import { normalizeTypeKey } from '../config/defaults.js';
import type { DocumentTypeConfig, NamespaceConfig, RepoConfig } from '../config/types.js';
import { TYPE_SEGMENT, isId } from '../ids/document-id.js';
import { envValue } from '../env.js';
import { closest } from '../text/suggest.js';
import { DocketError } from '../../errors/docket-error.js';

const MAX_TITLE_LENGTH = 200;
const MAX_VALUE_LENGTH = 1000;
const OWNER_PLACEHOLDER = '__TBD__';

/** One line of text: runs of whitespace (line breaks included) become one space; control characters go. */
function singleLine(value: string): string {
  // Control, zero-width and bidirectional-override characters (Trojan Source) go; whitespace runs become one space.
  return value
    .replace(/[\u0000-\u0008\u000e-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

export function pickNamespace(config: RepoConfig, name: string | undefined): NamespaceConfig {
  if (name === undefined) return mainNamespace(config.namespaces);
  const wanted = name.trim().toLowerCase();
  const found =
    config.namespaces.find((ns) => ns.name.toLowerCase() === wanted) ??
    config.namespaces.find((ns) => ns.repo_prefix.toLowerCase() === wanted);
  if (found) return found;
  const valid = config.namespaces.map((ns) => ns.name);
  const guess = closest(name, valid, 1)[0];
  throw new DocketError('UNKNOWN_NAMESPACE', `There is no namespace "${singleLine(name).slice(0, 64)}".`, {
    suggestion: guess ? `Did you mean --namespace ${guess}? Valid: ${valid.join(', ')}.` : `Use one of: ${valid.join(', ')}.`,
    details: { namespace: name.slice(0, 64), valid_namespaces: valid, ...(guess ? { did_you_mean: guess } : {}) },
  });
}

/** Resolves a type case-insensitively (GOVERNANCE is GOV) against the namespace's types. */
export function resolveType(ns: NamespaceConfig, input: string): DocumentTypeConfig {
  const key = normalizeTypeKey(input);
  const found = ns.document_types[key];
  const valid = Object.keys(ns.document_types).sort();
  if (!found) {
    const guess = closest(key, valid, 1)[0];
    throw new DocketError('UNKNOWN_TYPE', `Unknown document type "${singleLine(input).slice(0, 64)}" in namespace ${ns.name}.`, {
      suggestion: guess ? `Did you mean ${guess}? Valid types: ${valid.join(', ')}.` : `Valid types: ${valid.join(', ')}.`,
      details: { type: input.slice(0, 64), namespace: ns.name, valid_types: valid, ...(guess ? { did_you_mean: guess } : {}) },
    });
  }
  if (!TYPE_SEGMENT.test(found.type)) {
    throw new DocketError('TYPE_KEY_INVALID', `The type ${found.type} cannot be used in IDs: a type must be 3 to 10 letters A-Z.`, {
      suggestion: 'Rename the type under document_types in docops.config.yaml.',
      details: { type: found.type },
    });
  }
  return found;
}

export function normalizeTitle(input: string): string {
  const title = singleLine(input);
  if (title === '' || title.length > MAX_TITLE_LENGTH) {
    throw new DocketError(
      'INVALID_TITLE',
      title === '' ? 'The title is empty.' : `The title is ${title.length} characters long; the limit is ${MAX_TITLE_LENGTH}.`,
      {
        suggestion: 'Pass a short title in quotes, for example "Use PostgreSQL for storage".',
        details: { length: title.length, max_length: MAX_TITLE_LENGTH },
      },
    );
  }
  return title;
}

/** A status from the schema's enum, matched case-insensitively; the first-listed "Draft"-like default. */
export function resolveStatus(input: string | undefined, allowed: readonly string[] | undefined): string {
  if (input === undefined) {
    if (!allowed || allowed.length === 0 || allowed.includes('Draft')) return 'Draft';
    return allowed[0]!;
  }
  const value = singleLine(input);
  if (!allowed || allowed.length === 0) {
    if (value === '') throw new DocketError('INVALID_STATUS', 'The status is empty.', { details: { status: input } });
    return value;
  }
  const match = allowed.find((s) => s.toLowerCase() === value.toLowerCase());
  if (match) return match;
  const guess = closest(value, allowed, 1)[0];
  throw new DocketError('INVALID_STATUS', `"${value.slice(0, 64)}" is not an allowed status.`, {
    suggestion: guess ? `Did you mean "${guess}"? Allowed: ${allowed.join(', ')}.` : `Use one of: ${allowed.join(', ')}.`,
    details: { status: value.slice(0, 64), allowed: [...allowed], ...(guess ? { did_you_mean: guess } : {}) },
  });
}

export interface OwnerChoice {
  owner: string;
  source: 'flag' | 'env' | 'config' | 'placeholder';
  /** The environment variable it came from (DOCKET_DEFAULT_OWNER, or MEMINIT_DEFAULT_OWNER in its stead). */
  variable?: string;
}

/** --owner, then DOCKET_DEFAULT_OWNER (or MEMINIT_DEFAULT_OWNER), then the config's default_owner, then __TBD__. */
export function resolveOwner(flag: string | undefined, env: NodeJS.ProcessEnv, ns: NamespaceConfig, config: RepoConfig): OwnerChoice {
  if (flag !== undefined) return { owner: optionalValue(flag, '--owner') ?? invalidValue('--owner', 'must not be empty'), source: 'flag' };
  const variable = envValue(env, 'DOCKET_DEFAULT_OWNER');
  const fromEnv = singleLine(variable?.value ?? '');
  if (fromEnv) return { owner: fromEnv.slice(0, MAX_VALUE_LENGTH), source: 'env', variable: variable!.name };
  const fromConfig = singleLine(ns.default_owner ?? config.default_owner ?? '');
  if (fromConfig) return { owner: fromConfig, source: 'config' };
  return { owner: OWNER_PLACEHOLDER, source: 'placeholder' };
}

function invalidValue(flag: string, why: string): never {
  throw new DocketError('INVALID_FLAG_VALUE', `${flag} ${why}.`, { suggestion: `Pass a one-line value to ${flag}.`, details: { flag } });
}

/** A one-line flag value; undefined when absent or blank. */
export function optionalValue(input: string | undefined, flag: string): string | undefined {
  if (input === undefined) return undefined;
  const value = singleLine(input);
  if (value.length > MAX_VALUE_LENGTH) invalidValue(flag, `is longer than ${MAX_VALUE_LENGTH} characters`);
  return value === '' ? undefined : value;
}

/** Repeatable, comma-separated values: trimmed, blanks dropped, duplicates removed (first wins). */
export function listValues(inputs: readonly string[] | undefined, flag: string): string[] {
  const out: string[] = [];
  for (const input of inputs ?? []) {
    for (const part of input.split(',')) {
      const value = optionalValue(part, flag);
      if (value !== undefined && !out.includes(value)) out.push(value);
    }
  }
  return out;
}

export function idValue(input: string, flag: string): string {
  const value = input.trim().toUpperCase();
  if (!isId(value)) {
    throw new DocketError('INVALID_ID', `${flag} "${singleLine(input).slice(0, 64)}" is not an ID of the form PREFIX-TYPE-NNN.`, {
      suggestion: 'Write IDs as PREFIX-TYPE-NNN, for example ACME-ADR-007.',
      details: { flag, value: input.slice(0, 64), pattern: '^[A-Z]{3,10}-[A-Z]{3,10}-\\d{3}$' },
    });
  }
  return value;
}

export function idList(inputs: readonly string[] | undefined, flag: string): string[] {
  return listValues(inputs, flag)
    .map((v) => idValue(v, flag))
    .filter((v, i, all) => all.indexOf(v) === i);
}
