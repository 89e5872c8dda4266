// Generates oclif.manifest.json from dist/ so start-up never scans command files.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Flags, Plugin } from '@oclif/core';

const root = fileURLToPath(new URL('..', import.meta.url));
const plugin = new Plugin({ root, type: 'core', ignoreManifest: true, errorOnManifestCreate: true, respectNoCacheDefault: true });
await plugin.load();
const manifest = plugin.manifest;
if (!manifest || Object.keys(manifest.commands).length === 0) {
  console.error('manifest: no commands found in dist/commands');
  process.exit(1);
}

// oclif caches integer flags as plain options; record their type and bounds so that
// `capabilities` and `docket mcp` can describe them without importing the command.
const integerParse = Flags.integer().parse;
for (const [id, cached] of Object.entries(manifest.commands)) {
  const command = await plugin.findCommand(id, { must: true });
  const flags = { ...command.baseFlags, ...command.flags };
  for (const [name, flag] of Object.entries(flags)) {
    // oclif leaves boolean defaults out of the cache; a negatable flag's default (on or off) is
    // what its --no- form is measured against, so `capabilities` shows it.
    if (flag.type === 'boolean' && flag.allowNo && typeof flag.default === 'boolean' && cached.flags[name])
      cached.flags[name].default = flag.default;
    if (flag.parse !== integerParse || !cached.flags[name]) continue;
    cached.flags[name].valueType = 'integer';
    if (typeof flag.min === 'number') cached.flags[name].min = flag.min;
    if (typeof flag.max === 'number') cached.flags[name].max = flag.max;
  }
}

writeFileSync(new URL('../oclif.manifest.json', import.meta.url), `${JSON.stringify(manifest, null, 2)}\n`);
console.error(`manifest: ${Object.keys(manifest.commands).length} commands`);
