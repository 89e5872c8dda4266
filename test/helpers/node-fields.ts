import type { NodeFields } from '../../src/core/index/facts.js';

/** An index node's fields for graph tests: an ADR titled by its ID, every optional field empty, then `fields`. */
export function nodeFields(id: string, fields: Partial<NodeFields> = {}): NodeFields {
  return {
    document_id: id,
    type: 'ADR',
    title: id,
    status: 'Draft',
    owner: null,
    version: null,
    last_updated: null,
    area: null,
    description: null,
    keywords: [],
    related_ids: [],
    superseded_by: null,
    ...fields,
  };
}
