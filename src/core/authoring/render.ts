import { createHash } from 'node:crypto';
import type { TemplateValues } from '../templates/interpolate.js';
import { interpolate } from '../templates/interpolate.js';
import { metadataBlock, placeMetadataBlock } from '../templates/metadata-block.js';
import type { PreparedTemplate } from '../templates/prepare.js';
import { serializeFrontmatter } from './frontmatter-write.js';

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** The full document: docket's frontmatter, then the interpolated body with the metadata block in place. */
export function renderDocument(template: PreparedTemplate, meta: Record<string, unknown>, values: TemplateValues): string {
  const body = interpolate(template.body, values);
  const block = metadataBlock({
    document_id: String(meta.document_id),
    owner: String(meta.owner),
    status: String(meta.status),
    version: String(meta.version),
    type: String(meta.type),
  });
  const placed = placeMetadataBlock(body, block).body.replace(/^\n+/, '').replace(/\s+$/, '');
  return `---\n${serializeFrontmatter(meta)}---\n${placed}\n`;
}

export function templateValues(meta: Record<string, unknown>, prefix: string, seq: number, date: string): TemplateValues {
  const list = (v: unknown) => (Array.isArray(v) ? v.join(', ') : '');
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  return {
    title: str(meta.title),
    document_id: str(meta.document_id),
    owner: str(meta.owner),
    status: str(meta.status),
    date,
    repo_prefix: prefix,
    seq: String(seq).padStart(3, '0'),
    type: str(meta.type),
    area: str(meta.area),
    description: str(meta.description),
    keywords: list(meta.keywords),
    related_ids: list(meta.related_ids),
  };
}
