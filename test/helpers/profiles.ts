import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
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

/**
 * The Python DocOps CLI's installed profile as reference §8.6 describes it:
 * `$XDG_DATA_HOME/meminit/org/profiles/<name>/profile.json` with `profile_name`,
 * `profile_version`, `docops_version` and `files` (org documents under `org_docs/`).
 * Returns the directory and the digest that tool computes (§8.6: SHA-256 over the sorted
 * paths, `path \0 bytes \0` for every file including profile.json), as bare hex.
 */
export function meminitInstalledProfile(xdg: string, name = 'default'): { dir: string; digest: string; files: Record<string, string> } {
  const dir = path.join(xdg, 'meminit/org/profiles', name);
  const schema = readFileSync(path.join(BUILTIN_PROFILE, 'metadata.schema.json'), 'utf8').replace(
    '"urn:docket:schema:metadata:1.1"',
    '"urn:meminit:metadata"',
  );
  const orgDoc = (n: string, title: string) =>
    `---\ndocument_id: ORG-GOV-${n}\ntype: GOV\ntitle: ${title}\nstatus: Approved\nversion: "1.0"\nlast_updated: 2026-01-01\nowner: Org\ndocops_version: "2.0"\napprovers: Org Council\n---\n# ${title}\n`;
  const files: Record<string, string> = {
    'metadata.schema.json': schema,
    'templates/adr.template.md': '# {{title}}\n\n## Context (meminit)\n',
    'templates/fdd.template.md': '# {{title}}\n\n## Feature (meminit)\n',
    'templates/prd.template.md': '# {{title}}\n\n## Problem (meminit)\n',
    'org_docs/org-gov-001-constitution.md': orgDoc('001', 'Constitution'),
    'org_docs/org-gov-002-metadata-schema.md': orgDoc('002', 'Metadata schema'),
  };
  const manifest = { profile_name: name, profile_version: '0.1', docops_version: '2.0', files: Object.keys(files).sort() };
  files['profile.json'] = `${JSON.stringify(manifest, null, 2)}\n`;
  for (const [rel, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), content);
  }
  const h = createHash('sha256');
  for (const rel of Object.keys(files).sort()) h.update(rel).update('\0').update(files[rel]!).update('\0');
  return { dir, digest: h.digest('hex'), files };
}

/** Every file under a directory with its bytes: to prove a directory was not written to. */
export function snapshotDir(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const abs = path.join(entry.parentPath, entry.name);
    out[path.relative(dir, abs)] = readFileSync(abs, 'base64');
  }
  return out;
}
