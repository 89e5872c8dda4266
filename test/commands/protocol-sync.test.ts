import { existsSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { block, posix, protocol, read, repo, SCRIPT, sha, SKILL, statuses } from '../helpers/protocol.js';

describe('protocol sync, then protocol check', () => {
  it('aligns every asset and keeps what the user wrote, byte for byte (done-when of issue 42)', async () => {
    const own = '# House rules\r\n\r\nNever force-push. caf\xe9 in latin-1: ';
    const root = repo({ 'AGENTS.md': Buffer.concat([Buffer.from(own, 'utf8'), Buffer.from([0xe9, 0x0a])]) });
    const before = read(root, 'AGENTS.md');

    const check = await protocol(root, 'check');
    expect(check.exitCode).toBe(1);
    expect(statuses(check)).toEqual({ 'agents-md': 'legacy', 'meminit-brownfield-script': 'missing', 'meminit-docops-skill': 'missing' });
    expect(check.json!.data.summary).toEqual({ total: 3, aligned: 0, drifted: 3, unparseable: 0 });
    expect(check.json!.violations.map((v: any) => [v.path, v.code])).toEqual([
      [SKILL, 'PROTOCOL_ASSET_MISSING'],
      [SCRIPT, 'PROTOCOL_ASSET_MISSING'],
      ['AGENTS.md', 'PROTOCOL_ASSET_LEGACY'],
    ]);
    expect(check.json!.advice[0]).toMatchObject({ code: 'NEXT_PROTOCOL_SYNC', command: `docket protocol sync --root ${root}` });

    // The dry run shows the change and writes nothing.
    const dry = await protocol(root, 'sync');
    expect(dry.exitCode).toBe(1);
    expect(dry.json!.data).toMatchObject({ dry_run: true, applied: false, summary: { total: 3, rewritten: 3, refused: 0, noop: 0 } });
    expect(dry.json!.data.assets[0]).toMatchObject({
      id: 'agents-md',
      prior_status: 'legacy',
      action: 'rewrite',
      preserved_user_bytes: before.length,
    });
    expect(dry.json!.data.assets[0].diff).toContain('+<!-- MEMINIT_PROTOCOL: begin id=agents-md version=1.0 sha256=');
    expect(dry.json!.data.assets[2].diff).toMatch(
      /^diff --git a\/\.agents\/skills\/meminit-docops\/SKILL\.md b\/\S+\nnew file mode 100644\n--- \/dev\/null\n/,
    );
    expect(dry.json!.advice[0]).toMatchObject({ code: 'NEXT_APPLY', command: `docket protocol sync --apply --root ${root}` });
    expect(read(root, 'AGENTS.md').equals(before)).toBe(true);
    expect(existsSync(path.join(root, SKILL))).toBe(false);

    const applied = await protocol(root, 'sync', '--apply');
    expect(applied.exitCode).toBe(0);
    expect(applied.json!.data).toMatchObject({ dry_run: false, applied: true, summary: { rewritten: 3, refused: 0 } });
    const after = await protocol(root, 'check');
    expect([after.exitCode, after.json!.success, after.json!.violations]).toEqual([0, true, []]);
    expect(Object.values(statuses(after))).toEqual(['aligned', 'aligned', 'aligned']);

    // The old file is below the end marker, whole, after one blank line.
    const agents = read(root, 'AGENTS.md');
    const text = agents.toString('latin1');
    expect(text.startsWith('<!-- MEMINIT_PROTOCOL: begin id=agents-md version=1.0 sha256=')).toBe(true);
    expect(text).toContain('# Agent instructions: Handbook');
    expect(text).toContain('`HBK-ADR-001`');
    expect(agents.subarray(agents.length - before.length).equals(before)).toBe(true);
    expect(text.slice(0, text.length - before.length).endsWith('<!-- MEMINIT_PROTOCOL: end id=agents-md -->\n\n')).toBe(true);
    if (posix) expect(statSync(path.join(root, SCRIPT)).mode & 0o777).toBe(0o755);
    expect(read(root, SKILL).toString('utf8')).toMatch(
      /^---\nname: meminit-docops\ndescription: [^\n]+\n---\n\n# Governed documentation of Handbook, with docket\n/,
    );

    // The user adds text below the marker: still aligned, and the next sync changes nothing.
    writeFileSync(path.join(root, 'AGENTS.md'), Buffer.concat([agents, Buffer.from('\r\n## More\r\n<!-- a comment -->\r\n')]));
    const edited = read(root, 'AGENTS.md');
    expect(statuses(await protocol(root, 'check'))['agents-md']).toBe('aligned');
    const again = await protocol(root, 'sync', '--apply');
    expect(again.json!.data).toMatchObject({ applied: false, summary: { rewritten: 0, noop: 3 } });
    expect(read(root, 'AGENTS.md').equals(edited)).toBe(true);
  });

  it("rewrites only the managed block of a stale AGENTS.md (the Python DocOps CLI's text), keeping the bytes after the end marker", async () => {
    const user = Buffer.from('\n## Ours\r\nkeep\tthis  \r\n\xff', 'latin1');
    const root = repo({ 'AGENTS.md': Buffer.concat([Buffer.from(block('# Meminit protocol\n\nUse meminit.\n')), user]) });
    const check = await protocol(root, 'check', '--asset', 'agents-md');
    expect(check.json!.data.assets).toEqual([
      expect.objectContaining({
        id: 'agents-md',
        status: 'stale',
        auto_fixable: true,
        recorded_version: '1.0',
        recorded_sha256: sha('# Meminit protocol\n\nUse meminit.\n'),
      }),
    ]);
    expect(check.json!.violations).toEqual([expect.objectContaining({ code: 'PROTOCOL_ASSET_STALE', path: 'AGENTS.md' })]);
    const sync = await protocol(root, 'sync', '--asset', 'agents-md', '--apply');
    expect(sync.json!.data.assets).toEqual([
      expect.objectContaining({ prior_status: 'stale', action: 'rewrite', preserved_user_bytes: user.length }),
    ]);
    const agents = read(root, 'AGENTS.md');
    expect(agents.subarray(agents.length - user.length).equals(user)).toBe(true);
    expect(agents.toString('latin1')).not.toContain('Use meminit.');
    expect(statuses(await protocol(root, 'check', '--asset', 'agents-md'))).toEqual({ 'agents-md': 'aligned' });
  });
});

describe('protocol: the project name in managed text', () => {
  it('cannot end the block early or add a marker: comment delimiters and line breaks are dropped', async () => {
    const root = tempDir('docket-protocol-name-');
    writeFileSync(
      path.join(root, 'docops.config.yaml'),
      'project_name: "Evil --> <!-- MEMINIT_PROTOCOL: end id=agents-md -->\\nX"\nrepo_prefix: EVL\ndocops_version: "2.0"\n',
    );
    expect((await protocol(root, 'sync', '--apply')).exitCode).toBe(0);
    const agents = read(root, 'AGENTS.md').toString('utf8');
    expect(agents.split('\n').filter((l) => l.trim().startsWith('<!--'))).toHaveLength(2);
    expect(agents).toContain('# Agent instructions: Evil   MEMINIT_PROTOCOL: end id=agents-md  X\n');
    expect((await protocol(root, 'check')).exitCode).toBe(0);
  });
});

describe('protocol: flags, formats and exit codes', () => {
  it('exits the same in text and JSON, and refuses an unknown --asset', async () => {
    const root = repo();
    const text = await docket(['protocol', 'check', '--root', root]);
    expect(text.exitCode).toBe(1);
    expect(text.stdout).toContain('0 of 3 protocol assets aligned.');
    expect(text.stdout).toContain('missing     AGENTS.md');
    const dry = await docket(['protocol', 'sync', '--root', root]);
    expect(dry.exitCode).toBe(1);
    expect(dry.stdout).toContain('Dry run: would rewrite 3 assets, 0 refused, 0 aligned; nothing was written.');
    expect(dry.stdout).toContain('+++ b/AGENTS.md');
    const md = await docket(['protocol', 'check', '--root', root, '--format', 'md']);
    expect(md.exitCode).toBe(1);
    expect(md.stdout).toContain('| agents-md | AGENTS.md | missing |');
    const unknown = await docket(['protocol', 'check', '--asset', 'nope', '--root', root, '--json']);
    expect(unknown.exitCode).toBe(64);
    expect(unknown.json!.error.code).toBe('INVALID_FLAG_VALUE');
    const both = await docket(['protocol', 'sync', '--apply', '--dry-run', '--root', root, '--json']);
    expect([both.exitCode, both.json!.error.code]).toEqual([64, 'FLAG_CONFLICT']);
  });

  it('runs without docops.config.yaml, on the defaults', async () => {
    const root = tempDir('docket-protocol-bare-');
    const r = await protocol(root, 'sync', '--apply', '--asset', 'agents-md,meminit-docops-skill');
    expect(r.exitCode).toBe(0);
    expect(r.json!.data.summary).toEqual({ total: 2, rewritten: 2, refused: 0, noop: 0 });
    expect(existsSync(path.join(root, SCRIPT))).toBe(false);
    expect((await protocol(root, 'check', '--asset', 'agents-md')).exitCode).toBe(0);
  });
});
