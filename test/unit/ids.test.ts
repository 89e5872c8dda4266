import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { claimNextId, peekNextId } from '../../src/core/ids/allocate.js';
import { claimChosen, claimedSeqs, ensureClaimsDir, releaseClaim, tryClaim } from '../../src/core/ids/claim.js';
import { formatId, parseId } from '../../src/core/ids/document-id.js';
import { currentHolder, holderLiveness } from '../../src/core/ids/holder.js';
import { highestFileSeq, highestUse } from '../../src/core/ids/next-id.js';
import { tempDir } from '../helpers/fixtures.js';

const scan = (...ids: string[]) => ({ uses: ids.map((id, i) => ({ document_id: id, path: `f${i}.md` })), unreadable: [] });

describe('document IDs', () => {
  it('parse and format PREFIX-TYPE-NNN', () => {
    expect(parseId('ACME-ADR-007')).toEqual({ prefix: 'ACME', type: 'ADR', seq: 7 });
    expect(parseId('ACME-ADR-0007')).toBeUndefined();
    expect(parseId('acme-adr-007')).toBeUndefined();
    expect(formatId('ACME', 'ADR', 7)).toBe('ACME-ADR-007');
  });

  it('the highest number counts only the same prefix and type; file names count too', () => {
    expect(highestUse(scan('ACME-ADR-003', 'ACME-PRD-009', 'OTHER-ADR-050', 'ACME-ADR-001'), 'ACME', 'ADR').seq).toBe(3);
    expect(highestFileSeq(['adr-012-x.md', 'ADR-013-y.md', 'prd-099-z.md', 'adr-014.md', 'adr-015-z.txt'], 'ADR')).toBe(13);
  });
});

describe('claims', () => {
  it('an ID can be claimed once, even by many concurrent claimers', async () => {
    const root = tempDir();
    await ensureClaimsDir(root);
    const results = await Promise.all(Array.from({ length: 25 }, () => tryClaim(root, 'ACME-ADR-001')));
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(readFileSync(path.join(root, '.docket/.gitignore'), 'utf8')).toBe('*\n');
  });

  it('concurrent allocations get distinct numbers after the highest used one', async () => {
    const root = tempDir();
    const target = { root, prefix: 'ACME', type: 'ADR', dir: path.join(root, 'docs/45-adr') };
    const got = await Promise.all(Array.from({ length: 15 }, () => claimNextId(target, scan('ACME-ADR-004'))));
    expect(got.map((g) => g.seq).sort((a, b) => a - b)).toEqual(Array.from({ length: 15 }, (_, i) => i + 5));
    expect((await claimedSeqs(root, 'ACME', 'ADR')).length).toBe(15);
    expect((await peekNextId(target, scan('ACME-ADR-004'))).id).toBe('ACME-ADR-020');
    // Claims hold their own numbers only: with no document, 001 (never claimed) is free.
    expect((await peekNextId(target, scan())).id).toBe('ACME-ADR-001');
    expect((await claimNextId(target, scan('ACME-ADR-002'))).id).toBe('ACME-ADR-003');
  });

  it('release removes only a claim this process made', async () => {
    const root = tempDir();
    await ensureClaimsDir(root);
    const claim = (await tryClaim(root, 'ACME-ADR-001'))!;
    await releaseClaim(root, { ...claim, token: 'someone-else' });
    expect(readdirSync(path.join(root, '.docket/claims'))).toEqual(['ACME-ADR-001.claim']);
    await releaseClaim(root, claim);
    expect(readdirSync(path.join(root, '.docket/claims'))).toEqual([]);
  });

  it('tells live holders from dead ones by pid and process start, not by time', () => {
    const me = currentHolder();
    expect(holderLiveness(me)).toBe('alive');
    const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
    expect(holderLiveness({ ...me, pid: dead })).toBe('dead');
    if (me.start !== null) expect(holderLiveness({ ...me, start: `${me.start}0` })).toBe('dead'); // pid reused by another process
    expect(holderLiveness({ ...me, host: `${os.hostname()}-elsewhere` })).toBe('unknown');
  });

  it('a chosen ID held by a live process times out; one whose holder finished is settled', async () => {
    const root = tempDir();
    mkdirSync(path.join(root, '.docket/claims'), { recursive: true });
    writeFileSync(
      path.join(root, '.docket/claims/ACME-ADR-002.claim'),
      JSON.stringify({ document_id: 'ACME-ADR-002', ...currentHolder(), token: 't' }),
    );
    await expect(claimChosen(root, 'ACME-ADR-002', { timeoutMs: 50, isSettled: async () => false })).rejects.toMatchObject({
      code: 'LOCK_TIMEOUT',
    });
    await expect(claimChosen(root, 'ACME-ADR-002', { timeoutMs: 50, isSettled: async () => true })).resolves.toEqual({ settled: true });
    const fresh = await claimChosen(root, 'ACME-ADR-003', { timeoutMs: 50, isSettled: async () => false });
    expect(fresh.claim?.id).toBe('ACME-ADR-003');
  });
});
