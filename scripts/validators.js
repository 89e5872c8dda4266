// Precompiles the published schemas into dist/lib/validators.cjs (ajv standalone code), so the
// client library validates without loading ajv or compiling at run time: the first
// parseEnvelope() in a process costs a module load, not ajv's load and compile.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { relaxRequired } from '../dist/contract/data-schema.js';

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
for (const file of readdirSync(new URL('schemas/data/', root))
  .filter((f) => f.endsWith('.schema.json'))
  .sort()) {
  const id = file.replace(/\.schema\.json$/, '');
  const { $id: _id, ...schema } = relaxRequired(read(`schemas/data/${file}`));
  ajv.addSchema(schema, `data:${id}`);
  exports[`data:${id}`] = `data:${id}`;
}
writeFileSync(new URL('dist/lib/validators.cjs', root), `${standaloneCode(ajv, exports)}\n`);
console.error(`validators: envelope and ${Object.keys(exports).length - 1} data schemas`);

// The built-in metadata schema (what `docket init` writes), compiled exactly as
// src/core/schema/compile.ts compiles a repository's schema (draft-07 Ajv, strict: false,
// validateFormats, ajv-formats), stopping at the first error and with all errors. A repository
// whose schema is this one (same parsed JSON) then validates without loading ajv or compiling.
const metadata = read('schemas/metadata.schema.json');
const mode = { first: false, all: true };
for (const [name, allErrors] of Object.entries(mode)) {
  const compiler = new Ajv({ allErrors, strict: false, validateFormats: true, code: { source: true } });
  addFormats(compiler);
  const validate = compiler.compile(metadata);
  writeFileSync(new URL(`dist/core/schema/metadata.${name}.cjs`, root), `${standaloneCode(compiler, validate)}\n`);
}
// The JSON Schema meta-schemas, as the classes compile.ts picks by `$schema` compile them (the same
// options, but V8's RegExp for the meta-schemas' own plain patterns): ajv checks every schema
// against its meta-schema before compiling it, and would compile the meta-schema in each process
// for that (src/core/schema/precompiled.ts).
const drafts = { 'draft-07': 'ajv', '2019-09': 'ajv/dist/2019', '2020-12': 'ajv/dist/2020' };
for (const [draft, module] of Object.entries(drafts)) {
  for (const [name, allErrors] of Object.entries(mode)) {
    const DraftAjv = require(module).default;
    const compiler = new DraftAjv({ allErrors, strict: false, validateFormats: true, logger: false, code: { source: true } });
    addFormats(compiler);
    const validate = compiler.getSchema(compiler.defaultMeta());
    writeFileSync(new URL(`dist/core/schema/meta.${draft}.${name}.cjs`, root), `${standaloneCode(compiler, validate)}\n`);
  }
}
const digest = createHash('sha256').update(JSON.stringify(metadata)).digest('hex');
writeFileSync(
  new URL('dist/core/schema/metadata.builtin.json', root),
  `${JSON.stringify({ sha256: digest, ajv: require('ajv/package.json').version })}\n`,
);
console.error('validators: built-in metadata schema, meta-schemas');
