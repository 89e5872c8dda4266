import path from 'node:path';
import { closest } from '../../text/suggest.js';
import type { RuleContext } from '../context.js';
import type { DocumentLink, Finding, InspectedDocument } from '../model.js';

const MARKDOWN = /\.(md|markdown)$/i;

function hasAnchor(anchors: readonly string[], fragment: string): boolean {
  const wanted = fragment.toLowerCase();
  return anchors.some((a) => a.toLowerCase() === wanted);
}

function broken(doc: InspectedDocument, link: DocumentLink, message: string, suggestion: string): Finding {
  return { code: 'LINK_BROKEN', severity: 'error', message, path: doc.rel, line: link.line, column: link.column, suggestion, fixable: false };
}

function anchorHint(anchors: readonly string[], fragment: string, where: string): string {
  const near = closest(fragment, anchors, 1)[0];
  return near ? `Did you mean #${near}? Use the anchor of an existing heading in ${where}.` : `Use the anchor of an existing heading in ${where} (lower-case, spaces as hyphens, punctuation removed).`;
}

/**
 * LINK_BROKEN for relative links: a missing file (compared with exact letter case), a
 * missing #anchor in this or another Markdown document, or a target outside the root.
 */
export async function linkFindings(doc: InspectedDocument, ctx: RuleContext): Promise<Finding[]> {
  const out: Finding[] = [];
  for (const link of doc.links) {
    const what = link.kind === 'image' ? 'Image' : 'Link';
    if (link.scope === 'outside') {
      out.push(broken(doc, link, `${what} target "${link.target}" leaves the repository root.`, 'Link only to files inside the repository, or use an absolute https:// URL.'));
      continue;
    }
    if (link.scope === 'self') {
      if (link.fragment && !hasAnchor(doc.anchors, link.fragment)) {
        out.push(broken(doc, link, `There is no heading for the anchor "#${link.fragment}" in this document.`, anchorHint(doc.anchors, link.fragment, 'this document')));
      }
      continue;
    }
    if (link.scope !== 'file' || !link.path) continue;
    const found = await ctx.probe.lookup(link.path);
    if (found.kind === 'outside') {
      out.push(broken(doc, link, `${what} target "${link.target}" leads outside the repository through a symbolic link.`, 'Link to a file that lives inside the repository.'));
      continue;
    }
    if (found.kind === 'missing') {
      let suggestion: string;
      if (found.caseOnly && found.near) {
        suggestion = `The file is named ${found.near}: letter case matters on Linux and on GitHub. Fix the case in the link.`;
      } else {
        const near = await ctx.probe.nearestName(link.path);
        suggestion = near ? `Did you mean ${near}? Fix the path (relative to ${path.posix.dirname(doc.rel)}/) or restore the target.` : `Fix the path (relative to ${path.posix.dirname(doc.rel)}/) or restore the target.`;
      }
      out.push(broken(doc, link, `${what} target "${link.target}" does not exist${found.caseOnly ? ' with this letter case' : ''}.`, suggestion));
      continue;
    }
    if (link.fragment && found.kind === 'file' && MARKDOWN.test(link.path)) {
      const anchors = await ctx.probe.anchors(link.path);
      if (anchors && !hasAnchor(anchors, link.fragment)) {
        out.push(broken(doc, link, `${link.path} has no heading for the anchor "#${link.fragment}".`, anchorHint(anchors, link.fragment, link.path)));
      }
    }
  }
  return out;
}
