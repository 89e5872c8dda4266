import type { LspData } from '../../../contract/lsp.js';
import { safeText, type Style } from '../style.js';

export function renderLspText(data: LspData, style: Style): string {
  const served =
    data.served_root === null
      ? 'no session'
      : `${data.documents} document${data.documents === 1 ? '' : 's'} in ${safeText(data.served_root)}`;
  return `${style.bold(`docket lsp ${data.server.version}`)} stopped (${served}; ${data.refreshes} refresh${data.refreshes === 1 ? '' : 'es'}, ${data.published} diagnostics notification${data.published === 1 ? '' : 's'}).\n`;
}
