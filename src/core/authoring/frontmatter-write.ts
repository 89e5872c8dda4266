import { isDeepStrictEqual } from 'node:util';
import { DocketError } from '../../errors/docket-error.js';
import { parseFrontmatterYaml } from '../frontmatter/parse.js';
import { yamlLib } from '../yaml/lib.js';
import { plainIsSafe } from '../yaml/scalar.js';

/**
 * Serialises frontmatter with the quoting rule `fix` uses (yaml/scalar.ts): a string value is
 * double-quoted unless it cannot be misread, so titles such as "0o17", "1e3", "2026-01-31",
 * "yes" or "null" stay strings for every reader (YAML 1.1 and 1.2). The text is parsed back
 * and compared: what docket writes is exactly what it validated.
 */
export function serializeFrontmatter(meta: Record<string, unknown>): string {
  const { Document, isScalar, visit } = yamlLib();
  const doc = new Document(meta, { version: '1.1' });
  visit(doc, {
    Scalar(key, node) {
      if (key !== 'key' && isScalar(node) && typeof node.value === 'string' && !plainIsSafe(node.value)) node.type = 'QUOTE_DOUBLE';
    },
  });
  const text = doc.toString({ lineWidth: 0, indentSeq: true });
  const back = parseFrontmatterYaml(text, 2);
  if (!back.ok || !isDeepStrictEqual({ ...back.value.data }, { ...meta })) {
    throw new DocketError('INTERNAL_ERROR', 'The generated frontmatter did not read back identically.', { details: { yaml: text } });
  }
  return text;
}
