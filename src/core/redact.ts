/**
 * Redacts values that look like secrets before anything is printed: documents are untrusted
 * and an agent's transcript or a CI log must never carry a live credential copied from one.
 *
 * Patterns are anchored on the formats vendors publish (fixed prefixes, lengths, alphabets),
 * so IDs like ACME-ADR-001, UUIDs and hex hashes in paths are left alone.
 */

interface Rule {
  kind: string;
  pattern: RegExp;
}

/** Token formats with a recognisable prefix: the whole match is replaced. */
const TOKEN_RULES: readonly Rule[] = [
  { kind: 'private-key', pattern: /-----BEGIN ((?:[A-Z0-9]+ )*)PRIVATE KEY( BLOCK)?-----[\s\S]*?(?:-----END \1PRIVATE KEY\2-----|$)/g },
  { kind: 'aws-access-key-id', pattern: /\b(?:AKIA|ASIA|ABIA|ACCA|AIDA|AROA|ANPA|AIPA)[A-Z0-9]{16}\b/g },
  { kind: 'github-token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,255})\b/g },
  { kind: 'gitlab-token', pattern: /\bgl(?:pat|dt|rt|ptt|cbt|imt|agent|oas|ft|soat)-[A-Za-z0-9_-]{20,}/g },
  { kind: 'slack-token', pattern: /\bxox[abposre]-[A-Za-z0-9-]{10,}/g },
  { kind: 'slack-webhook', pattern: /https:\/\/hooks\.slack\.com\/(?:services|workflows|triggers)\/[A-Za-z0-9_/+-]{20,}/g },
  { kind: 'stripe-key', pattern: /\b(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}\b|\bwhsec_[A-Za-z0-9]{24,}\b/g },
  // OpenAI and Anthropic keys are random base62: requiring a digit keeps "sk-learn-compatible-..." out.
  { kind: 'openai-key', pattern: /\bsk-(?:(?:proj|svcacct|admin|ant-api\d\d|ant-admin\d\d)-)?(?=[A-Za-z0-9_-]*\d)[A-Za-z0-9_-]{20,}/g },
  { kind: 'google-api-key', pattern: /\bAIza[0-9A-Za-z_-]{35}(?![0-9A-Za-z_-])/g },
  { kind: 'google-oauth-secret', pattern: /\bGOCSPX-[A-Za-z0-9_-]{28}(?![A-Za-z0-9_-])/g },
  { kind: 'npm-token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  { kind: 'jwt', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}/g },
];

/**
 * `password=...`, `api_key: "..."`, `GITHUB_TOKEN=...`: the name stays, the value goes. Only
 * long values that look machine-made count (see `looksSecret`), so prose like "token: see below"
 * or `password: required` survives.
 */
const ASSIGNMENT =
  /\b([A-Za-z0-9_.-]*(?:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|private[_-]?key|auth[_-]?key|credentials?)[A-Za-z0-9_.-]*)(\s*[:=]\s*)(["']?)([A-Za-z0-9_\-+/=.~!@#$%^&*?]{8,})\3(?![A-Za-z0-9<>(){}[\]])/gi;

/**
 * A password inside a URL's authority (`https://admin:hunter2@host`, `postgres://u:pw@h/db`):
 * scheme and user stay, the password goes, whatever its length (nothing else there is prose).
 * The password runs to the authority's last `@` (a raw `@` in it is common); every part stops
 * at `/`, `?`, `#` or white space, so a scan never passes the next URL and stays linear.
 */
const URL_PASSWORD = /\b([A-Za-z][A-Za-z0-9+.-]{0,31}:\/\/)([^\s/?#@:'"<>]*):([^\s/?#'"<>]+)@/g;

const FILE_PATH = /^\.{0,2}\/?(?:[\w.-]+\/)+[\w.-]*\.[A-Za-z0-9]{1,6}$/;
const DOCUMENT_ID = /^[A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*-\d+$/;
const PLACEHOLDER =
  /^(?:<[^>]*>|\$\{[^}]*\}|\$[A-Z_][A-Z0-9_]*|\{\{[^}]*\}\}|\*+|x+|X+|\[REDACTED[^\]]*\]|(?:change|replace)[-_]?me.*|your[-_].*|example.*|dummy.*|placeholder.*)$/i;

/**
 * A value that looks generated, not like prose or code: letters with digits, or 24+ characters
 * mixing three of lower case, upper case, digits and symbols. IDs, placeholders and file paths
 * do not count.
 */
function looksSecret(value: string): boolean {
  if (PLACEHOLDER.test(value) || DOCUMENT_ID.test(value) || FILE_PATH.test(value)) return false;
  if (/[A-Za-z]/.test(value) && /\d/.test(value)) return true;
  const classes = [/[a-z]/, /[A-Z]/, /\d/, /[^A-Za-z0-9]/].filter((re) => re.test(value)).length;
  return value.length >= 24 && classes >= 3;
}

function marker(kind: string): string {
  return `[REDACTED:${kind}]`;
}

/**
 * What a token rule needs: its fixed prefix, case-sensitive as the rules are. A candidate for
 * an assignment's key word only ("token", "api" and "key" are common in paths) then skips
 * the thirteen token tests.
 */
const TOKEN_CANDIDATE =
  /BEGIN|A(?:KIA|SIA|BIA|CCA|IDA|ROA|NPA|IPA|Iza)|gh[pousr]_|github_pat_|gl(?:pat|dt|rt|ptt|cbt|imt|agent|oas|ft|soat)-|xox|hooks\.slack|[sr]k_|whsec_|sk-|GOCSPX-|npm_|eyJ/;

/**
 * What every rule above needs somewhere in the string: a token's fixed prefix or one of the
 * assignment's key words (case-insensitive, so a superset). One test instead of thirteen for
 * the strings that hold none (paths, IDs, most messages).
 */
const CANDIDATE = new RegExp(`${TOKEN_CANDIDATE.source}|pass|secret|token|api|key|credential`, 'i');
/** A URL's password needs its `://` (a substring search: cheaper than one more alternative above). */
const mayHoldUrl = (s: string): boolean => s.includes('://');

/** Every pattern redactString applies (for the tests that the filters hide none of their matches). */
export const TOKEN_PATTERNS: readonly RegExp[] = TOKEN_RULES.map((r) => r.pattern);
export const PATTERNS: readonly RegExp[] = [...TOKEN_PATTERNS, URL_PASSWORD, ASSIGNMENT];
export const ASSIGNMENT_PATTERN = ASSIGNMENT;
export const mayHoldSecret = (s: string): boolean => mayHoldUrl(s) || CANDIDATE.test(s);
export const mayHoldToken = (s: string): boolean => TOKEN_CANDIDATE.test(s);
/** An assignment needs its `:` or `=`. */
export const mayHoldAssignment = (s: string): boolean => s.includes('=') || s.includes(':');

/** How many values a redaction pass replaced (for the OUTPUT_REDACTED warning). */
export interface RedactionTally {
  count: number;
}

function replaceCounted(
  input: string,
  pattern: RegExp,
  tally: RedactionTally | undefined,
  fn: (whole: string, ...groups: string[]) => string,
): string {
  pattern.lastIndex = 0;
  return input.replace(pattern, (whole: string, ...groups: string[]) => {
    const out = fn(whole, ...groups);
    if (tally && out !== whole) tally.count++;
    return out;
  });
}

/** Redacts secrets inside one string; returns it unchanged (same reference) when clean. */
export function redactString(input: string, tally?: RedactionTally): string {
  if (input.length < 8) return input;
  const url = mayHoldUrl(input);
  if (!url && !CANDIDATE.test(input)) return input;
  let out = input;
  if (mayHoldToken(out)) {
    for (const rule of TOKEN_RULES) {
      rule.pattern.lastIndex = 0;
      if (rule.pattern.test(out)) out = replaceCounted(out, rule.pattern, tally, () => marker(rule.kind));
    }
  }
  if (url) {
    out = replaceCounted(out, URL_PASSWORD, tally, (whole, scheme: string, user: string, password: string) =>
      PLACEHOLDER.test(password) ? whole : `${scheme}${user}:${marker('url-password')}@`,
    );
  }
  if (!mayHoldAssignment(out)) return out;
  return replaceCounted(out, ASSIGNMENT, tally, (whole, name: string, sep: string, quote: string, value: string) =>
    looksSecret(value) ? `${name}${sep}${quote}${marker('secret')}${quote}` : whole,
  );
}

/** Redacts every string value in a JSON-like value (object keys are kept); copies only what changes. */
export function redactValue<T>(value: T, tally?: RedactionTally): T {
  if (typeof value === 'string') return redactString(value, tally) as T;
  if (Array.isArray(value)) {
    // Copied from the first item that changes (check's checked_paths: a string per document, usually none).
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      const next = redactValue(item, tally);
      if (next !== item) (out ??= value.slice(0, i)).push(next);
      else out?.push(item);
    }
    return (out ?? value) as T;
  }
  if (value && typeof value === 'object') {
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) {
      const next = redactValue(item, tally);
      if (next !== item) changed = true;
      out[key] = next;
    }
    return (changed ? out : value) as T;
  }
  return value;
}
