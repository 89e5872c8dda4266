/**
 * Which documents `migrate-ids` gives a new ID, and which one: every governed document whose
 * `document_id` is a string that is not PREFIX-TYPE-NNN. The type is the frontmatter's (when
 * it is an ID segment), else the one its directory gives. A legacy number (`ADR-7`,
 * `adr-0012`) is kept when it is free for that type, so people's names for documents stay;
 * otherwise the next number is allocated as `fix` and `new` allocate it.
 */
import path from 'node:path';
import { claimedMismatch, conventionalName } from '../engine/rules/placement.js';
import { normalizeTypeKey } from '../config/defaults.js';
import type { NamespaceConfig } from '../config/types.js';
import { firstHeading, type DocumentRecord } from '../engine/documents/read.js';
import { fillValue } from '../fix/values.js';
import { ID_PATTERN, formatId } from '../ids/document-id.js';
import { IdAllocator } from '../ids/in-memory.js';
import type { IdMigration, IdSkip } from '../../contract/data/migrate.js';
export type { IdMigration, IdSkip };

/** A governed document read for the migration (its bytes for the write's check). */
export interface MigrationDoc {
  rel: string;
  namespace: NamespaceConfig;
  bytes: Buffer;
  record: DocumentRecord;
}

const SEGMENT = /^[A-Z]{3,10}$/;
/** A legacy ID's type word and number: `ADR-7`, `adr-0012`, `OLD-ADR-3`, `ADR 7`. */
const LEGACY = /^(?:[A-Za-z]+-)?([A-Za-z]{3,10})[-_ ]?0*(\d{1,3})$/;

/** The document_id of a document when it is a non-empty string that is not canonical. */
function legacyId(rec: DocumentRecord): string | undefined {
  const raw = rec.frontmatter?.data.document_id;
  if (typeof raw !== 'string') return undefined;
  const id = raw.trim();
  return id !== '' && !ID_PATTERN.test(id) ? id : undefined;
}

function typeOf(doc: MigrationDoc, old: string): string | undefined {
  const declared = typeof doc.record.frontmatter?.data.type === 'string' ? normalizeTypeKey(doc.record.frontmatter.data.type) : undefined;
  if (declared && SEGMENT.test(declared)) return declared;
  const heading = firstHeading(doc.record);
  return fillValue(
    'type',
    { rel: doc.rel, namespace: doc.namespace, document_id: old, ...(declared ? { type: declared } : {}), ...(heading ? { heading } : {}) },
    { today: '', allocate: () => undefined },
  );
}

/**
 * Plans the new IDs, in path order: legacy numbers first (so a later file never takes a
 * number an earlier one's legacy ID holds), then fresh numbers. `inUse`: every ID documents
 * carry; `claimed`: the claims of `new`.
 */
export function planIds(
  docs: readonly MigrationDoc[],
  inUse: Iterable<string>,
  claimed: Iterable<string>,
): { migrations: IdMigration[]; skipped: IdSkip[] } {
  const ids = new IdAllocator(inUse, claimed);
  const skipped: IdSkip[] = [];
  const wanted: { doc: MigrationDoc; old: string; type: string; id?: string }[] = [];
  for (const doc of docs) {
    const old = legacyId(doc.record);
    if (old === undefined) continue;
    const skip = (reason: IdSkip['reason'], message: string) => skipped.push({ path: doc.rel, document_id: old, reason, message });
    if (doc.record.frontmatter?.valueSpan('document_id')?.kind !== 'scalar') {
      skip('not_editable', `${doc.rel}: its document_id "${old}" is not a one-line value, so it was left alone.`);
      continue;
    }
    const type = typeOf(doc, old);
    if (!type) {
      skip(
        'no_type',
        `${doc.rel}: no type for a new ID (no \`type\` of 3 to 10 letters, and its directory names none), so "${old}" was left alone.`,
      );
      continue;
    }
    wanted.push({ doc, old, type });
  }
  for (const w of wanted) {
    const m = LEGACY.exec(w.old);
    if (!m || normalizeTypeKey(m[1]!) !== w.type || Number(m[2]) === 0) continue;
    const id = formatId(w.doc.namespace.repo_prefix, w.type, Number(m[2]));
    if (ids.has(id)) continue;
    ids.reserve(id);
    w.id = id;
  }
  const migrations: IdMigration[] = [];
  for (const w of wanted) {
    const id = w.id ?? ids.next(w.doc.namespace.repo_prefix, w.type);
    if (!id) {
      skipped.push({
        path: w.doc.rel,
        document_id: w.old,
        reason: 'id_space_exhausted',
        message: `${w.doc.rel}: no ${w.doc.namespace.repo_prefix}-${w.type} number up to 999 is free, so "${w.old}" was left alone.`,
      });
      continue;
    }
    migrations.push({ path: w.doc.rel, namespace: w.doc.namespace.name, type: w.type, old_id: w.old, new_id: id });
  }
  return { migrations, skipped };
}

/**
 * The name a migrated document takes when its present name claims another number or type
 * (`adr-0007-x.md` holding ACME-ADR-012 becomes `adr-012-x.md`): the form `new` uses, as `fix`
 * renames. Undefined when the name agrees with the new ID or claims nothing.
 */
export function renameFor(doc: MigrationDoc, newId: string): string | undefined {
  const heading = firstHeading(doc.record);
  const title = typeof doc.record.frontmatter?.data.title === 'string' ? doc.record.frontmatter.data.title : undefined;
  const facts = {
    rel: doc.rel,
    namespace: doc.namespace,
    document_id: newId,
    ...(heading ? { heading } : {}),
    ...(title ? { title } : {}),
  };
  if (claimedMismatch(facts, path.posix.basename(doc.rel)) === undefined) return undefined;
  const name = conventionalName(facts);
  return name ? path.posix.join(path.posix.dirname(doc.rel), name) : undefined;
}
