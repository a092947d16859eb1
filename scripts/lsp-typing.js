#!/usr/bin/env node
// didChange -> publishDiagnostics through Node's child_process, the way VS Code (and, through
// libuv, Neovim) start a language server: its stdin and stdout are a socket pair, not pipes.
//
//   python3 scripts/lsp-bench.py --write-file /tmp/F.swift      (the file and F.swift.edits.json)
//   node scripts/lsp-typing.js .build/release/isolint /tmp/F.swift
//
// Opens the file, sends the typing edits one at a time, and prints the time from each didChange
// to the publishDiagnostics of that version (p50, p95, max). Exits 1 on a protocol error.
"use strict";
const { spawn } = require("child_process");
const fs = require("fs");
const path = require("path");

const [bin, file] = process.argv.slice(2);
if (!bin || !file) {
  console.error("usage: node scripts/lsp-typing.js ISOLINT FILE.swift   (FILE.swift.edits.json beside it)");
  process.exit(2);
}
const text = fs.readFileSync(file, "utf8");
const edits = JSON.parse(fs.readFileSync(file + ".edits.json", "utf8"));
const uri = "file://" + path.resolve(file);
const server = spawn(path.resolve(bin), ["lsp"], { stdio: ["pipe", "pipe", "ignore"], cwd: path.dirname(path.resolve(file)) });
server.on("exit", (code) => {
  if (!done) fail(`the server exited (${code}) before the run ended`);
});
let done = false;
let buffer = Buffer.alloc(0);
const waiters = [];

function fail(message) {
  console.error("lsp-typing: " + message);
  process.exit(1);
}
function send(message) {
  const body = Buffer.from(JSON.stringify(message));
  server.stdin.write(Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`), body]));
}
function wait(predicate, what) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => fail(`no ${what} within 30 s`), 30000);
    waiters.push({ predicate, resolve, timer });
  });
}
server.stdout.on("data", (chunk) => {
  buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
  for (;;) {
    const end = buffer.indexOf("\r\n\r\n");
    if (end < 0) return;
    const length = /Content-Length: *(\d+)/i.exec(buffer.subarray(0, end).toString("ascii"));
    if (!length) fail("a frame without Content-Length");
    const size = Number(length[1]);
    if (buffer.length < end + 4 + size) return;
    const now = process.hrtime.bigint();  // the frame is in: the server's part is over
    const message = JSON.parse(buffer.subarray(end + 4, end + 4 + size));
    buffer = buffer.subarray(end + 4 + size);
    if (message.error) fail(`error response: ${JSON.stringify(message.error)}`);
    if (message.id !== undefined && message.method) {  // a request from the server
      const items = message.method === "workspace/configuration" ? message.params.items.map(() => null) : null;
      send({ jsonrpc: "2.0", id: message.id, result: items });
      continue;
    }
    for (const w of waiters.slice()) {
      if (w.predicate(message)) {
        clearTimeout(w.timer);
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(now);
      }
    }
  }
});

const isPublish = (version) => (m) =>
  m.method === "textDocument/publishDiagnostics" && m.params.uri === uri && m.params.version === version;

(async () => {
  const capabilities = { textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true } } };
  send({ jsonrpc: "2.0", id: 1, method: "initialize", params: { processId: process.pid, rootUri: null, capabilities } });
  await wait((m) => m.id === 1, "initialize response");
  send({ jsonrpc: "2.0", method: "initialized", params: {} });
  send({ jsonrpc: "2.0", method: "textDocument/didOpen", params: { textDocument: { uri, languageId: "swift", version: 1, text } } });
  await wait(isPublish(1), "diagnostics of the opened file");
  const times = [];
  let version = 1;
  for (const contentChanges of edits) {
    version += 1;
    const start = process.hrtime.bigint();
    send({ jsonrpc: "2.0", method: "textDocument/didChange", params: { textDocument: { uri, version }, contentChanges } });
    const end = await wait(isPublish(version), `diagnostics of version ${version}`);
    times.push(Number(end - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))].toFixed(2);
  console.log(`didChange -> publishDiagnostics through a socket pair (node): p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, ` +
    `max ${times[times.length - 1].toFixed(2)} ms, ${times.length} edits`);
  send({ jsonrpc: "2.0", id: 2, method: "shutdown" });
  await wait((m) => m.id === 2, "shutdown response");
  done = true;
  send({ jsonrpc: "2.0", method: "exit" });
})();
