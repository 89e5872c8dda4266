import type { AgentInfo } from '../contract/data/meta.js';
export type { AgentInfo };

/** Environment variables that coding agents set in the shells they run; first match wins. */
const SIGNATURES: readonly (readonly [variable: string, agent: string])[] = [
  ['CLAUDECODE', 'claude-code'],
  ['CLAUDE_CODE_ENTRYPOINT', 'claude-code'],
  ['CODEX_SANDBOX', 'codex'],
  ['CODEX_SANDBOX_NETWORK_DISABLED', 'codex'],
  ['GEMINI_CLI', 'gemini-cli'],
  ['CURSOR_AGENT', 'cursor'],
  ['CURSOR_TRACE_ID', 'cursor'],
  ['OPENCODE', 'opencode'],
  ['AIDER_MODEL', 'aider'],
  ['CLINE_ACTIVE', 'cline'],
  ['GOOSE_PROVIDER', 'goose'],
  ['AMP_CLI', 'amp'],
  ['COPILOT_AGENT', 'github-copilot'],
];

const NAME = /^[A-Za-z0-9][\w.-]{0,63}$/;

/** Detects the calling agent; DOCKET_AGENT overrides detection. */
export function detectAgent(env: NodeJS.ProcessEnv): AgentInfo {
  const explicit = env.DOCKET_AGENT?.trim();
  if (explicit && NAME.test(explicit)) return { name: explicit.toLowerCase(), detected_from: 'DOCKET_AGENT' };
  for (const [variable, agent] of SIGNATURES) {
    if (env[variable]) return { name: agent, detected_from: variable };
  }
  return { name: 'unknown', detected_from: null };
}
