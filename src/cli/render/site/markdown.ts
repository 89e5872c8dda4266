import path from 'node:path';
import MarkdownIt, { type StateCore, type Token } from 'markdown-it';
import { Slugger } from '../../../core/markdown/anchors.js';
import { headingAnchorText } from '../../../core/markdown/commonmark.js';
import { imagePath } from '../../../core/site/image-path.js';
import { docHref } from './html.js';

/** What a document's body needs to know about the site: which paths and IDs have pages. */
export interface LinkTargets {
  /** Repository-relative path of a governed document to its ID. */
  idOfPath: ReadonlyMap<string, string>;
  /** Every ID with a page. */
  ids: ReadonlySet<string>;
  /** Repository-relative path of an image the site copied to its file in the site. */
  images: ReadonlyMap<string, string>;
}

interface Env {
  /** The document's repository-relative path. */
  rel: string;
  id: string;
  targets: LinkTargets;
}

/** A scheme before the first `/`, `?` or `#` (control characters and blanks removed first, as browsers ignore them). */
const SCHEME = /^([a-z][a-z0-9+.-]*):/;
const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);
/** IDs in running text: PREFIX-TYPE-NNN on word boundaries. */
const ID_IN_TEXT = /\b[A-Z]{3,10}-[A-Z]{3,10}-\d{3}\b/g;
const HAS_ID = /\b[A-Z]{3,10}-[A-Z]{3,10}-\d{3}\b/;

/**
 * Links allowed in a body: relative ones and http, https and mailto. Everything else with a
 * scheme (javascript:, data:, vbscript:, file:, ...) stays text: markdown-it makes no link of it.
 */
function safeLink(url: string): boolean {
  const scheme = SCHEME.exec(url.replace(/[\u0000-\u0020\u007f]/g, '').toLowerCase());
  return !scheme || SAFE_SCHEMES.has(scheme[1]!);
}

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/**
 * Where a link of a body goes in the site: a governed document's page (its anchor kept), a
 * link elsewhere on the web as it is, an anchor of this page as it is; any other repository
 * file has no page (undefined: the link becomes marked text naming the file).
 */
function siteHref(href: string, env: Env): string | { file: string } {
  if (href.startsWith('#') || SCHEME.test(href.toLowerCase()) || href.startsWith('//')) return href;
  const hash = href.indexOf('#');
  const fragment = hash === -1 ? '' : href.slice(hash);
  const target = (hash === -1 ? href : href.slice(0, hash)).replace(/\?.*$/, '');
  if (target === '') return fragment || '#';
  const decoded = decode(target);
  const rel = path.posix.normalize(decoded.startsWith('/') ? decoded.slice(1) : path.posix.join(path.posix.dirname(env.rel), decoded));
  const id = env.targets.idOfPath.get(rel);
  if (id === undefined) return { file: rel.startsWith('..') ? decoded : rel };
  return `${docHref(id, 1)}${fragment}`;
}

/** Links rewritten for the site, IDs in text made links, heading anchors as GitHub makes them, table alignment as classes. */
function siteRule(state: StateCore): void {
  const env = state.env as unknown as Env;
  const slugger = new Slugger();
  // A paragraph that is only an HTML comment (docket's own metadata-block markers, editors'
  // notes) would show as text, raw HTML being escaped: it is left out, as a browser hides it.
  state.tokens = state.tokens.filter(
    (t, i, all) =>
      !isCommentParagraph(all, t.type === 'paragraph_open' ? i : t.type === 'inline' ? i - 1 : t.type === 'paragraph_close' ? i - 2 : -1),
  );
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type === 'heading_open') token.attrSet('id', slugger.slug(headingAnchorText(tokens[i + 1]?.children ?? [])));
    if (token.type === 'th_open' || token.type === 'td_open') {
      // An inline style attribute would break the pages' Content-Security-Policy.
      const align = /text-align:(\w+)/.exec(String(token.attrGet('style') ?? ''))?.[1];
      token.attrs = align ? [['class', `al-${align}`]] : null;
    }
    if (token.type === 'inline' && token.children) token.children = inlineTokens(state, token.children, env);
  }
}

