// Generates oclif.manifest.json from dist/ so start-up never scans command files.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Plugin } from '@oclif/core';

const root = fileURLToPath(new URL('..', import.meta.url));
const plugin = new Plugin({ root, type: 'core', ignoreManifest: true, errorOnManifestCreate: true, respectNoCacheDefault: true });
await plugin.load();
const manifest = plugin.manifest;
if (!manifest || Object.keys(manifest.commands).length === 0) {
  console.error('manifest: no commands found in dist/commands');
  process.exit(1);
}
writeFileSync(new URL('../oclif.manifest.json', import.meta.url), `${JSON.stringify(manifest, null, 2)}\n`);
console.error(`manifest: ${Object.keys(manifest.commands).length} commands`);
