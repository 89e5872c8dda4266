import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPaths, toArgv, validateArguments } from '../../src/cli/mcp/arguments.js';
import type { ManifestCommand } from '../../src/cli/mcp/manifest.js';
import { inlineRefs, outputSchemaFor } from '../../src/cli/mcp/schemas.js';
import { buildTool, buildTools } from '../../src/cli/mcp/tools.js';
import { DocketError } from '../../src/errors/docket-error.js';
import { REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

const globals = {
  format: { name: 'format', type: 'option' },
  json: { name: 'json', type: 'boolean' },
  root: { name: 'root', type: 'option', default: '.' },
  output: { name: 'output', type: 'option' },
  color: { name: 'color', type: 'boolean', allowNo: true },
  debug: { name: 'debug', type: 'boolean' },
  fields: { name: 'fields', type: 'option', description: 'keys' },
  'include-timestamp': { name: 'include-timestamp', type: 'boolean' },
} as const;

// Commands as later issues may define them: only their manifest entries matter here.
const fix: ManifestCommand = {
  id: 'fix',
  summary: 'Fix what can be fixed.',
  mutates: true,
  idempotent: true,
  strict: false,
  args: { paths: { name: 'paths', description: 'Files or directories.' } },
  flags: {
    ...globals,
    apply: { name: 'apply', type: 'boolean', description: 'Write the fixes.' },
    'max-findings': { name: 'max-findings', type: 'option', valueType: 'integer', min: 0 },
  },
};
const create: ManifestCommand = {
  id: 'new',
  summary: 'Create a document.',
  mutates: true,
  args: { type: { name: 'type', required: true, options: ['ADR', 'PRD'] }, title: { name: 'title', required: true } },
  flags: {
    ...globals,
    'dry-run': { name: 'dry-run', type: 'boolean' },
    edit: { name: 'edit', type: 'boolean' },
    interactive: { name: 'interactive', type: 'boolean' },
    prompt: { name: 'prompt', type: 'boolean' },
    owner: { name: 'owner', type: 'option' },
    tag: { name: 'tag', type: 'option', multiple: true },
    status: { name: 'status', type: 'option', options: ['Draft', 'Approved'], default: 'Draft' },
    secret: { name: 'secret', type: 'option', hidden: true },
  },
  terminalFlags: ['prompt'],
};

describe('buildTool', () => {
  it('maps args and flags to a strict inputSchema, without server-owned or terminal flags', () => {
    const tool = buildTool(create, REPO);
    const schema = tool.definition.inputSchema as any;
    expect(schema).toMatchObject({ type: 'object', additionalProperties: false, required: ['type', 'title'] });
    expect(Object.keys(schema.properties).sort()).toEqual([
      'apply',
      'fields',
      'include_timestamp',
      'owner',
      'status',
      'tag',
      'title',
      'type',
    ]);
    expect(schema.properties.type).toMatchObject({ type: 'string', enum: ['ADR', 'PRD'] });
    expect(schema.properties.tag).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect(schema.properties.status).toMatchObject({ type: 'string', enum: ['Draft', 'Approved'], default: 'Draft' });
    expect(schema.properties.include_timestamp).toMatchObject({ type: 'boolean', default: false });
    expect(schema.properties.apply).toMatchObject({ type: 'boolean', default: false });
  });

  it('makes writing tools dry runs by default, whichever flag the command uses', () => {
    const fixTool = buildTool(fix, REPO);
    const newTool = buildTool(create, REPO);
    expect(fixTool.preview).toEqual({ flag: 'apply', mode: 'apply' });
    expect(newTool.preview).toEqual({ flag: 'dry-run', mode: 'dry-run' });
    expect(toArgv(fixTool, {}, '/r')).toEqual(['fix', '--format', 'json', '--root', '/r']);
    expect(toArgv(fixTool, { apply: true, paths: ['a.md', '-b.md'] }, '/r')).toEqual([
      'fix',
      '--apply',
      '--format',
      'json',
      '--root',
      '/r',
      '--',
      'a.md',
      '-b.md',
    ]);
    expect(toArgv(newTool, { type: 'ADR', title: 'T' }, '/r')).toEqual([
      'new',
      '--dry-run',
      '--format',
      'json',
      '--root',
      '/r',
      '--',
      'ADR',
      'T',
    ]);
    expect(toArgv(newTool, { type: 'ADR', title: 'T', apply: true, tag: ['a', 'b'], owner: '-x' }, '/r')).toEqual([
      'new',
      '--owner=-x',
      '--tag=a',
      '--tag=b',
      '--format',
      'json',
      '--root',
      '/r',
      '--',
      'ADR',
      'T',
    ]);
  });

  it("offers one `apply` property for a command that also takes --dry-run/--no-dry-run (the Python DocOps CLI's aliases)", () => {
    const aliased = buildTool(
      {
        ...fix,
        flags: {
          ...fix.flags,
          'dry-run': { name: 'dry-run', type: 'boolean', allowNo: true },
          verbose: { name: 'verbose', type: 'boolean' },
        },
      },
      REPO,
    );
    const properties = Object.keys((aliased.definition.inputSchema as any).properties);
    expect(properties).toContain('apply');
    expect(properties).not.toContain('dry_run');
    expect(properties).not.toContain('verbose');
    expect(toArgv(aliased, { apply: true }, '/r')).toEqual(['fix', '--apply', '--format', 'json', '--root', '/r']);
  });

  it('derives annotations from mutates and idempotent', () => {
    expect(buildTool(fix, REPO).definition.annotations).toEqual({
      title: 'docket fix',
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
      openWorldHint: false,
    });
    expect(buildTool(create, REPO).definition.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
    expect(buildTool({ id: 'resolve', mutates: false, flags: globals }, REPO).definition.annotations).toMatchObject({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
  });

  it('turns integer flags and variadic arguments into the right JSON types', () => {
    const schema = buildTool(fix, REPO).definition.inputSchema as any;
    expect(schema.properties.max_findings).toMatchObject({ type: 'integer', minimum: 0 });
    expect(schema.properties.paths).toMatchObject({ type: 'array', items: { type: 'string' } });
    // A strict command whose last arg is declared `multiple` (check's PATHS) takes an array too; exit-zero is never offered.
    const check: ManifestCommand = {
      id: 'check',
      mutates: false,
      strict: true,
      args: { paths: { name: 'paths', multiple: true } },
      flags: { ...globals, 'exit-zero': { name: 'exit-zero', type: 'boolean' } },
    };
    const tool = buildTool(check, REPO);
    expect((tool.definition.inputSchema as any).properties.paths).toMatchObject({ type: 'array', items: { type: 'string' } });
    expect((tool.definition.inputSchema as any).properties).not.toHaveProperty('exit_zero');
    expect(toArgv(tool, { paths: ['docs/a.md', 'docs/b'] }, '/r')).toEqual([
      'check',
      '--format',
      'json',
      '--root',
      '/r',
      '--',
      'docs/a.md',
      'docs/b',
    ]);
  });

  it('offers the data keys of the command as the enum of fields', () => {
    const tool = buildTool({ id: 'doctor', mutates: false, flags: globals }, REPO);
    const fields = (tool.definition.inputSchema as any).properties.fields;
    expect(fields).toMatchObject({ type: 'array', items: { enum: ['checks', 'status', 'totals', 'truncated'] } });
    expect(toArgv(tool, { fields: ['status', 'checks'] }, '/r')).toEqual([
      'doctor',
      '--fields=status,checks',
      '--format',
      'json',
      '--root',
      '/r',
    ]);
  });

  it('lists only the agent-facing commands that exist, in the documented order', () => {
    const tools = buildTools(
      [create, { id: 'install-precommit', mutates: true }, { id: 'doctor', mutates: false }, fix, { id: 'adr:new', mutates: true }],
      REPO,
    );
    expect(tools.map((t) => t.definition.name)).toEqual(['fix', 'new', 'doctor']);
  });
});

describe('tool arguments', () => {
  const tool = buildTool(create, REPO);
  const codeOf = (fn: () => void) => {
    try {
      fn();
    } catch (error) {
      return { code: (error as DocketError).code, details: (error as DocketError).details, message: (error as Error).message };
    }
    return undefined;
  };

  it('reports unknown arguments with a did-you-mean, missing ones, and wrong types with the CLI codes', () => {
    expect(codeOf(() => validateArguments(tool, { type: 'ADR', title: 'x', ownr: 'me' }))).toMatchObject({
      code: 'UNKNOWN_FLAG',
      details: { arguments: ['ownr'], did_you_mean: ['owner'] },
    });
    expect(codeOf(() => validateArguments(tool, { type: 'ADR' }))).toMatchObject({
      code: 'MISSING_ARGUMENT',
      details: { missing: ['title'] },
    });
    expect(codeOf(() => validateArguments(tool, { type: 'RFC', title: 'x' }))).toMatchObject({
      code: 'INVALID_FLAG_VALUE',
      details: { allowed: ['ADR', 'PRD'] },
    });
    expect(codeOf(() => validateArguments(tool, { type: 'ADR', title: 7, apply: 'yes' }))?.message).toMatch(
      /`title` must be string; `apply` must be boolean/,
    );
    expect(codeOf(() => validateArguments(tool, { type: 'ADR', title: 'x', apply: true }))).toBeUndefined();
  });

  it('refuses paths outside the root, lexically or through a symbolic link', () => {
    const root = tempDir();
    mkdirSync(path.join(root, 'docs'));
    writeFileSync(path.join(root, 'docs/a.md'), '# a\n');
    symlinkSync(tempDir(), path.join(root, 'docs/escape'));
    const fixTool = buildTool(fix, REPO);
    expect(codeOf(() => checkPaths(fixTool, { paths: ['docs/a.md', 'docs/new.md', path.join(root, 'docs')] }, root))).toBeUndefined();
    for (const bad of ['../outside.md', '/etc/passwd', 'docs/../../x', 'docs/escape/y.md']) {
      expect(
        codeOf(() => checkPaths(fixTool, { paths: ['docs/a.md', bad] }, root)),
        bad,
      ).toMatchObject({ code: 'PATH_OUTSIDE_ROOT' });
    }
    expect(new DocketError('PATH_OUTSIDE_ROOT', 'x').exitCode).toBe(77);
  });
});

describe('outputSchema', () => {
  it('is self-contained: no $ref, $id, $schema or definitions', () => {
    for (const id of ['capabilities', 'context', 'doctor', 'explain', 'init']) {
      const text = JSON.stringify(outputSchemaFor(REPO, id));
      expect(text, id).not.toMatch(/"\$ref"|"\$id"|"\$schema"|"definitions"|"\$defs"/);
    }
  });

  it('inlines nested references and refuses recursive ones', () => {
    const schema = {
      definitions: { a: { type: 'string' }, b: { type: 'array', items: { $ref: '#/definitions/a' } } },
      properties: { x: { $ref: '#/definitions/b', description: 'd' } },
    };
    expect(inlineRefs(schema)).toEqual({ properties: { x: { type: 'array', items: { type: 'string' }, description: 'd' } } });
    expect(() => inlineRefs({ definitions: { a: { items: { $ref: '#/definitions/a' } } }, items: { $ref: '#/definitions/a' } })).toThrow(
      /Recursive/,
    );
  });
});
