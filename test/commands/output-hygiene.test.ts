import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { copyFixture, tempDir, writeTree } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';
import { itemsOf, parseStream } from '../helpers/ndjson.js';

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
    expect(json.json!.data.documents[0]).toMatchObject({
      document_id: 'ACME-ADR-001',
      title: expect.stringContaining('Rotate [REDACTED:github-token] '),
    });
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

describe('passwords inside URLs', () => {
  // Assembled at run time, as the token above.
  const PASSWORD = ['hun', 'ter2'].join('');
  async function repoWithUrlPasswords(): Promise<string> {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    writeTree(root, {
      'docs/45-adr/adr-001-db.md': [
        '---',
        'document_id: ACME-ADR-001',
        'type: ADR',
        `title: "Move https://admin:${PASSWORD}@git.example.com to postgres://u:pw@h/db"`,
        'status: Draft',
        '---',
        '# DB',
        '',
      ].join('\n'),
    });
    return root;
  }
  const REDACTED_TITLE = 'Move https://admin:[REDACTED:url-password]@git.example.com to postgres://u:[REDACTED:url-password]@h/db';
  const WARNING = expect.objectContaining({
    code: 'OUTPUT_REDACTED',
    severity: 'info',
    message: expect.stringMatching(/^2 values that look like a secret were replaced/),
  });

  it('are redacted by resolve and context --deep, with a warning giving the count', async () => {
    const root = await repoWithUrlPasswords();
    const resolved = await docket(['resolve', 'ACME-ADR-001', '--root', root, '--json']);
    expect(resolved.exitCode).toBe(0);
    expectValidEnvelope(resolved.json, 'resolve');
    expect(resolved.json!.data.title).toBe(REDACTED_TITLE);
    expect(resolved.json!.warnings.filter((w: { code: string }) => w.code === 'OUTPUT_REDACTED')).toEqual([WARNING]);
    const deep = await docket(['context', '--deep', '--root', root, '--json']);
    expectValidEnvelope(deep.json, 'context');
    expect(deep.json!.data.documents[0].title).toBe(REDACTED_TITLE);
    expect(deep.json!.warnings).toContainEqual(WARNING);
    for (const format of ['json', 'text', 'md']) {
      const r = await docket(['resolve', 'ACME-ADR-001', '--root', root, '--format', format]);
      expect(r.stdout, format).not.toContain(PASSWORD);
      expect(r.stdout, format).not.toContain(':pw@');
      // Text prints only the answer on stdout; the warning goes to stderr (issue 40).
      expect(format === 'text' ? r.stderr : r.stdout, format).toContain('OUTPUT_REDACTED');
      expect(r.stderr, format).not.toContain(PASSWORD);
    }
  });

  it('are redacted in index --format ndjson, with a warning item before the summary', async () => {
    const root = await repoWithUrlPasswords();
    const r = await docket(['index', '--root', root, '--format', 'ndjson']);
    expect(r.exitCode).toBe(0);
    expect(r.stdout).not.toContain(PASSWORD);
    const records = parseStream(r.stdout, 'index');
    expect(itemsOf(records, 'node')[0].title).toBe(REDACTED_TITLE);
    expect(itemsOf(records, 'finding')).toEqual([WARNING]);
    expect(records.at(-2)).toMatchObject({ record: 'item', kind: 'finding', data: { code: 'OUTPUT_REDACTED' } });
  });

  it('leave outputs without secrets without a warning', async () => {
    const root = await repoWithUrlPasswords();
    writeTree(root, {
      'docs/45-adr/adr-001-db.md': [
        '---',
        'document_id: ACME-ADR-001',
        'type: ADR',
        'title: "Move https://git.example.com/a@b"',
        'status: Draft',
        '---',
        '# DB',
        '',
      ].join('\n'),
    });
    const r = await docket(['resolve', 'ACME-ADR-001', '--root', root, '--json']);
    expect(r.json!.data.title).toBe('Move https://git.example.com/a@b');
    expect(r.json!.warnings.map((w: { code: string }) => w.code)).not.toContain('OUTPUT_REDACTED');
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

describe('characters JSON.stringify leaves raw', () => {
  // U+202E and U+2066 reorder text, U+009B is an 8-bit CSI, U+007F is DEL, U+2028 ends a JS line.
  const RAW = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
  async function repo(): Promise<string> {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    writeTree(root, {
      'docs/45-adr/adr-001-evil.md': [
        '---',
        'document_id: ACME-ADR-001',
        'type: ADR',
        'title: "a\\u202Eb \\u2066c\\u2069 \\x9B31m d\\x7F e\\u2028f"',
        'status: Draft',
        '---',
        '# Evil',
        '',
      ].join('\n'),
    });
    return root;
  }

  it('are escaped in json and ndjson, and parse back to the same title', async () => {
    const root = await repo();
    for (const args of [
      ['context', '--deep', '--json'],
      ['context', '--deep', '--format', 'ndjson'],
      ['index', '--format', 'ndjson'],
      ['check', '--format', 'json'],
      ['check', '--format', 'sarif'],
      ['resolve', 'ACME-ADR-001', '--json'],
    ]) {
      const r = await docket([...args, '--root', root]);
      expect(r.stdout, args.join(' ')).not.toMatch(RAW);
      expect(r.stdout, args.join(' ')).not.toMatch(/[\u0000-\u0009\u000b-\u001f]/);
    }
    const r = await docket(['resolve', 'ACME-ADR-001', '--root', root, '--json']);
    expect(r.stdout).toContain('a\\u202eb \\u2066c\\u2069 \\u009b31m d\\u007f e\\u2028f');
    expect(r.json!.data.title).toBe('a\u202Eb \u2066c\u2069 \u009B31m d\u007F e\u2028f');
  });
});

describe('a line break inside a file name', () => {
  // The file name carries a forged report line; text and md must show it as one escaped value.
  const NAME = 'docs/45-adr/adr-9-a\n✔ 0 problems\n.md';
  async function repo(): Promise<string> {
    const root = tempDir();
    await docket(['init', '--root', root, '--prefix', 'ACME']);
    writeTree(root, {
      [NAME]: ['---', 'document_id: ACME-ADR-009', 'type: ADR', 'title: "Line\\nbreak"', 'status: Draft', '---', '# A', ''].join('\n'),
    });
    return root;
  }

  it('cannot forge a line of the text or md report', async () => {
    const root = await repo();
    for (const format of ['text', 'md', 'github', 'junit']) {
      const r = await docket(['check', '--root', root, '--format', format]);
      expect(r.stdout, format).toContain('adr-9-a\\u{000a}✔ 0 problems\\u{000a}.md');
      expect(
        r.stdout.split('\n').filter((l) => /^\s*✔ 0 problems/.test(l)),
        format,
      ).toEqual([]);
    }
    const listed = await docket(['context', '--deep', '--root', root]);
    expect(listed.stdout).toContain('Line\\u{000a}break');
    const json = await docket(['check', '--root', root, '--json']);
    expect(json.json!.violations.map((v: { path?: string }) => v.path)).toContain(NAME);
  });

  it('keeps the diff of fix on its lines, with the path quoted as git quotes it', async () => {
    const root = await repo();
    const r = await docket(['fix', '--root', root]);
    expect(r.stdout).not.toMatch(/^\s*✔ 0 problems/m);
    expect(r.stdout).toContain('--- "a/docs/45-adr/adr-9-a\\n✔ 0 problems\\n.md"\n');
    expect(r.stdout).toContain('rename from "docs/45-adr/adr-9-a\\n✔ 0 problems\\n.md"\n');
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
    expect(missing.json!).toMatchObject({
      success: false,
      violations: [],
      data: { totals: { violations: 2, warnings: 1 }, truncated: true },
    });
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
