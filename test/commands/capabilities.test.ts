import { describe, expect, it } from 'vitest';
import { docket } from '../helpers/cli.js';
import { expectValidEnvelope } from '../helpers/schemas.js';

describe('capabilities', () => {
  it('describes version, formats, global flags, commands and codes', async () => {
    const r = await docket(['capabilities', '--json']);
    expect(r.exitCode).toBe(0);
    expectValidEnvelope(r.json, 'capabilities');
    const d = r.json!.data;
    expect(d.output_schema_version).toBe('1.0');
    expect(d.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(d.global_flags.map((f: any) => f.name)).toEqual([
      'color',
      'correlation-id',
      'debug',
      'fields',
      'format',
      'include-metrics',
      'include-timestamp',
      'json',
      'output',
      'root',
      'verbose',
    ]);
    const ids = d.commands.map((c: any) => c.id);
    expect(ids).toEqual([...ids].sort());
    expect(ids).toEqual(expect.arrayContaining(['capabilities', 'context', 'doctor', 'explain', 'init']));
    expect(d.commands.find((c: any) => c.id === 'init').mutates).toBe(true);
    expect(d.commands.find((c: any) => c.id === 'context').mutates).toBe(false);
    expect(d.commands.find((c: any) => c.id === 'context').flags.map((f: any) => f.name)).toEqual(['deep', 'ignore']);
    const doctor = d.commands.find((c: any) => c.id === 'doctor');
    expect(doctor.mcp_tool).toBe('doctor');
    expect(doctor.flags.find((f: any) => f.name === 'max-findings')).toMatchObject({ type: 'option', value_type: 'integer' });
    expect(d.commands.find((c: any) => c.id === 'init').mcp_tool).toBe('init');
    expect(d.commands.find((c: any) => c.id === 'install-precommit')).not.toHaveProperty('mcp_tool');
    expect(d.commands.find((c: any) => c.id === 'mcp')).toMatchObject({ mutates: true });
    expect(d.global_flags.find((f: any) => f.name === 'fields')).toMatchObject({ type: 'option', value_type: 'string' });
    expect(d.codes.length).toBeGreaterThan(30);
    expect(d.environment.map((e: any) => e.name)).toContain('DOCKET_FORMAT');
  });

  it('renders text and markdown', async () => {
    expect((await docket(['capabilities'])).stdout).toMatch(/Commands\n/);
    expect((await docket(['capabilities', '--format', 'md'])).stdout).toContain('# docket capabilities');
  });
});
