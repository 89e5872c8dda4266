import { describe, expect, it } from 'vitest';
import { docketBin } from '../helpers/cli.js';
import { doc, repo } from '../helpers/docs.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

/**
 * Templates of the Python DocOps CLI carry `{{placeholder}}` values, which YAML reads as a
 * mapping used as a key (issue 37, item 7). No warning of the YAML library may reach stderr,
 * and a governed document with an unfilled placeholder gets a finding that says so. Run as
 * a child process: Node prints process warnings itself, after the command has returned.
 */
const TEMPLATE =
  '---\ndocument_id: {{document_id}}\ntype: ADR\ntitle: {{title}}\nstatus: Draft\nversion: "0.1"\nlast_updated: {{date}}\nowner: {{owner}}\ndocops_version: "2.0"\n---\n# {{title}}\n\n## Context\n';

function placeholderRepo(): string {
  return repo({
    'docs/00-governance/templates/adr.template.md': TEMPLATE,
    'docs/00-governance/templates/prd.template.md': TEMPLATE.replace(/ADR/g, 'PRD'),
    'docs/45-adr/adr-001-filled.md': doc(),
    'docs/45-adr/adr-002-unfilled.md': doc({ document_id: 'ACME-ADR-002', title: '{{title}}' }),
  });
}

describe('frontmatter with {{placeholder}} values', () => {
  it('check reports the unfilled placeholder of a governed document at its line, with nothing on stderr', async () => {
    const r = await docketBin(['check', '--root', placeholderRepo(), '--json']);
    expectValidEnvelope(r.json, 'check');
    expect(r.stderr).toBe('');
    expect(r.exitCode).toBe(1);
    expect(r.json!.violations).toEqual([
      {
        code: 'FRONTMATTER_INVALID',
        severity: 'error',
        message: 'Invalid frontmatter: The value of `title` is an unfilled template placeholder: {{title}}.',
        path: 'docs/45-adr/adr-002-unfilled.md',
        line: 4,
        column: 8,
        fixable: false,
        suggestion:
          "Replace {{title}} with the real `title` (`docket new` fills a template's placeholders); quote it if the braces are meant literally.",
      },
    ]);
  });

  it.each([
    ['index', []],
    ['scan', []],
    ['doctor', []],
    ['new', ['ADR', 'From the template']],
    ['context', ['--deep']],
  ])('%s prints no library warning on stderr', async (command, args) => {
    const r = await docketBin([command, '--root', placeholderRepo(), '--json', ...args]);
    expectValidEnvelope(r.json, command);
    expect(r.stderr).toBe('');
  });
});
