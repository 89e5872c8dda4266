import { EXIT, type CodeSpec } from '../types.js';

/** Codes of the agent-facing surfaces: `docket mcp`, its tool results, and what any output hides. */
export const AGENT_CODES = {
  OUTPUT_REDACTED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'security',
    summary: 'Values that look like secrets were replaced by `[REDACTED:<kind>]` in this output.',
    cause:
      'A document, path or message holds a token, a private key, a password inside a URL (`https://user:password@host`) or a `password=`-style assignment.',
    remediation: {
      action:
        'Remove the credential from the repository and rotate it: anyone with the repository can read it. The message gives how many values were hidden.',
      commands: [],
    },
  },
  OUTPUT_TRUNCATED: {
    kind: 'warning',
    exit: EXIT.OK,
    category: 'guidance',
    summary: 'The result was larger than the MCP size cap: long lists were shortened.',
    cause:
      'A tool call whose JSON result exceeded `docket mcp --max-result-bytes` (256 KiB by default), usually many findings or documents.',
    remediation: {
      action:
        'Narrow the call (fields, max_findings, fewer paths), or start the server with a larger --max-result-bytes. The message gives the counts that were kept.',
      commands: ['docket mcp --max-result-bytes 1048576'],
    },
  },
  TOOL_CALL_TIMEOUT: {
    kind: 'error',
    exit: EXIT.INTERRUPTED,
    category: 'interrupt',
    summary: 'An MCP tool call ran longer than the server allows and was stopped.',
    cause: 'A very large repository or a slow file system, with the `docket mcp --timeout` limit (120 s by default) too short.',
    remediation: {
      action: 'Narrow the call, or start the server with a longer --timeout. Writes are atomic, so nothing was left half-written.',
      commands: ['docket mcp --timeout 600'],
    },
  },
} as const satisfies Record<string, CodeSpec>;
