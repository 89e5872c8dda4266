import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ASSIGNMENT_PATTERN,
  mayHoldAssignment,
  mayHoldSecret,
  mayHoldToken,
  PATTERNS,
  redactString,
  redactValue,
  TOKEN_PATTERNS,
} from '../../src/core/redact.js';

// Fake credentials in the vendors' published formats, assembled at run time so that secret
// scanners do not flag this file.
const j = (...parts: string[]) => parts.join('');
const SECRETS: [kind: string, value: string][] = [
  ['aws-access-key-id', j('AKIA', 'IOSFODNN7', 'EXAMPLE')],
  ['aws-access-key-id', j('ASIA', 'Y34FZKBOKMUTVV7A')],
  ['github-token', j('ghp_', 'a'.repeat(20), '0123456789ABCDEF')],
  ['github-token', j('github_pat_', '11ABCDEFG0', 'x'.repeat(70))],
  ['gitlab-token', j('glpat-', 'xxxxxxxxxxxxxxxxxxxx')],
  ['slack-token', j('xoxb-', '1234567890-1234567890123-', 'AbCdEfGhIjKlMnOpQrStUvWx')],
  ['slack-webhook', j('https://hooks.slack.com/services/', 'T00000000/B00000000/', 'XXXXXXXXXXXXXXXXXXXXXXXX')],
  ['stripe-key', j('sk_live_', '4eC39HqLyjWDarjtT1zdp7dc')],
  ['stripe-key', j('rk_test_', '51H8xYzABCDEFGHIJKLMNOP')],
  ['openai-key', j('sk-proj-', 'Abc123def456GHI789jkl012MNO345pqr')],
  ['openai-key', j('sk-', 'T3BlbkFJ', '0123456789abcdefABCDEF')],
  ['google-api-key', j('AIza', 'SyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY')],
  [
    'jwt',
    j(
      'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9',
      '.',
      'eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ',
      '.',
      'SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c',
    ),
  ],
  ['npm-token', j('npm_', 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8')],
];

describe('redactString', () => {
  it.each(SECRETS)('redacts a %s inside text', (kind, secret) => {
    const out = redactString(`config value ${secret} found in the document`);
    expect(out).toBe(`config value [REDACTED:${kind}] found in the document`);
    expect(out).not.toContain(secret);
  });

  it('redacts a whole private key block, and an unterminated one to the end', () => {
    const block = `-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA7\nabc\n-----END RSA PRIVATE KEY-----`;
    expect(redactString(`key:\n${block}\nafter`)).toBe('key:\n[REDACTED:private-key]\nafter');
    expect(redactString('-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA')).toBe('[REDACTED:private-key]');
    expect(redactString('-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE')).toContain('MFkwEwYH');
  });

  it('redacts the value of password=/token: style assignments, keeping the name', () => {
    expect(redactString('password=hunter2hunter2')).toBe('password=[REDACTED:secret]');
    expect(redactString('db_password: "s3cr3t-Pa55"')).toBe('db_password: "[REDACTED:secret]"');
    expect(redactString('export GITHUB_TOKEN=abcd1234efgh5678')).toBe('export GITHUB_TOKEN=[REDACTED:secret]');
    expect(redactString("api_key = 'k-9f8e7d6c5b4a'")).toBe("api_key = '[REDACTED:secret]'");
    expect(redactString('client_secret:0123456789abcdefghijklmnopqrstuv')).toBe('client_secret:[REDACTED:secret]');
    expect(redactString(`AWS_SECRET_ACCESS_KEY=${['wJalrXUtnFEMI', 'K7MDENG', 'bPxRfiCYEXAMPLEKEY'].join('/')}`)).toBe(
      'AWS_SECRET_ACCESS_KEY=[REDACTED:secret]',
    );
    expect(redactString('DATABASE_PASSWORD="Tr0ub4dor&3"')).toBe('DATABASE_PASSWORD="[REDACTED:secret]"');
    expect(redactString('session_token: AbCdEfGhIjKlMnOp-QrStUvWx_yz')).toBe('session_token: [REDACTED:secret]');
  });

  it('leaves prose, short values, placeholders and IDs in assignments alone', () => {
    for (const text of [
      'password: required',
      'token: see below',
      'The password=short1 is too short',
      'password=${DB_PASSWORD}',
      'api_key: <your-key-here>',
      'token: changeme123',
      'secret: ****************',
      'token: ACME-ADR-001',
      'secret_doc: docs/45-adr/adr-001-secrets.md',
      'tokens: 1200',
      'Set the token in CI; see ACME-RUNBOOK-007.',
      // code in fenced blocks: types and identifiers, not secrets
      'compose(tokens: Iterable<Token>, forceDoc?: boolean): Generator<Document>',
      'IETFToken = "ietf-token",',
      'privateKey: t.CryptoKey;',
      'token_endpoint: z.ZodURL;',
      'passphrase: <string>]}. The object form can only occur in an array.',
      'correct-horse-battery-staple is the password: memorable',
    ]) {
      expect(redactString(text), text).toBe(text);
    }
  });

  it('keeps document IDs, UUIDs, hashes, paths and ordinary words', () => {
    for (const text of [
      'ACME-ADR-001',
      'ACME-PLATFORM-ADR-042 supersedes ACME-ADR-7',
      '3f2b8c1e-9a47-4d2e-8f61-0c5b7e9d2a14',
      'build/3f2b8c1e9a474d2e8f610c5b7e9d2a14/report.json',
      'sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
      'commit 4b825dc642cb6eb9a060e54bf8d69288fbee4904',
      'docs/45-adr/adr-001-use-postgres.md',
      'Use the sk-learn-compatible-pipeline-component for models',
      'The task-management-and-planning-document is approved',
      'AKIA is a prefix; AKIA123 is too short',
      'eyJhbGciOi is not a JWT by itself',
      'xoxb is a Slack prefix',
    ]) {
      expect(redactString(text), text).toBe(text);
    }
  });

  it('redacts the password inside a URL, keeping scheme, user and host', () => {
    expect(redactString('clone https://admin:hunter2@git.example.com/repo.git')).toBe(
      'clone https://admin:[REDACTED:url-password]@git.example.com/repo.git',
    );
    expect(redactString('DATABASE_URL=postgres://u:pw@h/db')).toBe('DATABASE_URL=postgres://u:[REDACTED:url-password]@h/db');
    // A raw `@` inside the password, an empty user, and two URLs in one string.
    expect(redactString('mysql://root:p@ss@db:3306 and redis://:s3cret@cache/0')).toBe(
      'mysql://root:[REDACTED:url-password]@db:3306 and redis://:[REDACTED:url-password]@cache/0',
    );
    for (const clean of [
      'https://admin@host/x',
      'https://host:8443/a@b',
      'git@github.com:org/repo.git',
      'https://user:${PASSWORD}@host',
      'see https://example.com/a:b@c',
    ]) {
      expect(redactString(clean), clean).toBe(clean);
    }
  });

  it('counts the values it replaces', () => {
    const tally = { count: 0 };
    redactString(`https://a:b@h ${SECRETS[0]![1]} password=hunter2hunter2 password: required`, tally);
    expect(tally.count).toBe(3);
    redactValue({ list: ['postgres://u:pw@h/db', 'clean text', { x: 'ftp://x:y@z' }] }, tally);
    expect(tally.count).toBe(5);
  });

  it('is idempotent', () => {
    const once = redactString(`a ${SECRETS[0]![1]} b password=hunter2hunter2 https://u:pw@h`);
    expect(redactString(once)).toBe(once);
  });
});

describe('redactValue', () => {
  it('walks objects and arrays, keeps keys, and returns the same reference when clean', () => {
    const clean = { a: ['x', { b: 'ACME-ADR-001' }], n: 1, z: null };
    expect(redactValue(clean)).toBe(clean);
    const dirty = { list: [{ title: `leak ${SECRETS[2]![1]}` }], ok: 'fine' };
    const out = redactValue(dirty);
    expect(out).not.toBe(dirty);
    expect(out).toEqual({ list: [{ title: 'leak [REDACTED:github-token]' }], ok: 'fine' });
    expect(dirty.list[0]!.title).toContain('ghp_');
  });
});

describe('the candidate filter in front of the patterns', () => {
  const fragments = [
    'AKIA',
    'ASIA',
    'AIza',
    'ghp_',
    'gho_',
    'github_pat_',
    'glpat-',
    'glagent-',
    'xoxb-',
    'https://hooks.slack.com/services/',
    'sk_live_',
    'rk_test_',
    'whsec_',
    'sk-',
    'sk-proj-',
    'GOCSPX-',
    'npm_',
    'eyJ',
    '.eyJ',
    '-----BEGIN RSA PRIVATE KEY-----',
    'password',
    'PassPhrase',
    'api_key',
    'ApiKey',
    'access-key',
    'auth_key',
    'Credentials',
    'secret',
    'TOKEN',
    ': ',
    '=',
    '"',
    "'",
    'a1B2c3D4e5F6g7H8i9J0kLmNoPqRsTuVwXyZ',
    '0123456789abcdef',
    '/',
    '.',
    '-',
    '_',
    ' ',
    'ADR-001',
    'docs/45-adr/x.md',
    'https://',
    'postgres://',
    '@',
    ':',
    'u:pw@',
    'ftp://a:b@',
  ];
  it('never hides a string any pattern would redact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 6 })), { maxLength: 12 }).map((parts) => parts.join('')),
        (s) => {
          if (mayHoldSecret(s)) return;
          for (const pattern of PATTERNS) {
            pattern.lastIndex = 0;
            expect(pattern.test(s), `${pattern} matches ${JSON.stringify(s)}`).toBe(false);
          }
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('never hides a string a token rule, or the assignment rule, would redact', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constantFrom(...fragments), fc.string({ maxLength: 6 })), { maxLength: 12 }).map((parts) => parts.join('')),
        (s) => {
          if (!mayHoldToken(s)) {
            for (const pattern of TOKEN_PATTERNS) {
              pattern.lastIndex = 0;
              expect(pattern.test(s), `${pattern} matches ${JSON.stringify(s)}`).toBe(false);
            }
          }
          ASSIGNMENT_PATTERN.lastIndex = 0;
          if (!mayHoldAssignment(s)) expect(ASSIGNMENT_PATTERN.test(s), `the assignment matches ${JSON.stringify(s)}`).toBe(false);
        },
      ),
      { numRuns: 5000 },
    );
  });

  it('redacts a path-like candidate only where a rule matches', () => {
    expect(redactString('docs/45-adr/adr-007-token-rotation.md')).toBe('docs/45-adr/adr-007-token-rotation.md');
    expect(redactString('docs/token=Ab12345678cd.md')).toBe('docs/token=[REDACTED:secret]');
  });
});
