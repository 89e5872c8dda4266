import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { loadBuiltinProfile, profileDigest } from '../../src/core/profiles/profile.js';
import { REPO } from '../helpers/cli.js';
import { frontmatterOf } from '../helpers/documents.js';

describe('the built-in org profile', () => {
  it('ships the same schema and templates as init (one source, checked here)', () => {
    const profile = path.join(REPO, 'assets/profiles/default');
    expect(readFileSync(path.join(profile, 'metadata.schema.json'), 'utf8')).toBe(
      readFileSync(path.join(REPO, 'schemas/metadata.schema.json'), 'utf8'),
    );
    for (const t of ['adr', 'fdd', 'prd']) {
      expect(readFileSync(path.join(profile, `templates/${t}.template.md`), 'utf8')).toBe(
        readFileSync(path.join(REPO, `assets/templates/${t}.template.md`), 'utf8'),
      );
    }
  });

  it('loads, with governance documents valid against its own schema', async () => {
    const p = (await loadBuiltinProfile('default'))!;
    expect(p).toMatchObject({ name: 'default', version: '1.1', org_prefix: 'ORG' });
    expect([...p.files.keys()]).toEqual([
      'metadata.schema.json',
      'org/gov-001-documentation-constitution.md',
      'org/gov-002-ids-and-metadata.md',
      'profile.json',
      'templates/adr.template.md',
      'templates/fdd.template.md',
      'templates/prd.template.md',
    ]);
    const ajv = new Ajv({ strict: false });
    (addFormatsModule as unknown as (a: Ajv) => void)(ajv);
    const validate = ajv.compile(JSON.parse(p.files.get('metadata.schema.json')!.toString()));
    for (const rel of ['org/gov-001-documentation-constitution.md', 'org/gov-002-ids-and-metadata.md']) {
      const fm = frontmatterOf(path.join(REPO, 'assets/profiles/default', rel));
      expect(validate(fm), JSON.stringify(validate.errors)).toBe(true);
      expect(fm.document_id).toMatch(/^ORG-GOV-00[12]$/);
    }
  });

  it('digests are independent of file order and sensitive to content and names', () => {
    const a = new Map([
      ['x', Buffer.from('1')],
      ['y', Buffer.from('2')],
    ]);
    const b = new Map([
      ['y', Buffer.from('2')],
      ['x', Buffer.from('1')],
    ]);
    expect(profileDigest(a)).toBe(profileDigest(b));
    expect(profileDigest(new Map([['x', Buffer.from('12')]]))).not.toBe(
      profileDigest(
        new Map([
          ['x', Buffer.from('1')],
          ['2', Buffer.from('')],
        ]),
      ),
    );
  });
});
