#!/usr/bin/env node
// A stand-in language server that does no analysis: what a client and this machine's transport
// cost alone, to read `lsp-typing.js`'s figures against.
//
//   ISOLINT=.build/release/isolint node scripts/lsp-typing.js scripts/lsp-standin.js /tmp/F.swift
//
// Started as `lsp-standin.js lsp` (as the client starts isolint). On the first didOpen it asks
// the real server ($ISOLINT) for that document's diagnostics once, stores the publishDiagnostics
// frame of every version it will be asked for, and from then on answers each didOpen/didChange
// with the stored frame of its version: one write of the same bytes isolint would send.
"use strict";
const { spawn } = require("child_process");
const os = require("os");

const real = process.env.ISOLINT;
if (!real) {
  console.error("lsp-standin: set ISOLINT to the isolint binary whose diagnostics to replay");
  process.exit(2);
}
let frames = null;  // version -> Buffer

function frame(body) {
  const bytes = Buffer.from(body);
  return Buffer.concat([Buffer.from(`Content-Length: ${bytes.length}\r\n\r\n`), bytes]);
}
function send(message) { process.stdout.write(frame(JSON.stringify(message))); }

// Reads frames from a stream, handing each message to `onMessage`.
function reader(onMessage) {
  let pending = Buffer.alloc(0);
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    for (;;) {
      const end = pending.indexOf("\r\n\r\n");
      if (end < 0) return;
      const size = Number(/Content-Length: *(\d+)/i.exec(pending.subarray(0, end).toString("ascii"))[1]);
      if (pending.length < end + 4 + size) return;
      const message = JSON.parse(pending.subarray(end + 4, end + 4 + size));
      pending = pending.subarray(end + 4 + size);
      onMessage(message);
    }
  };
}

// The real server's diagnostics of the opened text: one short session with it over pipes.
function diagnosticsOf(uri, text, then) {
  const child = spawn(real, ["lsp"], { stdio: ["pipe", "pipe", "ignore"], cwd: os.tmpdir() });
  const write = (m) => child.stdin.write(frame(JSON.stringify(m)));
  child.stdout.on("data", reader((message) => {
    if (message.method !== "textDocument/publishDiagnostics") return;
    child.kill();
    then(JSON.stringify(message.params.diagnostics));
  }));
  write({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: null, rootUri: null, capabilities: {} } });
  write({ jsonrpc: "2.0", method: "initialized", params: {} });
  write({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "swift", version: 1, text } } });
}

let queue = null;  // messages that arrive while the real server is asked
function handle(m) {
  if (queue) return queue.push(m);
  if (m.method === "initialize") send({ jsonrpc: "2.0", id: m.id, result: { capabilities: { textDocumentSync: 2 } } });
  else if (m.method === "shutdown") send({ jsonrpc: "2.0", id: m.id, result: null });
  else if (m.method === "exit") process.exit(0);
  else if (m.method === "textDocument/didOpen" || m.method === "textDocument/didChange") {
    const { uri, version } = m.params.textDocument;
    if (!frames) {
      queue = [m];
      diagnosticsOf(uri, m.params.textDocument.text, (diagnostics) => {
        frames = new Map();
        for (let v = 1; v <= 4096; v++) {
          frames.set(v, frame(`{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":` +
            `{"uri":${JSON.stringify(uri)},"version":${v},"diagnostics":${diagnostics}}}`));
        }
        const waiting = queue;
        queue = null;
        waiting.forEach(handle);
      });
      return;
    }
    process.stdout.write(frames.get(version) ||
      frame(JSON.stringify({ jsonrpc: "2.0", method: "textDocument/publishDiagnostics", params: { uri, version, diagnostics: [] } })));
  }
}
process.stdin.on("data", reader(handle));
