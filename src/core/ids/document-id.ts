/** Document IDs: PREFIX-TYPE-NNN, e.g. ACME-ADR-007. */
export const ID_PATTERN = /^([A-Z]{3,10})-([A-Z]{3,10})-(\d{3})$/;
/** An ID and its separator at the start of a heading (`ACME-ADR-001: `, with a colon or a dash): what a title drops. */
export const ID_TITLE = /^[A-Z]{3,10}-[A-Z]{3,10}-\d{3}\s*[:\u2014\u2013-]\s*/;
export const TYPE_SEGMENT = /^[A-Z]{3,10}$/;
export const MAX_SEQ = 999;

export interface DocumentId {
  prefix: string;
  type: string;
  seq: number;
}

export function parseId(value: string): DocumentId | undefined {
  const m = ID_PATTERN.exec(value);
  return m ? { prefix: m[1]!, type: m[2]!, seq: Number(m[3]) } : undefined;
}

export function formatId(prefix: string, type: string, seq: number): string {
  return `${prefix}-${type}-${String(seq).padStart(3, '0')}`;
}

export function isId(value: string): boolean {
  return ID_PATTERN.test(value);
}
