import type { Envelope } from '../../envelope.js';
import { mdCell } from '../md.js';
import type { Style } from '../style.js';
import { plural } from '../words.js';
import type { IndexData } from '../../../contract/commands.js';

/** Why a build read every document, in words: the JSON `reason` `no-cache` reads like the flag. */
const REASONS: Readonly<Record<NonNullable<IndexData['rebuild']['reason']>, string>> = {
  'no-cache': 'no cache yet',
  'cache-disabled': '--no-cache',
  'rebuild-requested': '--rebuild-cache',
  'config-changed': 'the configuration changed',
  'cache-corrupt': 'the cache was unreadable',
  'cache-untrusted': 'the cache was not left by docket',
  'cache-busy': 'another docket run holds the cache',
};

function rebuildLine(d: IndexData): string {
  const r = d.rebuild;
  const how = r.mode === 'incremental' ? 'incremental' : `full${r.reason ? `: ${REASONS[r.reason]}` : ''}`;
  return `${how}; ${r.added} added, ${r.changed} changed, ${r.removed} removed, ${r.unchanged} unchanged`;
}

export function renderIndexText(env: Envelope<IndexData>, style: Style): string {
  const d = env.data;
  const graph = `${plural(d.node_count, 'document')}, ${plural(d.edge_count, 'edge')}`;
  let head: string;
  if (d.current === true) head = `${style.green('✔')} ${style.bold(`${d.index_path} is current`)}: ${graph}; nothing was written.`;
  else if (d.current === false)
    head = `${style.red('✖')} ${style.bold(`${d.index_path} is out of date`)}: \`docket index\` would write it differently (${graph}); nothing was written.`;
  else if (env.violations.length > 0)
    head = `${style.red('✖')} ${style.bold(`Index not written: ${plural(env.violations.length, 'integrity violation')}`)} (${graph}); ${d.index_path} is unchanged.`;
  else if (d.written) head = `${style.green('✔')} ${style.bold(`Wrote ${d.index_path}`)}: ${graph}.`;
  else head = `${style.green('✔')} ${style.bold(`${d.index_path} is up to date`)}: ${graph}.`;
  const views = (d.views ?? [])
    .map(
      (v) =>
        `  ${v.written ? `${style.green('✔')} Wrote ${v.path}` : `${style.dim('·')} ${v.path} ${env.violations.length > 0 ? 'not written' : 'unchanged'}`}\n`,
    )
    .join('');
  return `${head}\n  ${style.dim(rebuildLine(d))}\n${views}`;
}

export function renderIndexMarkdown(d: IndexData): string {
  return `## Index\n\n- **Path:** ${mdCell(d.index_path)}\n- **Documents:** ${d.node_count}\n- **Edges:** ${d.edge_count}\n- **Written:** ${d.written ? 'yes' : 'no'}\n- **Build:** ${mdCell(rebuildLine(d))}\n${(d.views ?? []).map((v) => `- **View:** ${mdCell(v.path)} (written: ${v.written ? 'yes' : 'no'})\n`).join('')}`;
}
