// `npm pack` (prepack/postpack): a tarball carries dist/ built, so its package.json leaves out
// `prepare`, which builds docket on an install from git. npm 11 warns about a package's install
// scripts on every install and asks the user to approve them: a tarball must have none.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifest = 'package.json';
const backup = 'package.json.prepack';

if (process.argv[2] === 'strip') {
  // A backup left by an interrupted pack is the original: never strip twice.
  const original = existsSync(backup) ? readFileSync(backup, 'utf8') : readFileSync(manifest, 'utf8');
  writeFileSync(backup, original);
  const pkg = JSON.parse(original);
  for (const script of ['prepare', 'prepack', 'postpack']) delete pkg.scripts[script];
  writeFileSync(`${manifest}.tmp`, `${JSON.stringify(pkg, null, 2)}\n`);
  renameSync(`${manifest}.tmp`, manifest);
} else if (process.argv[2] === 'restore') {
  if (existsSync(backup)) renameSync(backup, manifest);
} else {
  throw new Error('usage: node scripts/pack-manifest.mjs strip|restore');
}
