import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { doc, repo } from './docs.js';

/** Text that would run a script, add an attribute or leave its element if a page did not escape it. */
export const HOSTILE = {
  title: '"><script>window.__pwned=1;alert(1)</script><img src=x onerror="window.__pwned=2">',
  owner: '" onmouseover="window.__pwned=3" x="',
  body: [
    '# Hostile <script>window.__pwned=4</script>',
    '',
    '<script>alert("body")</script>',
    '',
    '<img src=x onerror="window.__pwned=5">',
    '',
    '[click me](javascript:alert(1)) [data](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==) [vb](vbscript:msgbox) [entity](javascript&#58;alert(1)) <javascript:alert(1)>',
    '',
    '[spaced](<java\tscript:alert(1)>) ![x" onerror="alert(1)](x.png)',
    '',
    '<a href="javascript:alert(2)">raw link</a> <iframe src="https://example.com"></iframe>',
    '',
    '| a | b |',
    '|:--|--:|',
    '| `<b>` | <style>body{display:none}</style> |',
    '',
  ].join('\n'),
};

/**
 * A repository with an ordinary chain of documents and one hostile document: a title, an
 * owner and a body made to break out of the page (see HOSTILE), linking to the others.
 */
export function siteRepo(): string {
  const linked = (id: string, title: string, fields: Record<string, string>, body: string) =>
    doc({ document_id: id, title: JSON.stringify(title), ...fields }, body);
  return repo({
    'docs/45-adr/adr-001-first.md': linked(
      'ACME-ADR-001',
      'First decision',
      { status: 'Superseded', superseded_by: 'ACME-ADR-002', last_updated: '"2026-01-10"' },
      '# First\n\nReplaced by ACME-ADR-002.\n',
    ),
    'docs/45-adr/adr-002-second.md': linked(
      'ACME-ADR-002',
      'Second decision',
      { status: 'Approved', last_updated: '"2026-02-10"', related_ids: '[ACME-PRD-001]' },
      '# Second\n\n## Why it changed\n\nSee [the first](adr-001-first.md) and [the product](../10-prd/prd-001-product.md#goals), also ACME-PRD-001 and [a script](../../scripts/build.sh).\n\n`ACME-ADR-001` in code stays code.\n',
    ),
    'docs/10-prd/prd-001-product.md': linked(
      'ACME-PRD-001',
      'Product',
      { type: 'PRD', status: 'Approved', related_ids: '[ACME-ADR-002]' },
      '# Product\n\n## Goals\n\nShip it. Decided in [the ADR](../45-adr/adr-002-second.md#why-it-changed).\n',
    ),
    'docs/10-prd/prd-002-hostile.md': doc(
      {
        document_id: 'ACME-PRD-002',
        type: 'PRD',
        title: JSON.stringify(HOSTILE.title),
        owner: JSON.stringify(HOSTILE.owner),
        status: 'Draft',
      },
      `${HOSTILE.body}\nSee [the product](prd-001-product.md).\n`,
    ),
  });
}

/** Every file below `dir`, by POSIX path relative to it, with its bytes. */
export function treeOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  const walk = (rel: string) => {
    for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) walk(child);
      else out.set(child, readFileSync(path.join(dir, child)));
    }
  };
  walk('');
  return new Map([...out].sort(([a], [b]) => (a < b ? -1 : 1)));
}
