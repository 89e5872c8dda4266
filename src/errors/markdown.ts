import { NAMED_CODE_AREAS } from './codes.js';

const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

/**
 * Every code as Markdown tables, one per area: the body of DOCKET-SPEC-002's "Families"
 * section. `npm run docs:codes` writes it there; a test fails when the document is stale.
 */
export function codesMarkdown(): string {
  return NAMED_CODE_AREAS.map(({ name, codes }) => {
    const rows = Object.entries(codes)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([code, spec]) => `| \`${code}\` | ${spec.kind} | ${spec.exit} | ${cell(spec.summary)} |`);
    return `### ${name}\n\n| Code | Kind | Exit | Meaning |\n| --- | --- | ---: | --- |\n${rows.join('\n')}\n`;
  }).join('\n');
}
