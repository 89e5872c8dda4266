import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { expect } from 'vitest';
import { parseFrontmatterYaml } from '../../src/core/frontmatter/parse.js';
import { splitFrontmatter } from '../../src/core/frontmatter/split.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => void;

/** The frontmatter data of a document file (fails the test when it does not parse). */
export function frontmatterOf(file: string): Record<string, unknown> {
  const text = readFileSync(file, 'utf8');
  const split = splitFrontmatter(text);
  expect(split.kind, `${file} has no frontmatter`).toBe('ok');
  if (split.kind !== 'ok') return {};
  const parsed = parseFrontmatterYaml(split.yaml, split.firstLine);
  expect(parsed.ok, `${file}: ${JSON.stringify(parsed)}`).toBe(true);
  return parsed.ok ? parsed.value.data : {};
}

/**
 * Asserts what `check` would assert about a document `new` created, until `check` exists on
 * this branch: frontmatter valid against the repository schema (ajv), the ID matching the
 * namespace prefix, the type and the file's number, the file in its type directory, named
 * `<type>-<nnn>-<kebab-slug>.md`, with the heading and the visible metadata block.
 */
export function expectGovernedDocument(
  root: string,
  data: Record<string, any>,
  opts: { schemaPath?: string; prefix: string; typeDir: string; metadataBlock?: boolean },
): Record<string, unknown> {
  const file = path.join(root, data.path);
  const fm = frontmatterOf(file);
  const schema = JSON.parse(readFileSync(path.join(root, opts.schemaPath ?? 'docs/00-governance/metadata.schema.json'), 'utf8'));
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const validate = ajv.compile(schema);
  expect(validate(fm), JSON.stringify(validate.errors)).toBe(true);
  expect(fm.document_id).toBe(data.document_id);
  expect(fm.type).toBe(data.type);
  expect(fm.title).toBe(data.title);
  const m = /^([A-Z]{3,10})-([A-Z]{3,10})-(\d{3})$/.exec(String(fm.document_id));
  expect(m, `bad ID ${fm.document_id}`).not.toBeNull();
  expect(m![1]).toBe(opts.prefix);
  expect(m![2]).toBe(fm.type);
  expect(path.posix.dirname(data.path)).toBe(opts.typeDir);
  const name = path.posix.basename(data.path);
  expect(name).toMatch(new RegExp(`^${String(fm.type).toLowerCase()}-${m![3]}-[a-z0-9]+(-[a-z0-9]+)*\\.md$`));
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(`# ${fm.document_id}: `);
  if (opts.metadataBlock !== false) expect(text).toContain(`> **Document ID:** ${fm.document_id}\n`);
  return fm;
}
