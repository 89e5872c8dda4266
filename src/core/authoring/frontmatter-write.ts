import { isDeepStrictEqual } from 'node:util';
import { DocketError } from '../../errors/docket-error.js';
import { parseFrontmatterYaml } from '../frontmatter/parse.js';
import { yamlLib } from '../yaml/lib.js';

/**
 * Serialises frontmatter with the YAML 1.1 rules for quoting, so values such as "0.1",
 * "2026-01-31", "yes" or "0755" stay strings for every reader (YAML 1.1 tools included).
 * The text is parsed back and compared: what docket writes is exactly what it validated.
 */
export function serializeFrontmatter(meta: Record<string, unknown>): string {
  const { Document } = yamlLib();
  const text = new Document(meta, { version: '1.1' }).toString({ lineWidth: 0, indentSeq: true });
  const back = parseFrontmatterYaml(text, 2);
  if (!back.ok || !isDeepStrictEqual({ ...back.value.data }, { ...meta })) {
    throw new DocketError('INTERNAL_ERROR', 'The generated frontmatter did not read back identically.', { details: { yaml: text } });
  }
  return text;
}
