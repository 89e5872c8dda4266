export const INITIAL_VERSION = '0.1';

export interface MetadataInput {
  document_id: string;
  type: string;
  title: string;
  status: string;
  owner: string;
  last_updated: string;
  docops_version: string;
  area?: string;
  description?: string;
  keywords: string[];
  related_ids: string[];
  superseded_by?: string;
  /** Literal keys from the template's frontmatter, after docket's own. */
  extra: Record<string, unknown>;
}

/** The frontmatter of a new document, in the conventional key order. */
export function buildMetadata(m: MetadataInput): Record<string, unknown> {
  const meta: Record<string, unknown> = {
    document_id: m.document_id,
    type: m.type,
    title: m.title,
    status: m.status,
    version: INITIAL_VERSION,
    last_updated: m.last_updated,
    owner: m.owner,
    docops_version: m.docops_version,
  };
  if (m.area) meta.area = m.area;
  if (m.description) meta.description = m.description;
  if (m.keywords.length > 0) meta.keywords = [...m.keywords];
  if (m.related_ids.length > 0) meta.related_ids = [...m.related_ids];
  if (m.superseded_by) meta.superseded_by = m.superseded_by;
  for (const [key, value] of Object.entries(m.extra)) {
    Object.defineProperty(meta, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return meta;
}
