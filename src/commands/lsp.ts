import * as Flags from '@oclif/core/flags';
import { DocketCommand } from '../cli/base-command.js';
import type { Envelope } from '../cli/envelope.js';
import { writeStderr } from '../cli/io.js';
import { rawFlag } from '../cli/options.js';
import type { Outcome, RunContext } from '../cli/outcome.js';
import { renderLspText } from '../cli/render/commands/lsp.js';
import { safeText, type Style } from '../cli/render/style.js';
import type { LspData } from '../contract/lsp.js';

export default class Lsp extends DocketCommand<typeof Lsp, LspData> {
  static override summary = 'Serve docket to editors over the Language Server Protocol (stdio).';
  static override description = [
    "A language server for governed documents: every finding of `docket check` as a diagnostic while you type (the editor's unsaved text, and the documents that depend on it), each with its code, its suggestion and `docket explain`'s text; `docket fix`'s edits as quick fixes. It never writes a file: the editor applies the edits.",
    "The repository is --root, else the editor's workspace folder (the nearest docops.config.yaml at or above it). Stdout carries protocol messages only; the summary printed when the server stops goes to stderr.",
    'VS Code: the extension in editors/vscode of the docket repository starts it (or give `docket lsp --stdio` to any generic LSP client extension, for Markdown files).',
    [
      'Neovim 0.8 and later (init.lua):',
      "  vim.api.nvim_create_autocmd('FileType', { pattern = 'markdown',",
      '    callback = function(ev)',
      "      local config = vim.fs.find('docops.config.yaml',",
      '        { upward = true, path = vim.fs.dirname(ev.file) })[1]',
      '      if config then',
      "        vim.lsp.start({ name = 'docket', cmd = { 'docket', 'lsp' },",
      '          root_dir = vim.fs.dirname(config) })',
      '      end',
      '    end })',
    ].join('\n'),
    [
      'Neovim 0.7 (vim.lsp.start came in 0.8; init.lua):',
      "  vim.api.nvim_create_autocmd('FileType', { pattern = 'markdown',",
      '    callback = function()',
      "      local config = vim.fn.findfile('docops.config.yaml', '.;')",
      "      if config == '' then return end",
      '      docket_client = docket_client or vim.lsp.start_client({',
      "        name = 'docket', cmd = { 'docket', 'lsp' },",
      "        root_dir = vim.fn.fnamemodify(config, ':p:h') })",
      '      vim.lsp.buf_attach_client(0, docket_client)',
      '    end })',
    ].join('\n'),
    [
      'Helix (languages.toml; marksman kept for its own features):',
      '  [language-server.docket]',
      '  command = "docket"',
      '  args = ["lsp"]',
      '',
      '  [[language]]',
      '  name = "markdown"',
      '  language-servers = ["marksman", "docket"]',
    ].join('\n'),
  ].join('\n\n');
  static override examples = [
    { description: 'Started by an editor (stdio; the repository is the workspace folder):', command: '<%= config.bin %> lsp --stdio' },
    { description: 'For a repository other than the workspace folder:', command: '<%= config.bin %> lsp --root /path/to/repo' },
  ];
  static mutates = false;
  static override resultStream = 'stderr' as const;
  static override stopsOnSignal = true;
  static override flags = {
    stdio: Flags.boolean({
      description: 'Talk over stdin and stdout (the only transport; accepted because clients pass it).',
      default: false,
    }),
    clientProcessId: Flags.integer({
      description: 'The client process (passed by some clients; the server stops when it is gone).',
      hidden: true,
    }),
  };

  protected async execute(ctx: RunContext): Promise<Outcome<LspData>> {
    const { serveLsp } = await import('../cli/lsp/server.js');
    const server = { name: 'docket', version: this.config.version };
    const given = rawFlag(this.argv, 'root') !== undefined ? ctx.root : undefined;
    if (ctx.format === 'text') {
      const where = given ? safeText(given) : "the editor's workspace folder";
      const hint = process.stdin.isTTY
        ? ' This is a stdio server for editors: configure your editor to start it (`docket lsp --help`); Ctrl-C stops it.'
        : '';
      await writeStderr(`docket lsp: language server for ${where} over stdio.${hint}\n`);
    }
    const stats = await serveLsp({
      ...server,
      ...(given ? { root: given } : {}),
      cwd: ctx.root,
      ...(this.flags.clientProcessId !== undefined ? { clientProcessId: this.flags.clientProcessId } : {}),
      signal: ctx.signal,
      env: ctx.env,
      debug: ctx.debug,
    });
    return {
      data: {
        server,
        served_root: stats.root ?? null,
        documents: stats.documents,
        refreshes: stats.refreshes,
        published: stats.published,
      },
    };
  }

  protected override renderText(env: Envelope<LspData>, style: Style): string {
    return renderLspText(env.data, style);
  }
}
