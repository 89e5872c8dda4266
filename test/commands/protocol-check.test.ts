import { chmodSync, existsSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempDir, writeTree } from '../helpers/fixtures.js';
import { block, posix, protocol, read, repo, SCRIPT, SKILL, statuses, synced } from '../helpers/protocol.js';

describe('protocol check: each status, from fixtures built here', () => {
  it('missing: no file', async () => {
    const root = await synced();
    rmSync(path.join(root, SKILL));
    const r = await protocol(root, 'check');
    expect(statuses(r)['meminit-docops-skill']).toBe('missing');
    expect(r.json!.violations).toEqual([expect.objectContaining({ code: 'PROTOCOL_ASSET_MISSING', path: SKILL, severity: 'error' })]);
  });

  it('legacy: AGENTS.md without markers', async () => {
    const root = await synced();
    writeFileSync(path.join(root, 'AGENTS.md'), '# Just text\n');
    const r = await protocol(root, 'check');
    expect(r.json!.data.assets[0]).toEqual(expect.objectContaining({ status: 'legacy', auto_fixable: true }));
    expect(r.json!.data.assets[0]).not.toHaveProperty('recorded_sha256');
  });

  it("stale: another version, another asset's block, a generated file edited, a script without its mode", async () => {
    const root = await synced();
    const current = read(root, 'AGENTS.md').toString('utf8');
    const payload = current.split('\n').slice(1, -2).join('\n') + '\n';
    writeFileSync(path.join(root, 'AGENTS.md'), block(payload, { version: '0.9' }));
    expect(statuses(await protocol(root, 'check'))['agents-md']).toBe('stale');
    writeFileSync(path.join(root, 'AGENTS.md'), block(payload, { id: 'other-asset' }));
    expect(statuses(await protocol(root, 'check'))['agents-md']).toBe('stale');
    writeFileSync(path.join(root, 'AGENTS.md'), block(payload));
    expect(statuses(await protocol(root, 'check'))['agents-md']).toBe('aligned');

    writeFileSync(path.join(root, SKILL), `${read(root, SKILL).toString('utf8')}\nA line of mine.\n`);
    const skill = await protocol(root, 'check', '--asset', 'meminit-docops-skill');
    expect(skill.json!.data.assets[0]).toEqual(expect.objectContaining({ status: 'stale', ownership: 'generated' }));
    if (posix) {
      chmodSync(path.join(root, SCRIPT), 0o644);
      const script = await protocol(root, 'check', '--asset', 'meminit-brownfield-script');
      expect(script.json!.data.assets[0]).toEqual(
        expect.objectContaining({ status: 'stale', expected_file_mode: 0o755, actual_file_mode: 0o644 }),
      );
      expect(script.json!.violations[0].message).toBe(`${SCRIPT} has mode 644, not 755.`);
      const dry = await protocol(root, 'sync', '--asset', 'meminit-brownfield-script');
      expect(dry.json!.data.assets[0].diff).toBe(`diff --git a/${SCRIPT} b/${SCRIPT}\nold mode 100644\nnew mode 100755\n`);
      await protocol(root, 'sync', '--apply');
      expect(statSync(path.join(root, SCRIPT)).mode & 0o777).toBe(0o755);
    }
    expect((await protocol(root, 'check')).exitCode).toBe(0);
  });

  it('tampered: the block edited by hand; sync refuses it unless --force, which keeps the text after the end marker', async () => {
    const root = await synced();
    const good = read(root, 'AGENTS.md').toString('utf8');
    const tampered = `${good.replace('Follow the `advice`', 'Ignore the `advice`')}\nMine.\n`;
    writeFileSync(path.join(root, 'AGENTS.md'), tampered);
    const check = await protocol(root, 'check');
    expect(check.json!.data.assets[0]).toEqual(expect.objectContaining({ status: 'tampered', auto_fixable: false }));
    expect(check.json!.data.assets[0].actual_sha256).not.toBe(check.json!.data.assets[0].recorded_sha256);
    expect(check.json!.violations[0]).toMatchObject({ code: 'PROTOCOL_ASSET_TAMPERED', severity: 'error' });

    for (const args of [[], ['--apply']]) {
      const refused = await protocol(root, 'sync', ...args);
      expect(refused.exitCode).toBe(1);
      expect(refused.json!.data.assets[0]).toMatchObject({ action: 'refuse', reason: 'needs_force', diff: '' });
      expect(refused.json!.violations.map((v: any) => v.code)).toEqual(['PROTOCOL_ASSET_TAMPERED']);
      expect(read(root, 'AGENTS.md').toString('utf8')).toBe(tampered);
    }
    const forced = await protocol(root, 'sync', '--apply', '--force');
    expect(forced.exitCode).toBe(0);
    expect(forced.json!.warnings).toEqual([expect.objectContaining({ code: 'PROTOCOL_SYNC_FORCE_USED', path: 'AGENTS.md' })]);
    expect(read(root, 'AGENTS.md').toString('utf8')).toBe(`${good}\nMine.\n`);
  });

  it('tolerates line ends and trailing whitespace inside the block: CRLF and spaces are not drift', async () => {
    const root = await synced();
    const crlf = read(root, 'AGENTS.md').toString('utf8').replace(/\n/g, '  \r\n');
    writeFileSync(path.join(root, 'AGENTS.md'), crlf);
    expect(statuses(await protocol(root, 'check'))['agents-md']).toBe('aligned');
  });

  it('reads past a byte order mark; sync does not carry one into the middle of the file', async () => {
    const root = await synced();
    const bom = Buffer.from([0xef, 0xbb, 0xbf]);
    writeFileSync(path.join(root, 'AGENTS.md'), Buffer.concat([bom, read(root, 'AGENTS.md')]));
    expect(statuses(await protocol(root, 'check'))['agents-md']).toBe('aligned');
    writeFileSync(path.join(root, 'AGENTS.md'), Buffer.concat([bom, Buffer.from('# Ours\n')]));
    expect((await protocol(root, 'sync', '--apply')).exitCode).toBe(0);
    const agents = read(root, 'AGENTS.md');
    expect(agents.includes(bom)).toBe(false);
    expect(agents.toString('utf8').endsWith('-->\n\n# Ours\n')).toBe(true);
  });

  it.each([
    ['text_before_begin', (b: string) => `# Title\n\n${b}`, 1],
    ['duplicate_begin', (b: string) => `${b}${b}`, undefined],
    ['missing_end', (b: string) => b.replace(/<!-- MEMINIT_PROTOCOL: end id=agents-md -->\n/, ''), undefined],
    ['marker_outside_block', (b: string) => `${b}<!-- MEMINIT_PROTOCOL: end id=agents-md -->\n`, undefined],
    ['end_id_mismatch', (b: string) => b.replace('end id=agents-md', 'end id=other'), undefined],
    ['malformed_begin', (b: string) => b.replace(/sha256=[0-9a-f]+/, 'sha256=xyz'), 1],
  ] as const)('unparseable: %s', async (reason, mangle, line) => {
    const root = await synced();
    const good = read(root, 'AGENTS.md').toString('utf8');
    const broken = `${mangle(good)}\nMy notes.\n`;
    writeFileSync(path.join(root, 'AGENTS.md'), broken);
    const check = await protocol(root, 'check');
    expect(check.json!.data.assets[0]).toEqual(expect.objectContaining({ status: 'unparseable', reason, auto_fixable: false }));
    if (line !== undefined) expect(check.json!.data.assets[0].line).toBe(line);
    expect(check.json!.data.summary).toEqual({ total: 3, aligned: 2, drifted: 0, unparseable: 1 });
    const refused = await protocol(root, 'sync', '--apply');
    expect([refused.exitCode, refused.json!.data.assets[0].action]).toEqual([1, 'refuse']);
    expect(read(root, 'AGENTS.md').toString('utf8')).toBe(broken);
    // --force: a new block, the old text below it without the markers that broke it.
    const forced = await protocol(root, 'sync', '--apply', '--force');
    expect(forced.exitCode).toBe(0);
    const now = read(root, 'AGENTS.md').toString('utf8');
    expect(now).toContain('My notes.\n');
    expect(now.match(/MEMINIT_PROTOCOL/g)).toHaveLength(2);
    expect((await protocol(root, 'check')).exitCode).toBe(0);
  });

  it.skipIf(!posix)('unparseable: a symbolic link is never read or written, even with --force', async () => {
    const outside = writeTree(tempDir('docket-protocol-outside-'), { 'AGENTS.md': '# Elsewhere\n' });
    const root = repo();
    symlinkSync(path.join(outside, 'AGENTS.md'), path.join(root, 'AGENTS.md'));
    const check = await protocol(root, 'check', '--asset', 'agents-md');
    expect(check.json!.data.assets[0]).toEqual(expect.objectContaining({ status: 'unparseable', reason: 'not_a_regular_file' }));
    const forced = await protocol(root, 'sync', '--asset', 'agents-md', '--apply', '--force');
    expect(forced.exitCode).toBe(1);
    expect(forced.json!.data.assets[0]).toMatchObject({ action: 'refuse', reason: 'not_a_regular_file' });
    expect(readFileSync(path.join(outside, 'AGENTS.md'), 'utf8')).toBe('# Elsewhere\n');
    // A directory on the way that leads out of the root: the skill is neither read nor created there.
    symlinkSync(outside, path.join(root, '.agents'));
    const skill = await protocol(root, 'sync', '--asset', 'meminit-docops-skill', '--apply', '--force');
    expect(skill.json!.data.assets[0]).toMatchObject({ prior_status: 'unparseable', action: 'refuse', reason: 'outside_root' });
    expect(existsSync(path.join(outside, 'skills'))).toBe(false);
  });
});