const COMMENT = /^<!--(?:(?!-->)[\s\S])*-->$/;

function isCommentParagraph(tokens: readonly Token[], open: number): boolean {
  return (
    open >= 0 &&
    tokens[open]?.type === 'paragraph_open' &&
    tokens[open + 1]?.type === 'inline' &&
    tokens[open + 2]?.type === 'paragraph_close' &&
    COMMENT.test(tokens[open + 1]!.content.trim())
  );
}

function inlineTokens(state: StateCore, children: Token[], env: Env): Token[] {
  const out: Token[] = [];
  let inLink = 0;
  for (const child of children) {
    if (child.type === 'link_open') {
      inLink++;
      const to = siteHref(String(child.attrGet('href') ?? ''), env);
      if (typeof to === 'string') {
        child.attrSet('href', to);
        if (/^(https?:)?\/\//i.test(to)) child.attrSet('rel', 'noopener noreferrer');
      } else {
        // No page in the site: the text stays, marked, with the file it names.
        child.attrs = [
          ['class', 'repo-file'],
          ['title', `${to.file} (a repository file, not part of the site)`],
        ];
      }
    } else if (child.type === 'link_close') {
      inLink--;
    } else if (child.type === 'image') {
      const src = String(child.attrGet('src') ?? '');
      const copy = localImage(src, env);
      if (copy !== undefined) {
        // The site's copy (img-src 'self'); markdown-it writes the alt text from the description.
        const title = child.attrGet('title');
        child.attrs = [
          ['src', `../${copy}`],
          ['alt', ''],
          ...(title ? [['title', String(title)] as [string, string]] : []),
          ['loading', 'lazy'],
        ];
        out.push(child);
        continue;
      }
      // Not in the site (remote, missing, outside the repository, too large): the alt text and source stand in.
      const text = new state.Token('text', '', 0);
      text.content = `[image: ${child.content || src}]`;
      const open = new state.Token('span_open', 'span', 1);
      open.attrs = [
        ['class', 'image'],
        ['title', src],
      ];
      out.push(open, text, new state.Token('span_close', 'span', -1));
      continue;
    } else if (child.type === 'text' && inLink === 0 && HAS_ID.test(child.content)) {
      out.push(...idLinks(state, child.content, env));
      continue;
    }
    out.push(child);
  }
  return out;
}

/** The site file of an image a body shows, when the site copied it (markdown-it percent-encodes the source it gives). */
function localImage(src: string, env: Env): string | undefined {
  const rel = imagePath(env.rel, src);
  return rel === undefined ? undefined : env.targets.images.get(rel);
}

/** A text token split around the IDs in it that have pages (not the page's own): each a link. */
function idLinks(state: StateCore, content: string, env: Env): Token[] {
  const out: Token[] = [];
  let at = 0;
  const text = (s: string) => {
    if (s === '') return;
    const t = new state.Token('text', '', 0);
    t.content = s;
    out.push(t);
  };
  for (const m of content.matchAll(ID_IN_TEXT)) {
    const id = m[0];
    if (id === env.id || !env.targets.ids.has(id)) continue;
    text(content.slice(at, m.index));
    const open = new state.Token('link_open', 'a', 1);
    open.attrs = [
      ['href', docHref(id, 1)],
      ['class', 'id-link'],
    ];
    out.push(open);
    text(id);
    out.push(new state.Token('link_close', 'a', -1));
    at = m.index + id.length;
  }
  text(content.slice(at));
  return out;
}

/**
 * The site's Markdown renderer: markdown-it (CommonMark and GitHub tables and strikethrough),
 * with raw HTML escaped (`html: false`: a `<script>` in a body is text), no links but safe
 * ones (safeLink), no automatic links of bare URLs, and the site rule above.
 */
export function markdownRenderer(targets: LinkTargets): (body: string, rel: string, id: string) => string {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.validateLink = safeLink;
  md.core.ruler.push('docket_site', siteRule);
  return (body, rel, id) => md.render(body, { rel, id, targets } satisfies Env);
}
