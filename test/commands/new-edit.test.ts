import { chmodSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { docket, docketBin } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

async function initRepo(): Promise<string> {
  const root = tempDir();
  expect((await docket(['init', '--root', root, '--prefix', 'ACME'])).exitCode).toBe(0);
  return root;
}

/** An "editor" that appends a line to the file it is given (and prints noise to stdout). */
function editorScript(tag: string): string {
  const file = path.join(tempDir(), `edit-${tag}.sh`);
  writeFileSync(file, `#!/bin/sh\necho "editor noise"\nfor last; do :; done\nprintf '%s\\n' "edited by ${tag} $*" >> "$last"\n`);
  chmodSync(file, 0o755);
  return file;
}

describe('new --edit', () => {
  it('opens the created document in $EDITOR and waits for it', async () => {
    const root = await initRepo();
    const r = await docket(['new', 'ADR', 'Edit me', '--edit', '--root', root, '--json'], {
      env: { EDITOR: editorScript('editor'), VISUAL: '' },
    });
    expect(r.exitCode, r.stdout).toBe(0);
    expectValidEnvelope(r.json, 'new');
    const text = readFileSync(path.join(root, r.json!.data.path), 'utf8');
    expect(text.trimEnd().endsWith(`edited by editor ${path.join(root, r.json!.data.path)}`)).toBe(true);
  });

  it('$VISUAL wins over $EDITOR, and editor values may carry arguments', async () => {
    const root = await initRepo();
    const r = await docket(['new', 'ADR', 'Visual', '--edit', '--root', root, '--json'], {
      env: { VISUAL: `${editorScript('visual')} --wait`, EDITOR: editorScript('editor') },
    });
    expect(r.exitCode).toBe(0);
    const text = readFileSync(path.join(root, r.json!.data.path), 'utf8');
    expect(text).toContain('edited by visual --wait ');
    expect(text).not.toContain('edited by editor');
  });

  it('EDITOR=true works; an editor exiting with an error is a warning (the document exists)', async () => {
    const root = await initRepo();
    const ok = await docket(['new', 'ADR', 'True', '--edit', '--root', root, '--json'], { env: { EDITOR: 'true' } });
    expect(ok.exitCode).toBe(0);
    expect(ok.json!.warnings).toEqual([]);
    const failed = await docket(['new', 'ADR', 'False', '--edit', '--root', root, '--json'], { env: { EDITOR: 'false' } });
    expect(failed.exitCode).toBe(0);
    expect(failed.json!.warnings.map((w: any) => w.code)).toEqual(['EDITOR_FAILED']);
  });

  it('no editor: status tool-missing, exit 69, and the created document is still reported', async () => {
    const root = await initRepo();
    for (const env of [
      { EDITOR: undefined, VISUAL: undefined },
      { EDITOR: 'no-such-editor-docket-test', VISUAL: '' },
    ]) {
      const r = await docket(['new', 'ADR', `Unedited ${env.EDITOR ?? 'unset'}`, '--edit', '--root', root, '--json'], { env });
      expect(r.exitCode).toBe(69);
      expectValidEnvelope(r.json, 'new');
      expect(r.json).toMatchObject({ success: false, status: 'tool-missing', error: { code: 'EDITOR_MISSING' } });
      expect(r.json!.data.created).toBe(true);
      expect(existsSync(path.join(root, r.json!.data.path))).toBe(true);
    }
    const text = await docket(['new', 'ADR', 'Text mode', '--edit', '--root', root], { env: { EDITOR: undefined, VISUAL: undefined } });
    expect(text.exitCode).toBe(69);
    expect(text.stdout).toContain('created docs/45-adr/');
    expect(text.stderr).toContain('ERROR [EDITOR_MISSING]');
  });

  it('--edit with --dry-run is FLAG_CONFLICT', async () => {
    const root = await initRepo();
    const r = await docket(['new', 'ADR', 'x', '--edit', '--dry-run', '--root', root, '--json']);
    expect(r.exitCode).toBe(64);
    expect(r.json!.error.code).toBe('FLAG_CONFLICT');
  });

  it("in JSON mode the editor's output goes to stderr: stdout stays one JSON line", async () => {
    const root = await initRepo();
    const r = await docketBin(['new', 'ADR', 'Piped', '--edit', '--root', root, '--format', 'json'], {
      env: { EDITOR: editorScript('bin'), VISUAL: '' },
    });
    expect(r.exitCode, r.stderr).toBe(0);
    expect(r.stdout.split('\n').filter(Boolean)).toHaveLength(1);
    expectValidEnvelope(r.json, 'new');
    expect(r.stderr).toContain('editor noise');
  });
});
