import type { CompiledSchema } from '../../schema/compile.js';
import { NONE, type Finding, type InspectedDocument } from '../model.js';
import type { FsProbe } from '../probe.js';
import { linkFindings } from './links.js';
import { directoryFindings } from './placement.js';
import { metadataBlockFindings } from './metadata-block.js';
import { scalarFindings } from './scalars.js';
import { schemaFindings } from './schema.js';

/**
 * Problems found while reading: only a missing frontmatter in a decodable file is fixable, and
 * not when something frontmatter-like is near its top (a second block would shadow it).
 */
function readingFindings(doc: InspectedDocument): Finding[] {
  return doc.record.problems.map((p): Finding => {
    if (p.code === 'FILE_UNREADABLE') return p;
    if (p.code === 'FRONTMATTER_MISSING' && doc.record.split !== undefined && !(doc.record.split.kind === 'none' && doc.record.split.near))
      return { ...p, fixable: true, fix: { kind: 'add-frontmatter' } };
    return { ...p, fixable: false };
  });
}

/**
 * The rules that look only at the document's bytes (given the config and schemas): reading
 * problems, schema, placement. Their findings can be remembered (check's cache).
 */
export function intrinsicFindings(doc: InspectedDocument, schemaFor: (p: string) => CompiledSchema | undefined): Finding[] {
  const findings = readingFindings(doc);
  if (doc.record.unreadable) return findings;
  if (doc.metadata) {
    const compiled = schemaFor(doc.namespace.schema_path);
    // Most documents pass both: nothing to add (and no list made for it, see NONE).
    const bySchema = compiled ? schemaFindings(doc, compiled) : NONE;
    if (bySchema.length > 0) findings.push(...bySchema);
    const byScalar = doc.normalized.length > 0 ? scalarFindings(doc, bySchema) : NONE;
    if (byScalar.length > 0) findings.push(...byScalar);
    const byBlock = metadataBlockFindings(doc, bySchema.length > 0 || byScalar.length > 0 ? [...bySchema, ...byScalar] : NONE);
    if (byBlock.length > 0) findings.push(...byBlock);
    const byDirectory = directoryFindings(doc);
    if (byDirectory.length > 0) findings.push(...byDirectory);
  }
  return findings;
}

/**
 * Links of a readable document (they depend on the file system, so they run on every check).
 * Links to another document's anchors are left in `doc.pendingLinks` when that document is
 * not loaded yet.
 */
export function addLinkFindings(doc: InspectedDocument, findings: Finding[], probe: FsProbe): Finding[] {
  if (doc.record.unreadable) return findings;
  const pending = linkFindings(doc, probe, findings);
  if (pending !== undefined) doc.pendingLinks = pending;
  return findings;
}
