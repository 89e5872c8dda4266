import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { cpSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cleanEnv, REPO } from '../helpers/cli.js';
import { tempDir } from '../helpers/fixtures.js';

/**
 * Issue 40: docket as users install it, from a packed tarball (what a release ships, and what
 * `npm install <git url>` builds): into an empty project as a dev dependency, and into a global
 * prefix. Both run `docket check` and the library import; the install stays light (the MCP SDK
 * and the language server library are bundled, so neither is installed). Needs the npm registry.
 */
const env = {
  ...(cleanEnv() as NodeJS.ProcessEnv),
  npm_config_audit: 'false',
  npm_config_fund: 'false',
  npm_config_update_notifier: 'false',
};
const npm = (cwd: string, args: string[]) => execFileSync('npm', args, { cwd, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
/** An install's warnings: npm 11 warns about a package's install scripts and asks the user to approve them. */
const install = (cwd: string, args: string[]) => {
  const r = spawnSync('npm', ['install', ...args], { cwd, env, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  expect(r.stderr).not.toMatch(/npm warn/i);
};

describe('installed from the packed tarball', () => {
  const dir = tempDir();
  // dist/ is built by the test run; packing does not build (prepack only leaves `prepare` out).
  const manifest = readFileSync(path.join(REPO, 'package.json'), 'utf8');
  const tarball = path.join(dir, npm(REPO, ['pack', '--pack-destination', dir, '--silent']).trim().split('\n').pop()!);

  it("packs a manifest without install scripts, and leaves the repository's package.json as it was", () => {
    expect(readFileSync(path.join(REPO, 'package.json'), 'utf8')).toBe(manifest);
    const packed = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as {
      scripts: Record<string, string>;
    };
    for (const script of ['preinstall', 'install', 'postinstall', 'prepare', 'prepack', 'postpack'])
      expect(packed.scripts, script).not.toHaveProperty(script);
  });
  const handbook = path.join(dir, 'handbook');
  cpSync(path.join(REPO, 'examples/handbook'), handbook, { recursive: true });

  it('as a dev dependency of an empty project: npx --no-install docket check, and the library import', () => {
    const project = path.join(dir, 'project');
    cpSync(handbook, project, { recursive: true });
    writeFileSync(path.join(project, 'package.json'), '{ "name": "handbook", "private": true, "type": "module" }\n');
    install(project, ['--save-dev', tarball]);
    const check = spawnSync('npx', ['--no-install', 'docket', 'check', '--format', 'json'], { cwd: project, env, encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    expect(JSON.parse(check.stdout)).toMatchObject({ command: 'check', success: true });
    const lib = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const { runDocket } = await import('docket'); const r = await runDocket('context'); console.log(r.ok && r.envelope.command);",
      ],
      { cwd: project, env, encoding: 'utf8' },
    );
    expect(lib.stdout.trim(), lib.stderr).toBe('context');
  });

  it('into a global prefix: under 60 packages, and docket runs from its bin, MCP and LSP included', async () => {
    const prefix = path.join(dir, 'global');
    install(dir, ['--global', '--prefix', prefix, tarball]);
    const bin = path.join(prefix, 'bin', 'docket');
    const check = spawnSync(bin, ['check', '--format', 'json', '--root', handbook], { env, encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
    const installed = npm(prefix, ['ls', '--global', '--prefix', prefix, '--all', '--parseable']).trim().split('\n');
    expect(installed.length).toBeLessThan(60);
    expect(readdirSync(path.join(prefix, 'lib/node_modules/docket/node_modules'))).not.toContain('express');
    const init =
      '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}\n';
    const mcp = spawnSync(bin, ['mcp', '--root', handbook], { env, encoding: 'utf8', input: init, timeout: 20_000 });
    expect(JSON.parse(mcp.stdout.split('\n')[0]!)).toMatchObject({ id: 1, result: { serverInfo: { name: 'docket' } } });
    expect(readdirSync(path.join(prefix, 'lib/node_modules/docket/node_modules'))).not.toContain('vscode-languageserver');
    const lsp = spawn(bin, ['lsp', '--root', handbook], { env, stdio: ['pipe', 'pipe', 'ignore'] });
    const frame = (body: object) => {
      const text = JSON.stringify({ jsonrpc: '2.0', ...body });
      lsp.stdin.write(`Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
    };
    let out = '';
    const answered = new Promise<void>((resolve) =>
      lsp.stdout.on('data', (d) => {
        out += d;
        if (out.includes('"serverInfo"')) resolve();
      }),
    );
    frame({ id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    await answered;
    frame({ id: 2, method: 'shutdown' });
    frame({ method: 'exit' });
    expect(await new Promise((resolve) => lsp.on('close', resolve))).toBe(0);
  });
}, 300_000);
