// Precompiles the published schemas into dist/lib/validators.cjs (ajv standalone code), so the
// client library validates without loading ajv or compiling at run time: the first
// parseEnvelope() in a process costs a module load instead of ~70 ms.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relaxRequired } from '../dist/cli/agent/data-schema.js';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default;
const addFormats = require('ajv-formats').default;
const standaloneCode = require('ajv/dist/standalone').default;

const root = new URL('../', import.meta.url);
const read = (rel) => JSON.parse(readFileSync(new URL(rel, root), 'utf8'));
// Same options as the run-time fallback in src/lib/parse.ts.
const ajv = new Ajv({ strict: false, allErrors: false, validateSchema: false, code: { source: true } });
addFormats(ajv);

const exports = {};
const envelope = read('schemas/agent-output.schema.v1.json');
delete envelope.$id;
ajv.addSchema(envelope, 'envelope');
exports.envelope = 'envelope';
for (const file of readdirSync(new URL('schemas/data/', root)).filter((f) => f.endsWith('.schema.json')).sort()) {
  const id = file.replace(/\.schema\.json$/, '');
  const { $id: _id, ...schema } = relaxRequired(read(`schemas/data/${file}`));
  ajv.addSchema(schema, `data:${id}`);
  exports[`data:${id}`] = `data:${id}`;
}
writeFileSync(new URL('dist/lib/validators.cjs', root), `${standaloneCode(ajv, exports)}\n`);
console.error(`validators: envelope and ${Object.keys(exports).length - 1} data schemas`);
