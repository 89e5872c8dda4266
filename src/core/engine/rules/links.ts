import path from 'node:path';
import { listOf } from '../../lists.js';
import { closest } from '../../text/suggest.js';
import { includesAnchor, type FsProbe } from '../probe.js';
import { NONE, type DocumentLink, type Finding, type InspectedDocument, type PendingLink } from '../model.js';

const MARKDOWN = /\.(md|markdown)$/i;

function broken(doc: InspectedDocument, link: { line: number; column: number }, message: string, suggestion: string): Finding {
  return {
    code: 'LINK_BROKEN',
    severity: 'error',
    message,
    path: doc.rel,
    line: link.line,
    column: link.column,
    suggestion,
    fixable: false,
  };
}

function anchorHint(anchors: readonly string[], fragment: string, where: string): string {
  const near = closest(fragment, anchors, 1)[0];
  return near
    ? `Did you mean #${near}? Use the anchor of an existing heading in ${where}.`
    : `Use the anchor of an existing heading in ${where} (lower-case, spaces as hyphens, punctuation removed).`;
}

/**
 * LINK_BROKEN for a link to an existing Markdown file whose anchors are known. Given the
 * link's fields, not the link: links checked at once and links that waited are objects of
 * different shapes, and V8 threw this function's optimised code away when the second came.
 */
function anchorFinding(
  doc: InspectedDocument,
  path: string,
  fragment: string,
  line: number,
  column: number,
  probe: FsProbe,
): Finding | undefined {
  const self = path === doc.rel;
  const found = self ? (doc.readable ? includesAnchor(doc.anchors, fragment) : undefined) : probe.hasAnchor(path, fragment);
  if (found !== false) return undefined;
  // A loaded document that keeps only its anchors' hashes has them read again for the hint.
  const anchors = (self ? doc.anchors : probe.anchors(path)) ?? [];
  return broken(doc, { line, column }, `${path} has no heading for the anchor "#${fragment}".`, anchorHint(anchors, fragment, path));
}

/**
 * LINK_BROKEN for relative links: a missing file (compared with exact letter case), a
 * missing #anchor in this or another Markdown document, or a target outside the root, added
 * to `out`. Links to the anchors of another governed document that is not loaded yet are
 * returned instead (undefined: none), for pendingLinkFindings. (Documents load in path order, so
 * links to earlier ones are checked at once and need not be kept.)
 */
export function linkFindings(doc: InspectedDocument, probe: FsProbe, out: Finding[]): PendingLink[] | undefined {
  let pending: PendingLink[] | undefined;
  const links = doc.links;
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    if (link.scope === 'file' && passedBefore(links, i)) {
      if (i < PASSED.length) PASSED[i] = 1; // it passes as the earlier one did
      continue;
    }
    const before = out.length;
    const waits = checkLink(doc, link, probe, out);
    if (waits) {
      if (pending === undefined) pending = listOf(link as PendingLink);
      else pending.push(link as PendingLink);
    }
    if (i < PASSED.length) PASSED[i] = !waits && out.length === before ? 1 : 0;
  }
  return pending;
}

/**
 * Whether a link to the same file and anchor (and of the same scope), among the few before link
 * i, passed (no finding, nothing pending): this one then passes too, since the answer depends
 * only on them. More than half the links of a typical document repeat an earlier one, and
 * each check looks the path and the anchor up again. PASSED[j] is link
 * j's outcome in this call (linkFindings, or pendingLinkFindings for waiting links).
 */
function passedBefore(links: readonly { scope?: string; path?: string | undefined; fragment?: string | undefined }[], i: number): boolean {
  const link = links[i]!;
  for (let j = Math.max(0, i - SEARCH_BACK); j < i && j < PASSED.length; j++) {
    const earlier = links[j]!;
    if (PASSED[j] === 1 && earlier.scope === link.scope && earlier.path === link.path && earlier.fragment === link.fragment) return true;
  }
  return false;
}

/** Outcomes of the current document's first links (see passedBefore): one array for the whole run. */
const PASSED = new Uint8Array(1024);
/** How many earlier links passedBefore compares (a document of many links stays linear). */
const SEARCH_BACK = 16;

/** Checks one link: its findings go into `out`; true when it waits for its target to be loaded (see linkFindings). */
function checkLink(doc: InspectedDocument, link: DocumentLink, probe: FsProbe, out: Finding[]): boolean {
  const what = link.kind === 'image' ? 'Image' : 'Link';
  if (link.scope === 'outside') {
    out.push(
      broken(
        doc,
        link,
        `${what} target "${link.target}" leaves the repository root.`,
        'Link only to files inside the repository, or use an absolute https:// URL.',
      ),
    );
    return false;
  }
  if (link.scope === 'self') {
    if (link.fragment && !includesAnchor(doc.anchors, link.fragment)) {
      out.push(
        broken(
          doc,
          link,
          `There is no heading for the anchor "#${link.fragment}" in this document.`,
          anchorHint(doc.anchors, link.fragment, 'this document'),
        ),
      );
    }
    return false;
  }
  if (link.scope !== 'file' || !link.path) return false;
  const found = probe.lookup(link.path);
  if (found.kind === 'outside') {
    out.push(
      broken(
        doc,
        link,
        `${what} target "${link.target}" leads outside the repository through a symbolic link.`,
        'Link to a file that lives inside the repository.',
      ),
    );
    return false;
  }
  if (found.kind === 'missing') {
    let suggestion: string;
    if (found.caseOnly && found.near) {
      suggestion = `The file is named ${found.near}: letter case matters on Linux and on GitHub. Fix the case in the link.`;
    } else {
      const near = probe.nearestName(link.path);
      // A `/`-rooted target is read from the repository root, not from the document's folder.
      const base = link.target.trim().startsWith('/') ? 'from the repository root' : `relative to ${path.posix.dirname(doc.rel)}/`;
      suggestion = near
        ? `Did you mean ${near}? Fix the path (${base}) or restore the target.`
        : `Fix the path (${base}) or restore the target.`;
    }
    out.push(
      broken(doc, link, `${what} target "${link.target}" does not exist${found.caseOnly ? ' with this letter case' : ''}.`, suggestion),
    );
    return false;
  }
  if (link.fragment && found.kind === 'file' && MARKDOWN.test(link.path)) {
    if (link.path !== doc.rel && probe.isDocument(link.path) && !probe.isLoaded(link.path)) return true;
    const finding = anchorFinding(doc, link.path, link.fragment, link.line, link.column, probe);
    if (finding) out.push(finding);
  }
  return false;
}

/** The deferred anchor checks, once every document is loaded. */
export function pendingLinkFindings(doc: InspectedDocument, links: readonly PendingLink[], probe: FsProbe): Finding[] {
  let out: Finding[] | undefined;
  for (let i = 0; i < links.length; i++) {
    const link = links[i]!;
    if (passedBefore(links, i)) {
      if (i < PASSED.length) PASSED[i] = 1;
      continue;
    }
    const finding = anchorFinding(doc, link.path, link.fragment, link.line, link.column, probe);
    if (i < PASSED.length) PASSED[i] = finding ? 0 : 1;
    if (finding) (out ??= []).push(finding);
  }
  return out ?? NONE;
}
