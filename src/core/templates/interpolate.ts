import { DocketError } from '../../errors/docket-error.js';

/** The variables a template may use as {{name}}. */
const KNOWN_VARIABLES = [
  'area',
  'date',
  'description',
  'document_id',
  'keywords',
  'owner',
  'related_ids',
  'repo_prefix',
  'seq',
  'status',
  'title',
  'type',
] as const;
export type TemplateVariable = (typeof KNOWN_VARIABLES)[number];
export type TemplateValues = Record<TemplateVariable, string>;

// {{name}} with optional inner spaces; never across lines or nested braces.
const TOKEN = /\{\{[ \t]*([^{}\r\n]*?)[ \t]*\}\}/g;
const KNOWN = new Set<string>(KNOWN_VARIABLES);

/** Rejects every {{...}} that is not a known variable, before any user value is inserted. */
export function assertKnownVariables(text: string, templatePath: string | null): void {
  const unknown = new Map<string, number>();
  for (const m of text.matchAll(TOKEN)) {
    const name = m[1]!;
    if (!KNOWN.has(name) && !unknown.has(name)) unknown.set(name, text.slice(0, m.index).split('\n').length);
  }
  if (unknown.size === 0) return;
  const names = [...unknown.keys()].sort();
  const [first] = [...unknown.entries()].sort((a, b) => a[1] - b[1]);
  throw new DocketError(
    'UNKNOWN_TEMPLATE_VARIABLE',
    `The template${templatePath ? ` ${templatePath}` : ''} uses unknown variable${names.length > 1 ? 's' : ''} ${names.map((n) => `{{${n}}}`).join(', ')}.`,
    {
      suggestion: `Use only ${KNOWN_VARIABLES.map((v) => `{{${v}}}`).join(', ')}; fix line ${first![1]} of the template.`,
      details: { path: templatePath, line: first![1], unknown_variables: names, known_variables: [...KNOWN_VARIABLES] },
    },
  );
}

/**
 * A user value made safe for the body: one line (no line breaks or control characters), and
 * no HTML comment delimiters, so a value can neither start frontmatter nor open or close a
 * comment (such as the metadata block marker).
 */
export function inlineValue(value: string): string {
  return value
    .replace(/[\r\n\u2028\u2029\u0085]+/g, ' ')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/<!--/g, '&lt;!--')
    .replace(/--!?>/g, (m) => m.replace('>', '&gt;'));
}

/** Replaces every {{variable}} in one pass: inserted text is never scanned again. */
export function interpolate(text: string, values: TemplateValues): string {
  return text.replace(TOKEN, (whole, name: string) => (KNOWN.has(name) ? inlineValue(values[name as TemplateVariable]) : whole));
}

/** Replaces every {{...}} token with `replacement` (to parse template frontmatter as YAML). */
export function maskTokens(text: string, replacement: string): string {
  return text.replace(TOKEN, replacement);
}
