import path from 'node:path';
import type { NamespaceConfig } from '../config/types.js';
import { ID_TITLE } from '../ids/document-id.js';
import { escapeRegExp } from '../text/regexp.js';
import { slugify } from '../text/slug.js';
import { unnumberedTitle } from './stated.js';

// `0007-…`, `7_…`, `adr-7-…`: a number at the start of a legacy name, maybe after a type word.
const LEADING_NUMBER = /^(?:([a-z]+)[-_])?0*(\d{1,3})(?:[-_ .]+|$)/i;
// `20200918-…`, `2020-09-18-…`: log4brains and Jekyll date prefixes, dropped from slugs.
const DATE_PREFIX = /^(?:\d{8}|\d{4}-\d{2}-\d{2})(?:[-_ .]+|$)/;

function humanize(stem: string): string {
  const words = stem.replace(/[-_\s]+/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Untitled';
}

/** Where a type's documents live in a namespace (repository-relative). */
export function typeDirectory(ns: NamespaceConfig, type: string): string {
  const dir = ns.document_types[type]!.directory;
  return dir === '.' ? ns.docs_root : ns.docs_root === '.' ? dir : `${ns.docs_root}/${dir}`;
}

/** Whether `check` would find the file in its type's directory (any depth below it; `.` is anywhere). */
export function inTypeDirectory(rel: string, ns: NamespaceConfig, type: string): boolean {
  const dir = ns.document_types[type]?.directory;
  if (dir === undefined || dir === '.') return true;
  const inside = ns.docs_root === '.' ? rel : rel.slice(ns.docs_root.length + 1);
  return inside.startsWith(`${dir}/`);
}

/**
 * What a legacy file name contributes to `<type>-<nnn>-<slug>.md`: a leading number (kept
 * when free), the slug (the rest of the name without a leading type word, else the title) and
 * a title (the first heading without an `ID:` prefix, else the humanised rest of the name).
 */
export function conventionName(
  rel: string,
  type: string,
  heading: string | undefined,
  types: readonly string[] = [type],
): { number?: number; slug: string; title: string } {
  const stem = path.posix.basename(rel).replace(/\.md$/i, '').replace(DATE_PREFIX, '');
  const m = LEADING_NUMBER.exec(stem);
  // 0 too: a series from 0000 keeps its numbers (000 is a well-formed ID number).
  const number = m && (!m[1] || m[1].toUpperCase() === type) ? Number(m[2]) : undefined;
  // `<other type>-<nnn>-` is a convention name too: never kept inside the new one (runbook-001-runbook-001-x).
  const named = m?.[1] !== undefined && types.includes(m[1].toUpperCase()) && stem.length > m[0].length;
  let rest = number !== undefined || named ? stem.slice(m![0].length) : stem;
  const typeWord = new RegExp(`^${escapeRegExp(type)}[-_ .]+`, 'i');
  if (typeWord.test(rest) && slugify(rest.replace(typeWord, '')) !== 'untitled') rest = rest.replace(typeWord, '');
  const title = unnumberedTitle(heading?.replace(ID_TITLE, '').trim() ?? '') || humanize(rest);
  const slug = slugify(rest) === 'untitled' ? slugify(title) : slugify(rest);
  return { ...(number !== undefined ? { number } : {}), slug, title };
}

/** Whether a file's name is the author's `<number>-<slug>.md` with the number of `id`: no rename needed. */
export function keepsAuthorName(rel: string, id: string): boolean {
  const name = path.posix.basename(rel);
  const m = /^(\d+)-[a-z0-9-]+\.md$/.exec(name);
  return m !== null && Number(m[1]) === Number(id.slice(-3));
}
