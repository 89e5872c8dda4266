import { DocketError } from '../../errors/docket-error.js';
import { parseFrontmatterYaml } from '../frontmatter/parse.js';
import { splitFrontmatter, type Split } from '../frontmatter/split.js';
import type { Issue } from '../issues.js';
import { assertKnownVariables, maskTokens } from './interpolate.js';

/** Frontmatter keys docket writes itself from the command's inputs. */
const GENERATED_KEYS = new Set([
  'document_id',
  'type',
  'title',
  'status',
  'version',
  'last_updated',
  'owner',
  'docops_version',
  'area',
  'description',
  'keywords',
  'related_ids',
  'superseded_by',
]);

const MASK = '__docket_placeholder__';

export interface PreparedTemplate {
  /** The Markdown body (the template without its frontmatter). */
  body: string;
  /** Literal frontmatter keys of the template that docket does not generate (template_type, ...). */
  extra: Record<string, unknown>;
  warnings: Issue[];
}

/** Why a template's frontmatter block cannot be read, for TEMPLATE_INVALID. */
function brokenBlock(split: Exclude<Split, { kind: 'ok' | 'none' }>): string {
  switch (split.kind) {
    case 'foreign':
      return `has "${split.language}" front matter, which docket never evaluates`;
    case 'malformed':
      return split.reason === 'cr-line-endings'
        ? 'has frontmatter with CR-only line endings'
        : `starts with \`${split.opener}\`, which is not a frontmatter fence`;
    case 'unterminated':
      return 'starts a frontmatter block that never closes';
    case 'too-large':
      return 'has frontmatter over 64 KiB';
  }
}

/**
 * Checks a template and separates its body from any frontmatter it carries. docket always
 * writes the frontmatter itself: a template's own frontmatter (meminit templates have one,
 * full of {{placeholders}}) contributes only keys docket does not generate and whose values
 * are literal; keys filled from placeholders are dropped with a warning. User values never
 * pass through YAML text, so they cannot inject keys.
 */
export function prepareTemplate(text: string, templatePath: string | null): PreparedTemplate {
  assertKnownVariables(text, templatePath);
  const where = templatePath ?? 'built-in template';
  const split = splitFrontmatter(text);
  const fail = (reason: string, message: string, line?: number) =>
    new DocketError('TEMPLATE_INVALID', `The template ${where} ${message}.`, {
      suggestion: `Fix the frontmatter at the top of ${where}, or remove it: docket writes the frontmatter itself.`,
      details: { path: templatePath, reason, ...(line ? { line } : {}) },
    });
  if (split.kind === 'none') return { body: text, extra: {}, warnings: [] };
  if (split.kind !== 'ok') throw fail('frontmatter', brokenBlock(split), split.line);
  const parsed = parseFrontmatterYaml(maskTokens(split.yaml, MASK), split.firstLine);
  if (!parsed.ok) throw fail('frontmatter', `has invalid frontmatter: ${parsed.problem.message}`, parsed.problem.line);
  const extra: Record<string, unknown> = {};
  const warnings: Issue[] = [];
  for (const [key, value] of Object.entries(parsed.value.data)) {
    if (GENERATED_KEYS.has(key)) continue;
    if (JSON.stringify(value)?.includes(MASK)) {
      warnings.push({
        code: 'TEMPLATE_KEY_DROPPED',
        severity: 'warning',
        message: `Frontmatter key \`${key}\` of ${where} is filled from a placeholder and was not copied.`,
        ...(templatePath ? { path: templatePath, line: parsed.value.line(key) } : {}),
        suggestion: `Give \`${key}\` a literal value in the template, or set it in the document after creation.`,
      });
      continue;
    }
    Object.defineProperty(extra, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return { body: text.slice(split.bodyOffset), extra, warnings };
}
