import type { McpData } from '../../../contract/mcp.js';
import type { Style } from '../style.js';

export function renderMcpText(data: McpData, style: Style): string {
  return `${style.bold(`docket mcp ${data.server.version}`)} stopped after ${data.calls} tool call${data.calls === 1 ? '' : 's'} (${data.failed_calls} failed).\n${style.dim(`tools: ${data.tools.join(', ')}`)}\n`;
}
