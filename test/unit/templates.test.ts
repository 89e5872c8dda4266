import { describe, expect, it } from 'vitest';
import { type DocketError } from '../../src/errors/docket-error.js';
import { assertKnownVariables, inlineValue, interpolate, type TemplateValues } from '../../src/core/templates/interpolate.js';
import { metadataBlock, placeMetadataBlock } from '../../src/core/templates/metadata-block.js';
import { prepareTemplate } from '../../src/core/templates/prepare.js';
import { skeletonTemplate } from '../../src/core/templates/skeleton.js';

const values: TemplateValues = {
  title: 'T {{owner}}',
  document_id: 'A-B-001',
  owner: 'O',
  status: 'Draft',
  date: '2026-01-01',
  repo_prefix: 'ACME',
  seq: '001',
  type: 'ADR',
  area: '',
  description: '',
  keywords: '',
  related_ids: '',
};

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    return (error as DocketError).code;
  }
  return undefined;
}

describe('template interpolation', () => {
  it('replaces in one pass: inserted values are never interpolated again', () => {
    expect(interpolate('{{title}}|{{ owner }}|{{date}}', values)).toBe('T {{owner}}|O|2026-01-01');
  });

  it('makes values single-line and comment-free', () => {
    expect(inlineValue('a\r\nb\u2028c\u0000d')).toBe('a b cd');
    expect(inlineValue('<!-- x --> y --!>')).toBe('&lt;!-- x --&gt; y --!&gt;');
  });

  it('reports unknown variables with their first line, sorted, before anything is inserted', () => {
    try {
      assertKnownVariables('ok {{title}}\n{{zeta}}\n{{alpha}} {{zeta}}', 't.md');
      expect.unreachable();
    } catch (error) {
      expect((error as DocketError).code).toBe('UNKNOWN_TEMPLATE_VARIABLE');
      expect((error as DocketError).details).toMatchObject({ line: 2, unknown_variables: ['alpha', 'zeta'] });
    }
    expect(codeOf(() => assertKnownVariables('{ {title} } {title} {{ }}x', null))).toBe('UNKNOWN_TEMPLATE_VARIABLE');
    expect(codeOf(() => assertKnownVariables('{title} and <REPO> are plain text', null))).toBeUndefined();
  });
});

describe('metadata block', () => {
  const block = metadataBlock({ document_id: 'ACME-ADR-001', owner: 'O\nX', status: 'Draft', version: '0.1', type: 'ADR' });

  it('is a short blockquote of ID, owner, status, version and type', () => {
    expect(block).toBe('> **Document ID:** ACME-ADR-001\n> **Owner:** O X\n> **Status:** Draft\n> **Version:** 0.1\n> **Type:** ADR');
  });

  it('goes after the marker, replacing an old blockquote; without a marker nothing changes', () => {
    expect(placeMetadataBlock('<!-- DOCKET_METADATA_BLOCK -->\n# H\n', block).body).toBe(
      `<!-- DOCKET_METADATA_BLOCK -->\n\n${block}\n\n# H\n`,
    );
    expect(placeMetadataBlock('intro\n  <!--MEMINIT_METADATA_BLOCK-->\n\n> old\n> lines\n\n\n# H', block).body).toBe(
      `intro\n<!--MEMINIT_METADATA_BLOCK-->\n\n${block}\n\n# H`,
    );
    expect(placeMetadataBlock('# H\n', block)).toEqual({ body: '# H\n', placed: false });
    expect(placeMetadataBlock('text <!-- DOCKET_METADATA_BLOCK --> inline\n', block).placed).toBe(false);
  });
});

describe('prepareTemplate', () => {
  it('keeps literal extra keys, drops generated and placeholder-filled ones', () => {
    const p = prepareTemplate(
      '---\ntitle: {{title}}\ntemplate_type: x\ntags: ["{{type}}"]\n__proto__: {polluted: true}\n---\nBody {{title}}\n',
      't.md',
    );
    expect(p.body).toBe('Body {{title}}\n');
    expect(p.extra).toEqual(JSON.parse('{"template_type":"x","__proto__":{"polluted":true}}'));
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(p.warnings.map((w) => w.code)).toEqual(['TEMPLATE_KEY_DROPPED']);
  });

  it('the skeleton is a valid template for any type', () => {
    for (const type of ['RUNBOOK', 'RFC']) {
      const p = prepareTemplate(skeletonTemplate(type), null);
      expect(p.body).toContain('# {{document_id}}: {{title}}');
    }
  });
});
