import type { Style } from '../style.js';
import type { SiteData } from '../../../contract/commands.js';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Text: where the site is, what changed, and how to open it. Strings arrive escaped (see escapeEnvelope). */
export function renderSiteText(d: SiteData, style: Style): string {
  const changes = `${plural(d.written, 'file')} written, ${d.unchanged} unchanged${d.removed > 0 ? `, ${d.removed} removed` : ''}`;
  return `${style.bold(`Site built in ${d.out}/`)}: ${plural(d.pages, 'page')} for ${plural(d.documents, 'document')} and ${plural(d.relations, 'relation')}${d.board ? ', with the board' : ''}${d.images > 0 ? `, ${plural(d.images, 'image')}` : ''} (${changes}).\nOpen ${d.out}/index.html in a browser.\n`;
}

/** Markdown: the same, as a short report. */
export function renderSiteMarkdown(d: SiteData): string {
  return `## Site\n\n- Directory: \`${d.out}/\`\n- Pages: ${d.pages} (${d.documents} documents, ${d.relations} relations${d.board ? ', board' : ''}${d.images > 0 ? `, ${d.images} images` : ''})\n- Files: ${d.written} written, ${d.unchanged} unchanged, ${d.removed} removed\n- Check: ${d.check.violations} violations, ${d.check.warnings} warnings in ${d.check.files_checked} files\n`;
}
