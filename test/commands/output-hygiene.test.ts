import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture, tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

// A fake GitHub token, assembled at run time so secret scanners do not flag this file.
const TOKEN = ['ghp_', 'Zx9'.repeat(12)].join('');

async function repoWithEvilDocument(): Promise<string> {
  const root = tempDir();
  await docket(['init', '--root', root, '--prefix', 'ACME']);
  writeTree(root, {
    'docs/45-adr/adr-001-evil.md': [
      '---',
      'document_id: ACME-ADR-001',
      'type: ADR',
      `title: "Rotate ${TOKEN} \\u001b[31mred\\u001b[0m \\u202Eevil"`,
      'status: "Draft\\u0007"',
      '---',
      '# Evil',
      '',
    ].join('\n'),
  });
  return root;
}

describe('redaction', () => {
  it('redacts secrets echoed from documents in json, text and md', async () => {
    const root = await repoWithEvilDocument();
    const json = await docket(['context', '--deep', '--root', root, '--json']);
    expect(json.exitCode).toBe(0);
    expectValidEnvelope(json.json, 'context');
    expect(json.json!.data.documents[0]).toMatchObject({ document_id: 'ACME-ADR-001', title: expect.stringContaining('Rotate [REDACTED:github-token] ') });
    for (const format of ['json', 'text', 'md']) {
      const r = await docket(['context', '--deep', '--root', root, '--format', format]);
      expect(r.stdout, format).toContain('ACME-ADR-001');
      expect(r.stdout, format).not.toContain(TOKEN);
      expect(r.stdout, format).toContain('[REDACTED:github-token]');
    }
  });

  it('redacts secrets echoed in error messages and details', async () => {
    const r = await docket(['explain', TOKEN, '--json']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.error.code).toBe('UNKNOWN_CODE');
    expect(r.stdout).not.toContain(TOKEN);
    const text = await docket(['explain', TOKEN]);
    expect(text.stderr).toContain('ERROR [UNKNOWN_CODE]');
    expect(text.stderr).not.toContain(TOKEN);
  });
});

describe('control and bidirectional characters', () => {
  it('are escaped in text and md, and stay JSON-escaped data in json', async () => {
    const root = await repoWithEvilDocument();
    const json = await docket(['context', '--deep', '--root', root, '--json']);
    expect(json.json!.data.documents[0].title).toContain('\u001b[31m');
    expect(json.json!.data.documents[0].status).toBe('Draft\u0007');
    // JSON.stringify escapes control characters; bidi characters are data for a JSON parser.
    expect(json.stdout.trimEnd()).not.toMatch(/[\u0000-\u001f]/);
    for (const format of ['text', 'md']) {
      const r = await docket(['context', '--deep', '--root', root, '--format', format]);
      expect(r.stdout, format).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      expect(r.stdout, format).toContain('\\u{001b}[31mred');
      expect(r.stdout, format).toContain('\\u{202e}evil');
      expect(r.stdout, format).toContain('Draft\\u{0007}');
    }
  });
});

describe('--max-findings', () => {
  const root = copyFixture('config-warnings');

  it('caps warnings and violations, keeps totals in data and sets truncated', async () => {
    const full = await docket(['doctor', '--root', root, '--json']);
    expectValidEnvelope(full.json, 'doctor');
    const total = full.json!.warnings.length;
    expect(total).toBeGreaterThanOrEqual(4);
    expect(full.json!.data).toMatchObject({ totals: { violations: full.json!.violations.length, warnings: total }, truncated: false });

    const capped = await docket(['doctor', '--root', root, '--json', '--max-findings', '1']);
    expectValidEnvelope(capped.json, 'doctor');
    expect(capped.json!.warnings).toEqual(full.json!.warnings.slice(0, 1));
    expect(capped.json!.data).toMatchObject({ totals: { warnings: total }, truncated: true });
    expect(capped.json!.success).toBe(full.json!.success);

    const big = await docket(['doctor', '--root', root, '--json', '--max-findings', String(total)]);
    expect(big.json!.data.truncated).toBe(false);
    expect(big.json!.warnings).toHaveLength(total);
  });

  it('decides success and the exit code on the full lists', async () => {
    const strict = await docket(['doctor', '--root', root, '--json', '--strict', '--max-findings', '0']);
    expect(strict.exitCode).toBe(1);
    expect(strict.json!.success).toBe(false);
    expect(strict.json!.warnings).toEqual([]);
    const missing = await docket(['doctor', '--root', tempDir(), '--json', '--max-findings', '0']);
    expect(missing.exitCode).toBe(1);
    // No config: a warning, then the defaults' missing docs root and schema (reference §1.3, §8.2).
    expect(missing.json!).toMatchObject({ success: false, violations: [], data: { totals: { violations: 2, warnings: 1 }, truncated: true } });
  });

  it('says what was left out in text and md', async () => {
    const text = await docket(['doctor', '--root', root, '--max-findings', '1']);
    expect(text.stdout).toMatch(/Showing 1 of 1 violations and 1 of \d+ warnings \(--max-findings\)\./);
    const md = await docket(['doctor', '--root', root, '--format', 'md', '--max-findings', '1']);
    expect(md.stdout).toMatch(/_Showing 1 of 1 violations and 1 of \d+ warnings \(--max-findings\)\._/);
  });

  it('rejects negative or non-integer values, and commands that do not report findings', async () => {
    for (const bad of ['-1', 'two', '1.5']) {
      const r = await docket(['doctor', '--root', root, '--json', '--max-findings', bad]);
      expect(r.exitCode, bad).toBe(64);
      expectValidEnvelope(r.json);
    }
    const other = await docket(['explain', '--list', '--json', '--max-findings', '1']);
    expect(other.exitCode).toBe(64);
    expect(other.json!.error.code).toBe('UNKNOWN_FLAG');
  });
});

describe('--fields', () => {
  const repo = copyFixture('monorepo');

  it('keeps only the named keys of data; the projection validates with required relaxed', async () => {
    const r = await docket(['context', '--root', repo, '--json', '--fields', 'repo_prefix, namespaces']);
    expect(r.exitCode).toBe(0);
    expect(Object.keys(r.json!.data)).toEqual(['namespaces', 'repo_prefix']);
    expectValidEnvelope(r.json, 'context', { projected: true });
    expect(() => expectValidEnvelope(r.json, 'context')).toThrow();
    const text = await docket(['context', '--root', repo, '--fields', 'repo_prefix']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('repo_prefix: PLAT');
  });

  it('accepts keys the schema knows even when this run did not produce them', async () => {
    const r = await docket(['context', '--root', repo, '--json', '--fields', 'documents,repo_prefix']);
    expect(r.exitCode).toBe(0);
    expect(r.json!.data).toEqual({ repo_prefix: 'PLAT' });
  });

  it('rejects unknown keys with the valid ones and a did-you-mean', async () => {
    const r = await docket(['doctor', '--root', repo, '--json', '--fields', 'status,chekcs']);
    expect(r.exitCode).toBe(64);
    expectValidEnvelope(r.json);
    expect(r.json!.error).toMatchObject({
      code: 'INVALID_FLAG_VALUE',
      details: { unknown: ['chekcs'], did_you_mean: ['checks'], valid_fields: ['checks', 'status', 'totals', 'truncated'] },
    });
    expect(r.json!.error.suggestion).toContain('Did you mean checks?');
    const empty = await docket(['doctor', '--root', repo, '--json', '--fields', ' , ']);
    expect(empty.exitCode).toBe(64);
    expect(empty.json!.error.code).toBe('INVALID_FLAG_VALUE');
  });
});
