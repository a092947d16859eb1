// isolint for VS Code: a generic LSP client for `isolint lsp` (no build step).
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

// The keys the server understands: the same as .isolint.json.
const SETTING_KEYS = ['rules', 'exclude', 'swiftVersion', 'defaultIsolation', 'upcomingFeatures', 'docsBaseURL', 'inlayHints'];

let client;

// Only the settings the user set (VS Code would otherwise send every default, which would
// override the project's .isolint.json).
function userSettings(scope) {
  const config = vscode.workspace.getConfiguration('isolint', scope);
  const out = {};
  for (const key of SETTING_KEYS) {
    const i = config.inspect(key);
    if (!i) continue;
    const value = i.workspaceFolderValue !== undefined ? i.workspaceFolderValue
      : i.workspaceValue !== undefined ? i.workspaceValue : i.globalValue;
    if (value !== undefined && value !== null) out[key] = value;
  }
  return out;
}

function createClient() {
  const command = vscode.workspace.getConfiguration('isolint').get('path') || 'isolint';
  const serverOptions = {
    run: { command, args: ['lsp'], transport: TransportKind.stdio },
    debug: { command, args: ['lsp'], transport: TransportKind.stdio },
  };
  const clientOptions = {
    documentSelector: [{ scheme: 'file', language: 'swift' }],
    initializationOptions: userSettings(),
    outputChannelName: 'isolint',
    middleware: {
      workspace: {
        // The server asks for the section "isolint" after `initialized` and after each
        // didChangeConfiguration without settings.
        configuration: (params) =>
          params.items.map((item) =>
            item.section === 'isolint' ? userSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined) : null),
      },
    },
  };
  return new LanguageClient('isolint', 'isolint', serverOptions, clientOptions);
}

async function restart() {
  if (client) await client.stop();
  client = createClient();
  await client.start();
}

async function activate(context) {
  context.subscriptions.push(
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('isolint') || !client) return;
      if (e.affectsConfiguration('isolint.path')) return restart();
      // The server then asks for the new values through workspace/configuration.
      await client.sendNotification('workspace/didChangeConfiguration', { settings: null });
    }),
    vscode.commands.registerCommand('isolint.restart', restart),
    vscode.commands.registerCommand('isolint.fixAllInEditor', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor || !client) return;
      // The server applies the edit through workspace/applyEdit.
      await client.sendRequest('workspace/executeCommand', {
        command: 'isolint.fixAll',
        arguments: [editor.document.uri.toString()],
      });
    }),
    vscode.commands.registerCommand('isolint.explainRule', async (rule) => {
      if (!client) return;
      const id = typeof rule === 'string' ? rule : await vscode.window.showInputBox({ prompt: 'isolint rule id', placeHolder: 'global-mutable-state' });
      if (!id) return;
      try {
        const markdown = await client.sendRequest('workspace/executeCommand', { command: 'isolint.explain', arguments: [id] });
        const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
        await vscode.window.showTextDocument(doc, { preview: true });
      } catch (err) {
        vscode.window.showErrorMessage(`isolint: ${err.message || err}`);
      }
    }),
    { dispose: () => client && client.stop() },
  );
  await restart();
}

function deactivate() {
  return client ? client.stop() : undefined;
}

module.exports = { activate, deactivate };
