import path from 'node:path';
import type { RuleContext } from '../rule-context.js';
import { NONE, type Finding, type InspectedDocument } from '../model.js';
import { parseId } from '../../ids/document-id.js';
import { conventionName } from '../../scan/names.js';

const KEBAB = /^[a-z0-9-]+\.md$/;
/** Conventional names that keep their upper case (as in the DocOps tool docket reads). */
const FILENAME_EXCEPTIONS: ReadonlySet<string> = new Set([
  'README.md',
  'CHANGELOG.md',
  'LICENSE.md',
  'LICENCE.md',
  'CODE_OF_CONDUCT.md',
  'CONTRIBUTING.md',
  'SECURITY.md',
  'NOTICE.md',
]);

/** The kebab-case form of a Markdown file name: accents dropped, other characters to '-'. */
export function kebabName(name: string): string {
  const stem = name.replace(/\.md$/i, '');
  const slug = stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `${slug || 'doc'}.md`;
}

export function filenameOk(name: string): boolean {
  // The pattern first: almost every name passes it, and the set would hash each one (twice per file a check).
  return KEBAB.test(name) || FILENAME_EXCEPTIONS.has(name);
}

/** `<word>-<digits>` at the start of a name, after an optional `<prefix>-`: the type word and number it claims. */
const CLAIMED = /^([a-z]+)-(\d+)(?:-|\.md$)/;

/**
 * The type word and number a kebab-case name claims that its document's ID contradicts
 * (`adr-010-x.md` holding ACME-ADR-007); undefined when they agree, or when the name claims
 * none (its first word is no type of the namespace: `org-gov-001-constitution.md` starts
 * with a prefix, which is skipped when it is the namespace's or the ID's).
 */
export function claimedMismatch(doc: Pick<InspectedDocument, 'document_id' | 'namespace'>, name: string): string | undefined {
  const id = doc.document_id === undefined ? undefined : parseId(doc.document_id);
  if (!id) return undefined;
  let stem = name;
  for (const prefix of [doc.namespace.repo_prefix, id.prefix]) {
    const lower = `${prefix.toLowerCase()}-`;
    if (stem.startsWith(lower) && CLAIMED.test(stem.slice(lower.length))) stem = stem.slice(lower.length);
  }
  const m = CLAIMED.exec(stem);
  if (!m || !Object.hasOwn(doc.namespace.document_types, m[1]!.toUpperCase())) return undefined;
  return m[1]!.toUpperCase() === id.type && Number(m[2]) === id.seq ? undefined : `${m[1]}-${m[2]}`;
}

/**
 * The name \`new\` gives the document: \`<type>-<NNN>-<slug>.md\` from its ID, the slug from its
 * present name (without a leading number or type word; else its title). Undefined without an ID.
 */
export function conventionalName(
  doc: Pick<InspectedDocument, 'document_id' | 'rel' | 'heading' | 'title' | 'namespace'>,
): string | undefined {
  const id = doc.document_id === undefined ? undefined : parseId(doc.document_id);
  if (!id) return undefined;
  const { slug } = conventionName(doc.rel, id.type, doc.heading ?? doc.title, Object.keys(doc.namespace.document_types));
  return `${id.type.toLowerCase()}-${String(id.seq).padStart(3, '0')}-${slug}.md`;
}

/** The name a rename gives the document: its own when it is fine, else the form `new` uses (else its kebab-case form). */
function wantedName(doc: InspectedDocument, name: string): string {
  if (filenameOk(name) && claimedMismatch(doc, name) === undefined) return name;
  return conventionalName(doc) ?? kebabName(name);
}

export function filenameFindings(doc: InspectedDocument, ctx: RuleContext): Finding[] {
  const name = doc.rel.slice(doc.rel.lastIndexOf('/') + 1);
  const kebab = filenameOk(name);
  // A duplicated ID is ID_UNIQUE's to report: the name's number is then as likely the right one.
  const claimed = kebab ? claimedMismatch(doc, name) : undefined;
  if (claimed !== undefined && ctx.countWithId(doc.document_id!) > 1) return NONE;
  if (kebab && claimed === undefined) return NONE;
  const conventional = conventionalName(doc);
  const target = conventional ?? kebabName(name);
  // A name whose type word contradicts an ID whose type the frontmatter does not confirm: which one is wrong is not docket's guess.
  const unsure = claimed !== undefined && doc.type !== parseId(doc.document_id!)?.type;
  const to = path.posix.join(path.posix.dirname(doc.rel), target);
  let blocker: string | undefined;
  if (unsure) {
    blocker = `its \`type\` (${doc.type ?? 'missing'}) does not confirm the ID's type, so correct the name or the ID`;
  } else if (conventional === undefined ? (ctx.renameTargets.get(to.toLowerCase()) ?? 0) > 1 : ctx.countWithId(doc.document_id!) > 1) {
    blocker = `another file would get the same name ${target}`;
  } else if (to.toLowerCase() !== doc.rel.toLowerCase()) {
    const existing = ctx.probe.lookup(to);
    if (existing.kind !== 'missing' || existing.caseOnly)
      blocker = `${existing.kind === 'missing' ? existing.near : target} already exists`;
  }
  const suggestion = blocker
    ? `Rename it to ${target} yourself: ${blocker}.`
    : `Rename it to ${target}; \`docket fix --apply\` does it and rewrites the links to it.`;
  const fix = blocker ? {} : { fix: { kind: 'rename' as const, to } };
  if (claimed !== undefined) {
    return [
      {
        code: 'FILENAME_ID_MISMATCH',
        severity: 'warning',
        message: `The filename "${name}" says ${claimed}, but the document's ID is ${doc.document_id}.`,
        path: doc.rel,
        suggestion,
        fixable: !blocker,
        ...fix,
      },
    ];
  }
  return [
    {
      code: 'FILENAME_CONVENTION',
      severity: 'warning',
      message: `The filename "${name}" is not lowercase kebab-case.`,
      path: doc.rel,
      suggestion,
      fixable: !blocker,
      ...fix,
    },
  ];
}

export function directoryFindings(doc: InspectedDocument): Finding[] {
  const ns = doc.namespace;
  const type = doc.type ? ns.document_types[doc.type] : undefined;
  if (!type || type.directory === '.') return NONE;
  const inside = ns.docs_root === '.' ? doc.rel : doc.rel.slice(ns.docs_root.length + 1);
  // `${type.directory}/` without making that string for every document.
  if (inside.startsWith(type.directory) && inside.charCodeAt(type.directory.length) === 0x2f) return NONE;
  const expected = ns.docs_root === '.' ? type.directory : `${ns.docs_root}/${type.directory}`;
  const line = doc.record.frontmatter?.line('type');
  const target = wantedName(doc, doc.rel.slice(doc.rel.lastIndexOf('/') + 1));
  return [
    {
      code: 'DIRECTORY_MATCH',
      severity: 'warning',
      message: `Type ${type.type} documents belong in ${expected}/, but this one is in ${path.posix.dirname(doc.rel)}/.`,
      path: doc.rel,
      ...(line ? { line } : {}),
      suggestion: `Move the file to ${expected}/, or correct \`type\`; \`docket fix --apply\` moves it (as ${target}) and rewrites the links to it and from it.`,
      fixable: true,
      fix: { kind: 'rename', to: `${expected}/${target}` },
    },
  ];
}
