import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO } from './cli.js';
import { tempDir } from './fixtures.js';

export const BUILTIN_PROFILE = path.join(REPO, 'assets/profiles/default');

/** A fresh XDG_DATA_HOME: org profile tests never touch the real ~/.local/share. */
export function xdgEnv(): { XDG_DATA_HOME: string } {
  return { XDG_DATA_HOME: tempDir('docket-xdg-') };
}

/** A copy of the built-in profile with profile.json edited (name, version, ...) for tests. */
export function customProfile(edit: Record<string, unknown>, files: Record<string, string> = {}): string {
  const dir = tempDir('docket-profile-');
  cpSync(BUILTIN_PROFILE, dir, { recursive: true });
  const manifest = JSON.parse(readFileSync(path.join(dir, 'profile.json'), 'utf8'));
  for (const [rel, content] of Object.entries(files)) writeFileSync(path.join(dir, rel), content);
  writeFileSync(path.join(dir, 'profile.json'), `${JSON.stringify({ ...manifest, ...edit }, null, 2)}\n`);
  return dir;
}
