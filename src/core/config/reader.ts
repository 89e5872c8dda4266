import path from 'node:path';
import { DocketError } from '../../errors/docket-error.js';
import type { Issue, Severity } from '../issues.js';
import { didYouMean } from '../text/suggest.js';
import { cleanRelative, isSafeRelative } from '../fs/paths.js';
import { CONFIG_FILE } from './defaults.js';
import type { ConfigYaml } from './simple-yaml.js';

export type YamlPath = readonly (string | number)[];
export type PlainObject = Record<string, unknown>;

export function isPlainObject(value: unknown): value is PlainObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

export function dotted(p: YamlPath): string {
  return p
    .map((s) => (typeof s === 'number' ? `[${s}]` : s))
    .join('.')
    .replace(/\.\[/g, '[');
}

/** Typed access to the parsed config that knows where each value came from. */
export class ConfigReader {
  readonly warnings: Issue[] = [];

  constructor(
    readonly root: string,
    readonly source: ConfigYaml,
  ) {}

  private where(p: YamlPath): string {
    const line = this.source.line(p);
    return `${CONFIG_FILE}${line ? `:${line}` : ''}`;
  }

  invalid(p: YamlPath, expectation: string): never {
    const line = this.source.line(p);
    throw new DocketError('CONFIG_INVALID', `${this.where(p)}: \`${dotted(p)}\` must be ${expectation}.`, {
      suggestion: `Edit \`${dotted(p)}\` in ${CONFIG_FILE} so that it is ${expectation}.`,
      details: { path: CONFIG_FILE, line: line ?? null, key: dotted(p) },
    });
  }

  /** CONFIG_INVALID for a value that cannot be used at all, with the file, line and key. */
  refuse(p: YamlPath, reason: string, suggestion: string, details: Record<string, unknown> = {}): never {
    throw new DocketError('CONFIG_INVALID', `${this.where(p)}: ${reason}`, {
      suggestion,
      details: { path: CONFIG_FILE, line: this.source.line(p) ?? null, key: dotted(p), ...details },
    });
  }

  /** A finding about the config; `info` is a note that never fails --strict. Each is reported once (top-level keys are read for every namespace). */
  warn(code: Issue['code'], p: YamlPath, message: string, suggestion?: string, severity: Severity = 'warning'): void {
    const line = this.source.line(p);
    if (this.warnings.some((w) => w.code === code && w.message === message && w.line === line)) return;
    this.warnings.push({ code, severity, message, path: CONFIG_FILE, ...(line ? { line } : {}), ...(suggestion ? { suggestion } : {}) });
  }

  unknownKeys(obj: PlainObject, known: readonly string[], p: YamlPath): void {
    for (const key of Object.keys(obj)) {
      if (known.includes(key)) continue;
      const guess = didYouMean(key, known);
      this.warn(
        'CONFIG_UNKNOWN_KEY',
        [...p, key],
        `Unknown key \`${dotted([...p, key])}\`${guess ? `; did you mean \`${guess}\`?` : '.'}`,
        guess ? `Rename \`${key}\` to \`${guess}\`.` : `Remove \`${key}\` or check the docket documentation for the supported keys.`,
      );
    }
  }

  /** A string value; numbers keep their source text (docops_version: 2.0 stays "2.0"). */
  str(obj: PlainObject, key: string, p: YamlPath): string | undefined {
    if (!Object.hasOwn(obj, key) || obj[key] === null || obj[key] === undefined) return undefined;
    const value = obj[key];
    if (typeof value === 'string') return value.trim();
    if (typeof value === 'number') return this.source.scalarSource([...p, key]) ?? String(value);
    return this.invalid([...p, key], 'a string');
  }

  strList(obj: PlainObject, key: string, p: YamlPath): string[] {
    if (!Object.hasOwn(obj, key) || obj[key] === null || obj[key] === undefined) return [];
    const value = obj[key];
    if (!Array.isArray(value)) return this.invalid([...p, key], 'a list of strings');
    const out: string[] = [];
    value.forEach((item, i) => {
      if (typeof item === 'string' && item.trim() !== '') out.push(item.trim());
      else this.warn('CONFIG_VALUE_IGNORED', [...p, key, i], `\`${dotted([...p, key])}[${i}]\` is not a non-empty string and was ignored.`);
    });
    return out;
  }

  map(obj: PlainObject, key: string, p: YamlPath): PlainObject | undefined {
    if (!Object.hasOwn(obj, key) || obj[key] === null || obj[key] === undefined) return undefined;
    const value = obj[key];
    return isPlainObject(value) ? value : this.invalid([...p, key], 'a mapping (key: value pairs)');
  }

  /** A repository-relative path, or `fallback` (with a warning) when absolute or escaping. */
  safePath(value: string, p: YamlPath, fallback?: string): string | undefined {
    if (isSafeRelative(this.root, value)) return cleanRelative(value);
    this.warn(
      'CONFIG_PATH_REFUSED',
      p,
      `\`${dotted(p)}\` (${value}) is ${path.isAbsolute(value) ? 'absolute' : 'outside the repository'}; ${fallback ? `using ${fallback}` : 'ignored'}.`,
      'Use a path relative to the repository root that stays inside it.',
    );
    return fallback;
  }
}
