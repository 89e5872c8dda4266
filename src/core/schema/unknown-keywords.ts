import type { Ajv } from 'ajv';
import type { Issue } from '../issues.js';
import { didYouMean } from '../text/suggest.js';
import { byPointer, escapePointer, schemaNodes } from './pattern/walk.js';

/** Enough to act on; a hostile schema with thousands more gets one line saying how many. */
const MAX_LISTED = 20;

interface Unknown {
  kind: 'keyword' | 'format';
  name: string;
  pointer: string;
}

/** Line of `"name"` in the schema text, when it occurs there once (else the pointer alone says where). */
function lineOf(text: string, name: string): { line: number } | undefined {
  const quoted = JSON.stringify(name);
  const at = text.indexOf(quoted);
  if (at === -1 || text.indexOf(quoted, at + 1) !== -1) return undefined;
  return { line: text.slice(0, at).split('\n').length };
}

function finding(u: Unknown, ajv: Ajv, text: string, schemaPath: string): Issue {
  const where = lineOf(text, u.name);
  if (u.kind === 'keyword') {
    const near = didYouMean(u.name, Object.keys(ajv.RULES.keywords));
    return {
      code: 'SCHEMA_UNKNOWN_KEYWORD',
      severity: 'warning',
      message: `The metadata schema has the keyword ${JSON.stringify(u.name)} at ${u.pointer}, which is not a JSON Schema keyword: it is ignored and checks nothing.`,
      path: schemaPath,
      ...where,
      suggestion: `${near ? `Did you mean ${JSON.stringify(near)}? ` : ''}Fix the keyword, or rename it to ${JSON.stringify(`x-${u.name}`)} if it is your own annotation (keywords starting with x- are left alone).`,
    };
  }
  const near = didYouMean(u.name, Object.keys(ajv.formats));
  return {
    code: 'SCHEMA_UNKNOWN_FORMAT',
    severity: 'warning',
    message: `The metadata schema has the format ${JSON.stringify(u.name)} at ${u.pointer}, which docket does not know: values there are not checked against it.`,
    path: schemaPath,
    ...where,
    suggestion: `${near ? `Did you mean ${JSON.stringify(near)}? ` : ''}Use a known format (${Object.keys(ajv.formats).slice(0, 8).join(', ')}, ...), or replace it with a \`pattern\`.`,
  };
}

/**
 * Keywords and formats of a schema that ajv (the validator) does not know, as warnings with
 * their JSON pointers. JSON Schema and the Python DocOps CLI's validator ignore both, so the
 * schema stays usable; but a misspelt `patern` or `maxLenght` silently checks nothing, and
 * ajv would otherwise only log it (docket's ajv never logs: see compile.ts).
 */
export function unknownKeywords(schema: unknown, ajv: Ajv, text: string, schemaPath: string): Issue[] {
  const found: Unknown[] = [];
  for (const { node, pointer } of schemaNodes(schema)) {
    for (const key of Object.keys(node)) {
      if (!ajv.RULES.keywords[key] && !key.startsWith('x-'))
        found.push({ kind: 'keyword', name: key, pointer: `${pointer}/${escapePointer(key)}` });
    }
    if (typeof node.format === 'string' && ajv.formats[node.format] === undefined)
      found.push({ kind: 'format', name: node.format, pointer: `${pointer}/format` });
  }
  found.sort(byPointer);
  const issues = found.slice(0, MAX_LISTED).map((u) => finding(u, ajv, text, schemaPath));
  if (found.length > MAX_LISTED) {
    issues.push({
      code: 'SCHEMA_UNKNOWN_KEYWORD',
      severity: 'warning',
      message: `The metadata schema has ${found.length - MAX_LISTED} more unknown keywords or formats than the ${MAX_LISTED} listed.`,
      path: schemaPath,
      suggestion: 'Fix the ones listed, then run `docket doctor` again for the rest.',
    });
  }
  return issues;
}
