import path from 'node:path';
import type { RuleContext } from '../rule-context.js';
import { NONE, type Finding, type InspectedDocument } from '../model.js';

const KEBAB = /^[a-z0-9-]+\.md$/;
/** Conventional names that keep their upper case (as in the DocOps tool docket reads). */
const FILENAME_EXCEPTIONS: ReadonlySet<string> = new Set([
  'README.md', 'CHANGELOG.md', 'LICENSE.md', 'LICENCE.md', 'CODE_OF_CONDUCT.md', 'CONTRIBUTING.md', 'SECURITY.md', 'NOTICE.md',
]);

/** The kebab-case form of a Markdown file name: accents dropped, other characters to '-'. */
export function kebabName(name: string): string {
  const stem = name.replace(/\.md$/i, '');
  const slug = stem.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return `${slug || 'doc'}.md`;
}

export function filenameOk(name: string): boolean {
  // The pattern first: almost every name passes it, and the set would hash each one (twice per file a check).
  return KEBAB.test(name) || FILENAME_EXCEPTIONS.has(name);
}

export function filenameFindings(doc: InspectedDocument, ctx: RuleContext): Finding[] {
  const name = doc.rel.slice(doc.rel.lastIndexOf('/') + 1);
  if (filenameOk(name)) return NONE;
  const target = kebabName(name);
  const to = path.posix.join(path.posix.dirname(doc.rel), target);
  let blocker: string | undefined;
  const linkers = ctx.inbound.get(doc.rel.toLowerCase()) ?? [];
  if (linkers.length > 0) {
    blocker = `${linkers.length} document${linkers.length === 1 ? ' links' : 's link'} to it (${linkers.slice(0, 3).join(', ')}${linkers.length > 3 ? ', ...' : ''}), so rename it and update those links together`;
  } else if ((ctx.renameTargets.get(to.toLowerCase()) ?? 0) > 1) {
    blocker = `another file would get the same name ${target}`;
  } else if (to.toLowerCase() !== doc.rel.toLowerCase()) {
    const existing = ctx.probe.lookup(to);
    if (existing.kind !== 'missing' || existing.caseOnly) blocker = `${existing.kind === 'missing' ? existing.near : target} already exists`;
  }
  return [{
    code: 'FILENAME_CONVENTION',
    severity: 'warning',
    message: `The filename "${name}" is not lowercase kebab-case.`,
    path: doc.rel,
    suggestion: blocker ? `Rename it to ${target} yourself: ${blocker}.` : `Rename it to ${target}; \`docket fix --apply\` does it.`,
    fixable: !blocker,
    ...(blocker ? {} : { fix: { kind: 'rename', to } }),
  }];
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
  return [{
    code: 'DIRECTORY_MATCH',
    severity: 'warning',
    message: `Type ${type.type} documents belong in ${expected}/, but this one is in ${path.posix.dirname(doc.rel)}/.`,
    path: doc.rel,
    ...(line ? { line } : {}),
    suggestion: `Move the file to ${expected}/ (and update links to it), or correct \`type\`.`,
    fixable: false,
  }];
}
