/**
 * docket's environment variables that the Python DocOps CLI (meminit) reads under its own
 * name (reference §4.4): in a shell set up for that tool, its variable stands in for docket's.
 * docket's own variable wins when both are set.
 */
export const MEMINIT_ENV_FALLBACKS = {
  DOCKET_ACTOR_ID: 'MEMINIT_ACTOR_ID',
  DOCKET_CORRELATION_ID: 'MEMINIT_CORRELATION_ID',
  DOCKET_DEBUG: 'MEMINIT_DEBUG',
  DOCKET_DEFAULT_OWNER: 'MEMINIT_DEFAULT_OWNER',
  DOCKET_LOCK_TIMEOUT_MS: 'MEMINIT_LOCK_TIMEOUT_MS',
  DOCKET_RUN_ID: 'MEMINIT_RUN_ID',
} as const;

export type FallbackVariable = keyof typeof MEMINIT_ENV_FALLBACKS;

/**
 * That tool's other variables, read by nothing in docket, and why (DOCKET-SPEC-001 lists them).
 * A test keeps this list and the one above equal to the reference's.
 */
export const MEMINIT_ENV_IGNORED: Readonly<Record<string, string>> = {
  MEMINIT_LOG_FORMAT: 'chooses text or JSON log lines; docket writes no logs, only --verbose/--debug diagnostics, which are text',
  MEMINIT_LOG_SILENT: 'silences logs; docket writes nothing on stderr unless asked (--verbose, --debug) or a result is an error',
  MEMINIT_LOG_FILE: 'never implemented by that tool either',
};

export interface EnvValue {
  /** The value, trimmed. */
  value: string;
  /** The variable it came from. */
  name: string;
}

/** The first non-blank of docket's variable and its meminit fallback, trimmed; undefined when neither is set. */
export function envValue(env: NodeJS.ProcessEnv, name: FallbackVariable): EnvValue | undefined {
  for (const candidate of [name, MEMINIT_ENV_FALLBACKS[name]]) {
    const value = env[candidate]?.trim();
    if (value) return { value, name: candidate };
  }
  return undefined;
}
