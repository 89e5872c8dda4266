// A minimal VS Code client for `docket lsp`: starts the server over stdio for the Markdown
// files of the workspace. The server registers its own file watching (documents, the config,
// metadata schemas) and finds the repository from the workspace folder.
const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

let client;

async function activate(context) {
  const config = vscode.workspace.getConfiguration('docket');
  const server = {
    command: config.get('command', 'docket'),
    args: ['lsp', ...config.get('args', [])],
    transport: TransportKind.stdio,
  };
  client = new LanguageClient('docket', 'docket', server, {
    documentSelector: [{ scheme: 'file', language: 'markdown' }],
  });
  context.subscriptions.push(client);
  await client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
