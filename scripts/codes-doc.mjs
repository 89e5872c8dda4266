// Rewrites the code tables in docs/20-specs/spec-002-error-codes.md from the code table (dist/).
import { readFileSync, writeFileSync } from 'node:fs';
import { codesMarkdown } from '../dist/errors/markdown.js';

const file = new URL('../docs/20-specs/spec-002-error-codes.md', import.meta.url);
const text = readFileSync(file, 'utf8');
const start = '<!-- codes:start -->\n';
const end = '<!-- codes:end -->';
const [head, rest] = text.split(start);
if (rest === undefined || !rest.includes(end)) throw new Error('spec-002 lacks the codes:start/codes:end markers');
writeFileSync(file, `${head}${start}\n${codesMarkdown()}\n${end}${rest.slice(rest.indexOf(end) + end.length)}`);
console.error('docs/20-specs/spec-002-error-codes.md: code tables updated');
