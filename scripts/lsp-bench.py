#!/usr/bin/env python3
"""Latency and memory benchmark of `isolint lsp`, measured through a real stdio client.

    python3 scripts/lsp-bench.py [--isolint .build/release/isolint] [--edits 200] [--lines 5000]
                                 [--workspace-lines 300000 | --workspace DIR] [--open 200] [--no-sourcekit]
    python3 scripts/lsp-bench.py --write-file F.swift [--lines 5000]   (the generated file only, and
                                 F.swift.edits.json: the typing edits, for scripts/lsp-typing.js)

1. A generated, realistic 5,000-line Swift file with concurrency hazards is opened; then 200
   typing-like incremental edits (insert/delete characters on various lines) are sent one at a
   time. Measured: didOpen -> publishDiagnostics, and didChange -> the publishDiagnostics whose
   version equals the edit's (p50/p95/max); then hover and codeAction requests at up to 100
   of its findings (request -> response).
2. A generated workspace (or, with --workspace, a folder of real code) of ~300k lines (rootUri points at it, so the server indexes it), then
   200 of its files are opened: the server's peak RSS (VmHWM in /proc/PID/status).
3. sourcekit-lsp's time to first diagnostics on the same 5,000-line file (in a tiny SwiftPM
   package), and the ratio to isolint's.

Exits non-zero only on a protocol error (an error response, a malformed frame, a server that
dies or never answers); timings never fail the run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import pathlib
import random
import shutil
import statistics
import sys
import tempfile
import time

REPO = pathlib.Path(__file__).resolve().parents[1]
GOAL_CHANGE_P95_MS = 2.0  # on a quiet machine; bench --keystrokes shows the in-process phases
GOAL_REQUEST_MS = 5.0  # hover and code action
GOAL_INDEX_S_PER_750K_LINES = 1.0
GOAL_PEAK_RSS_MB = 150.0


class ProtocolError(Exception):
    pass


# -- generator ---------------------------------------------------------------------------------

NOUNS = ["Account", "Photo", "Order", "Cart", "Message", "Profile", "Feed", "Upload", "Session", "Invoice",
         "Playlist", "Track", "Comment", "Ticket", "Report", "Device", "Route", "Coupon", "Review", "Badge"]
VERBS = ["load", "refresh", "sync", "save", "fetch", "render", "decode", "validate", "merge", "publish"]

SHIMS = """import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

// Linux has no Combine/SwiftUI: minimal stand-ins so this file type-checks on its own.
public protocol ObservableObject: AnyObject {}
@propertyWrapper public struct Published<Value> {
    public var wrappedValue: Value
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}
"""


def generate_swift(lines: int, seed: int, prefix: str = "") -> str:
    """Realistic app code: models, services, view models, caches, callbacks, with hazards of every
    rule mixed into ordinary code. Deterministic for a seed; exactly `lines` lines long."""
    rnd = random.Random(seed)
    out: list[str] = SHIMS.splitlines() if not prefix else SHIMS.splitlines()[:4]
    out.append("")
    n = 0
    while True:
        n += 1
        noun = rnd.choice(NOUNS) + (f"{prefix}{n}")
        kind = rnd.randrange(9)
        if kind == 0:  # a plain model: value type, Sendable candidates
            block = [f"public struct {noun}Model: Codable, Equatable {{",
                    "    public var id: UUID",
                    "    public var title: String",
                    "    public var count: Int",
                    f"    public static var defaultTitle = \"{noun}\"",  # global-mutable-state
                    "",
                    "    public var isEmpty: Bool { count == 0 }",
                    "",
                    "    public func renamed(_ title: String) -> Self {",
                    "        var copy = self",
                    "        copy.title = title",
                    "        return copy",
                    "    }",
                    "}", ""]
        elif kind == 1:  # an observable view model without @MainActor
            block = [f"final class {noun}ViewModel: ObservableObject {{",
                    f"    @Published var items: [String] = []",
                    "    @Published var isLoading = false",
                    "    private var page = 0",
                    "",
                    f"    func {rnd.choice(VERBS)}() {{",
                    "        isLoading = true",
                    "        URLSession.shared.dataTask(with: URL(string: \"https://example.com\")!) { data, _, _ in",
                    "            DispatchQueue.main.async {",
                    "                self.items.append(String(decoding: data ?? Data(), as: UTF8.self))",
                    "                self.isLoading = false",
                    "            }",
                    "        }.resume()",
                    "    }",
                    "",
                    "    func reset() {",
                    "        page = 0",
                    "        items.removeAll()",
                    "    }",
                    "}", ""]
        elif kind == 2:  # a main-actor type with a redundant dispatch
            block = ["@MainActor",
                    f"final class {noun}Coordinator {{",
                    "    var routes: [String] = []",
                    "",
                    "    func show(_ route: String) {",
                    "        DispatchQueue.main.async {",
                    "            self.routes.append(route)",
                    "        }",
                    "    }",
                    "",
                    "    func pop() -> String? {",
                    "        routes.popLast()",
                    "    }",
                    "}", ""]
        elif kind == 3:  # an unchecked Sendable cache without a lock
            block = [f"final class {noun}Cache: @unchecked Sendable {{",
                    "    private var storage: [String: Data] = [:]",
                    "    static var shared = " + f"{noun}Cache()",
                    "",
                    "    func value(for key: String) -> Data? {",
                    "        storage[key]",
                    "    }",
                    "",
                    "    func insert(_ data: Data, for key: String) {",
                    "        storage[key] = data",
                    "    }",
                    "}", ""]
        elif kind == 4:  # a service with escaping callbacks
            block = [f"final class {noun}Service {{",
                    "    private let queue = DispatchQueue(label: \"service\")",
                    "",
                    f"    func {rnd.choice(VERBS)}(completion: @escaping (Result<Int, Error>) -> Void) {{",
                    "        queue.async {",
                    "            let value = (1...10).reduce(0, +)",
                    "            completion(.success(value))",
                    "        }",
                    "    }",
                    "",
                    "    func run(_ work: @escaping () -> Void) {",
                    "        DispatchQueue.global().async {",
                    "            work()",
                    "        }",
                    "    }",
                    "}", ""]
        elif kind == 5:  # async code, tasks, an actor
            block = [f"actor {noun}Store {{",
                    "    private var values: [Int] = []",
                    "    static var instances = 0",
                    "",
                    "    func add(_ value: Int) {",
                    "        values.append(value)",
                    "    }",
                    "",
                    "    func total() -> Int {",
                    "        values.reduce(0, +)",
                    "    }",
                    "}",
                    "",
                    f"func {rnd.choice(VERBS)}{noun}(_ store: {noun}Store) async -> Int {{",
                    "    await store.add(1)",
                    "    let task = Task {",
                    "        await store.total()",
                    "    }",
                    "    return await task.value",
                    "}", ""]
        elif kind == 6:  # global state and a documented opt-out
            block = [f"var {noun[0].lower() + noun[1:]}Counter = 0",
                    f"nonisolated(unsafe) var {noun[0].lower() + noun[1:]}Flag = false",
                    "// Safety: written once at launch before any task starts.",
                    f"nonisolated(unsafe) let {noun[0].lower() + noun[1:]}Formatter = DateFormatter()",
                    ""]
        elif kind == 7:  # an enum with a switch
            block = [f"public enum {noun}State {{",
                    "    case idle",
                    "    case loading(progress: Double)",
                    "    case failed(message: String)",
                    "",
                    "    var label: String {",
                    "        switch self {",
                    "        case .idle: return \"idle\"",
                    "        case .loading(let progress): return \"\\(Int(progress * 100))%\"",
                    "        case .failed(let message): return message",
                    "        }",
                    "    }",
                    "}", ""]
        else:  # generic helpers and extensions
            block = [f"extension Array where Element == {rnd.choice(['Int', 'String', 'Double'])} {{",
                    f"    func {rnd.choice(VERBS)}{noun}() -> [Element] {{",
                    "        var result: [Element] = []",
                    "        for element in self where !result.contains(element) {",
                    "            result.append(element)",
                    "        }",
                    "        return result",
                    "    }",
                    "}", ""]
        if len(out) + len(block) > lines:
            break
        out += block
    # Pad to exactly `lines` lines with ordinary trailing comments.
    while len(out) < lines:
        out.append(f"// {rnd.choice(NOUNS)} notes {len(out)}")
    return "\n".join(out) + "\n"


# -- a minimal LSP client ---------------------------------------------------------------------


class Client:
    def __init__(self, name: str, argv: list[str], cwd: str | None = None):
        self.name = name
        self.argv = argv
        self.cwd = cwd
        self.next_id = 1
        self.responses: dict = {}
        self.publishes: dict[str, list[tuple[float, dict]]] = {}
        self.events = asyncio.Event()
        self.errors: list[str] = []
        self.started = 0.0
        self.progress_end = None

    async def start(self):
        self.started = time.perf_counter()
        self.proc = await asyncio.create_subprocess_exec(
            *self.argv, stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.DEVNULL, cwd=self.cwd, limit=1 << 26)
        self.reader = asyncio.create_task(self._read())

    def _wake(self):
        event, self.events = self.events, asyncio.Event()
        event.set()

    async def _read(self):
        r = self.proc.stdout
        try:
            while True:
                header = await r.readuntil(b"\r\n\r\n")
                length = None
                for line in header.decode("ascii", "replace").split("\r\n"):
                    if line.lower().startswith("content-length:"):
                        length = int(line.split(":", 1)[1])
                if length is None:
                    self.errors.append(f"{self.name}: frame without Content-Length: {header!r}")
                    self._wake()
                    return
                body = await r.readexactly(length)
                now = time.perf_counter()
                try:
                    msg = json.loads(body)
                except ValueError as e:
                    self.errors.append(f"{self.name}: malformed JSON from the server: {e}")
                    self._wake()
                    return
                self._handle(msg, now)
                self._wake()
        except (asyncio.IncompleteReadError, ConnectionError):
            self._wake()

    def _handle(self, msg: dict, now: float):
        if "method" in msg and "id" in msg:  # a request from the server: accept everything
            result = None
            if msg["method"] == "workspace/configuration":
                result = [None for _ in msg.get("params", {}).get("items", [])]
            elif msg["method"] == "workspace/applyEdit":
                result = {"applied": False}
            self.send({"jsonrpc": "2.0", "id": msg["id"], "result": result})
        elif "method" in msg:
            if msg["method"] == "textDocument/publishDiagnostics":
                p = msg["params"]
                self.publishes.setdefault(p["uri"], []).append((now, p))
            elif msg["method"] == "$/progress" and msg["params"].get("value", {}).get("kind") == "end":
                self.progress_end = now
        else:
            self.responses[msg.get("id")] = (now, msg)

    def send(self, msg: dict):
        body = json.dumps(msg).encode()
        self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        self.send(msg)

    async def wait(self, predicate, timeout: float, what: str):
        deadline = time.perf_counter() + timeout
        while True:
            event = self.events
            if self.errors:
                raise ProtocolError(self.errors[0])
            value = predicate()
            if value:
                return value
            if self.proc.returncode is not None or self.reader.done():
                raise ProtocolError(f"{self.name} exited (code {self.proc.returncode}) while waiting for {what}")
            left = deadline - time.perf_counter()
            if left <= 0:
                return None
            try:
                await asyncio.wait_for(event.wait(), min(left, 1.0))
            except asyncio.TimeoutError:
                pass

    async def request(self, method: str, params, timeout: float = 60.0):
        msg_id = self.next_id
        self.next_id += 1
        msg = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:  # JSON-RPC: omitted, not null, when there are none
            msg["params"] = params
        self.send(msg)
        got = await self.wait(lambda: self.responses.get(msg_id), timeout, f"response to {method}")
        if got is None:
            raise ProtocolError(f"{self.name}: no response to {method} in {timeout}s")
        if "error" in got[1]:
            raise ProtocolError(f"{self.name}: {method} failed: {got[1]['error']}")
        return got[1]["result"]

    async def initialize(self, root: pathlib.Path | None, capabilities: dict):
        params = {"processId": os.getpid(), "capabilities": capabilities,
                  "rootUri": root.as_uri() if root else None,
                  "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}] if root else None}
        result = await self.request("initialize", params)
        self.notify("initialized", {})
        return result

    async def shutdown(self) -> int:
        try:
            await self.request("shutdown", None, timeout=30)
            self.notify("exit", None)
            return await asyncio.wait_for(self.proc.wait(), 30)
        finally:
            if self.proc.returncode is None:
                self.proc.kill()
                await self.proc.wait()

    def first_publish(self, uri: str, version: int | None = None, after: float = 0.0):
        for t, p in self.publishes.get(uri, []):
            if t >= after and (version is None or p.get("version") == version):
                return t, p
        return None

    def rss(self) -> dict[str, float]:
        out = {}
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                key, _, value = line.partition(":")
                if key in ("VmHWM", "VmRSS"):
                    out[key] = int(value.split()[0]) / 1024.0
        return out


# -- helpers -----------------------------------------------------------------------------------


def pct(values: list[float], q: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    k = (len(s) - 1) * q
    lo, hi = int(k), min(int(k) + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (k - lo)


def utf16_len(s: str) -> int:
    return len(s.encode("utf-16-le")) // 2


def typing_edits(text: str, count: int, seed: int) -> list[list[dict]]:
    """`count` single-character edits like a person typing: bursts on a few lines (a word typed
    into an end-of-line comment, sometimes a backspace), jumping between lines."""
    rnd = random.Random(seed)
    lines = text.split("\n")
    candidates = [i for i, l in enumerate(lines) if l.strip() and "//" not in l and '"' not in l]
    edits = []
    typed: dict[int, int] = {}
    while len(edits) < count:
        line = rnd.choice(candidates)
        for _ in range(rnd.randint(4, 12)):
            if len(edits) >= count:
                break
            content = lines[line]
            if typed.get(line, 0) > 0 and rnd.random() < 0.25:  # backspace
                end = utf16_len(content)
                change = {"range": {"start": {"line": line, "character": end - 1}, "end": {"line": line, "character": end}}, "text": ""}
                lines[line] = content[:-1]
                typed[line] -= 1
            else:
                insert = (" // " if line not in typed else "") + rnd.choice("abcdefghijklmnopqrstuvwxyz ")
                end = utf16_len(content)
                change = {"range": {"start": {"line": line, "character": end}, "end": {"line": line, "character": end}}, "text": insert}
                lines[line] = content + insert
                typed[line] = typed.get(line, 0) + 1
            edits.append([change])
    return edits


# -- the measurements ------------------------------------------------------------------------


async def time_typing(c: "Client", uri: str, text: str, edits: int, seed: int, timeout: float) -> tuple[list[float], int]:
    """Sends `typing_edits` to an open document (version 1) one at a time; returns each
    didChange -> publishDiagnostics(that version) time in ms, and the last version sent."""
    change_ms = []
    version = 1
    for change in typing_edits(text, edits, seed=seed):
        version += 1
        t0 = time.perf_counter()
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": change})
        got = await c.wait(lambda: c.first_publish(uri, version), timeout, f"diagnostics of version {version}")
        if got is None:
            raise ProtocolError(f"isolint: no publishDiagnostics for version {version} within {timeout:g}s")
        change_ms.append((got[0] - t0) * 1000)
    return change_ms, version


async def bench_single_file(isolint: str, package: pathlib.Path, text: str, edits: int, opens: int = 1) -> dict:
    c = Client("isolint", [isolint, "lsp"])
    await c.start()
    await c.initialize(package, {"general": {"positionEncodings": ["utf-16"]}})
    uri = (package / "Sources" / "Bench" / "Bench.swift").as_uri()
    t0 = time.perf_counter()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    got = await c.wait(lambda: c.first_publish(uri, 1), 30, "first diagnostics")
    if got is None:
        raise ProtocolError("isolint: no publishDiagnostics for didOpen within 30s")
    open_ms = (got[0] - t0) * 1000
    findings = len(got[1]["diagnostics"])
    publish_bytes = len(json.dumps(got[1], ensure_ascii=False, separators=(",", ":")).encode())
    # Let any workspace re-analysis (indexing of the package) settle before timing edits.
    await asyncio.sleep(0.5)
    change_ms, version = await time_typing(c, uri, text, edits, seed=7, timeout=30)
    # More opens of the same text (other URIs, one at a time, each closed again).
    open_all = [open_ms]
    for k in range(opens - 1):
        other = uri.replace("Bench.swift", f"BenchCopy{k}.swift")
        t0 = time.perf_counter()
        c.notify("textDocument/didOpen", {"textDocument": {"uri": other, "languageId": "swift", "version": 1, "text": text}})
        got = await c.wait(lambda: c.first_publish(other, 1), 30, "diagnostics of a re-open")
        if got is None:
            raise ProtocolError("isolint: no publishDiagnostics for didOpen within 30s")
        open_all.append((got[0] - t0) * 1000)
        c.notify("textDocument/didClose", {"textDocument": {"uri": other}})
    versions = [p.get("version") for _, p in c.publishes[uri]]
    if versions != sorted(versions):
        raise ProtocolError(f"isolint: publishDiagnostics versions out of order: {versions}")
    # Hover and code action at findings of the last version (request -> response).
    hover_ms, action_ms = [], []
    last = c.publishes[uri][-1][1]["diagnostics"]
    step = max(1, len(last) // 100)
    for d in last[::step][:100]:
        t0 = time.perf_counter()
        await c.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": d["range"]["start"]})
        hover_ms.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        await c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": d["range"],
                                                    "context": {"diagnostics": [d]}})
        action_ms.append((time.perf_counter() - t0) * 1000)
    rss = c.rss()
    code = await c.shutdown()
    if code != 0:
        raise ProtocolError(f"isolint exited with {code} after shutdown/exit")
    return {"open_ms": open_ms, "open_all": open_all, "change_ms": change_ms, "findings": findings, "rss": rss,
            "publish_bytes": publish_bytes, "hover_ms": hover_ms, "action_ms": action_ms}


async def bench_workspace(isolint: str, root: pathlib.Path, files: list[pathlib.Path], open_count: int, edits: int) -> dict:
    c = Client("isolint", [isolint, "lsp"])
    await c.start()
    t0 = time.perf_counter()
    await c.initialize(root, {"window": {"workDoneProgress": True}})
    got = await c.wait(lambda: c.progress_end, 300, "indexing")
    if got is None:
        raise ProtocolError("isolint: indexing did not end within 300s")
    index_s = c.progress_end - t0
    rss_indexed = c.rss()
    t1 = time.perf_counter()
    uris = []
    for path in files[:open_count]:
        uri = path.as_uri()
        uris.append(uri)
        c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": path.read_text(errors="replace")}})
    got = await c.wait(lambda: all(c.first_publish(u, 1) for u in uris), 300, "diagnostics of every opened file")
    if got is None:
        raise ProtocolError("isolint: not every opened document got diagnostics within 300s")
    open_s = time.perf_counter() - t1
    await asyncio.sleep(0.5)
    rss = c.rss()
    findings = sum(len(c.first_publish(u, 1)[1]["diagnostics"]) for u in uris)
    # Typing in one of the open documents of the large workspace.
    uri, text = uris[0], files[0].read_text(errors="replace")
    change_ms, version = await time_typing(c, uri, text, edits, seed=11, timeout=60)
    # Edits that change the workspace index (a new type declared): the server re-merges the
    # index after a pause and re-analyses every open document.
    remerge_s = []
    lines = text.count("\n")
    for k in range(5):
        version += 1
        t0 = time.perf_counter()
        insert = f"final class BenchDeclared{k} {{}}\n"
        c.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [
            {"range": {"start": {"line": lines + k, "character": 0}, "end": {"line": lines + k, "character": 0}}, "text": insert}]})
        others = uris[1:]
        # The server re-publishes a document only when its diagnostics change; a new empty
        # type changes none, so this only measures when the other documents would show it.
        await c.wait(lambda: all(c.first_publish(u, 1, after=t0) for u in others), 3, "re-analysis of open documents")
        republished = [c.first_publish(u, 1, after=t0) for u in others]
        if all(republished):
            remerge_s.append(max(p[0] for p in republished) - t0)
    rss_end = c.rss()
    code = await c.shutdown()
    if code != 0:
        raise ProtocolError(f"isolint exited with {code} after shutdown/exit")
    return {"index_s": index_s, "open_s": open_s, "rss_indexed": rss_indexed, "rss": rss, "findings": findings,
            "change_ms": change_ms, "rss_end": rss_end, "remerge_s": remerge_s}


async def first_diagnostics(name: str, argv: list[str], package: pathlib.Path, text: str, timeout: float) -> dict:
    c = Client(name, argv, cwd=str(package))
    await c.start()
    uri = (package / "Sources" / "Bench" / "Bench.swift").as_uri()
    caps = {"textDocument": {"publishDiagnostics": {"relatedInformation": True, "versionSupport": True}},
            "window": {"workDoneProgress": True}, "general": {"positionEncodings": ["utf-16"]}}
    await c.initialize(package, caps)
    t0 = time.perf_counter()
    c.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": "swift", "version": 1, "text": text}})
    first = await c.wait(lambda: c.first_publish(uri), timeout, "first diagnostics")
    nonempty = None
    if first is not None:
        nonempty = await c.wait(lambda: next(((t, p) for t, p in c.publishes.get(uri, []) if p["diagnostics"]), None),
                                max(0.1, timeout - (time.perf_counter() - t0)), "non-empty diagnostics")
    result = {
        "first_s": (first[0] - t0) if first else None,
        "first_count": len(first[1]["diagnostics"]) if first else None,
        "nonempty_s": (nonempty[0] - t0) if nonempty else None,
        "nonempty_count": len(nonempty[1]["diagnostics"]) if nonempty else None,
        "from_start_s": (first[0] - c.started) if first else None,
    }
    try:
        await c.shutdown()
    except ProtocolError:
        pass  # another server's shutdown manners are not ours to judge
    return result


def make_package(base: pathlib.Path, text: str) -> pathlib.Path:
    package = base / "BenchPackage"
    (package / "Sources" / "Bench").mkdir(parents=True)
    (package / "Package.swift").write_text(
        "// swift-tools-version:6.0\nimport PackageDescription\n\n"
        "let package = Package(\n    name: \"Bench\",\n    targets: [.target(name: \"Bench\")]\n)\n")
    (package / "Sources" / "Bench" / "Bench.swift").write_text(text)
    return package


def make_workspace(base: pathlib.Path, total_lines: int, per_file: int) -> list[pathlib.Path]:
    root = base / "Workspace"
    files = []
    count = max(1, total_lines // per_file)
    for i in range(count):
        folder = root / "Sources" / f"Module{i % 12}"
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"File{i:04d}.swift"
        path.write_text(generate_swift(per_file, seed=1000 + i, prefix=f"F{i}x"))
        files.append(path)
    return files


def row(name: str, values: list[float]) -> str:
    return f"  {name:<34} {pct(values, 0.5):>9.2f} {pct(values, 0.95):>9.2f} {max(values):>9.2f} {len(values):>6}"


async def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--isolint", default=os.environ.get("ISOLINT", str(REPO / ".build" / "release" / "isolint")))
    ap.add_argument("--lines", type=int, default=5000)
    ap.add_argument("--edits", type=int, default=200)
    ap.add_argument("--opens", type=int, default=10, help="times the file is opened (under other URIs) for didOpen timing")
    ap.add_argument("--workspace-lines", type=int, default=300_000)
    ap.add_argument("--lines-per-file", type=int, default=500)
    ap.add_argument("--open", type=int, default=200)
    ap.add_argument("--workspace-edits", type=int, default=50, help="typing edits in one open file of the workspace")
    ap.add_argument("--sourcekit-timeout", type=float, default=120.0)
    ap.add_argument("--no-sourcekit", action="store_true")
    ap.add_argument("--scaling", default="500,1000,2000",
                    help="also time 40 edits on files of these sizes (comma-separated line counts; empty: skip)")
    ap.add_argument("--keep", action="store_true", help="keep the generated files")
    ap.add_argument("--workspace", help="index this folder (real code) instead of a generated workspace")
    ap.add_argument("--write-file", help="write the generated file here, and its typing edits beside it (F.edits.json), "
                    "and exit (for isolint bench --keystrokes/--scaling and scripts/lsp-typing.js)")
    args = ap.parse_args()
    if args.write_file:
        text = generate_swift(args.lines, seed=42)
        pathlib.Path(args.write_file).write_text(text)
        edits = typing_edits(text, args.edits, seed=7)
        pathlib.Path(args.write_file + ".edits.json").write_text(json.dumps(edits))
        return 0
    isolint = str(pathlib.Path(args.isolint).resolve())
    if not os.access(isolint, os.X_OK):
        print(f"isolint binary not found at {isolint}", file=sys.stderr)
        return 2

    base = pathlib.Path(tempfile.mkdtemp(prefix="isolint-lsp-bench-"))
    try:
        text = generate_swift(args.lines, seed=42)
        assert text.count("\n") == args.lines, text.count("\n")
        package = make_package(base, text)
        print(f"isolint: {isolint}")
        print(f"generated {text.count(chr(10))} lines ({len(text.encode()) // 1024} KiB) in {package}")

        single = await bench_single_file(isolint, package, text, args.edits, opens=args.opens)
        scaling = []
        for size in [int(x) for x in args.scaling.split(",") if x]:
            small = generate_swift(size, seed=42)
            small_pkg = make_package(base / f"scale{size}", small)
            r = await bench_single_file(isolint, small_pkg, small, 40)
            scaling.append((size, r))
        if args.workspace:
            ws_root = pathlib.Path(args.workspace).resolve()
            files = sorted(p for p in ws_root.rglob("*.swift") if ".build" not in p.parts and p.is_file())
            ws_lines = sum(p.read_bytes().count(b"\n") for p in files)
            print(f"workspace {ws_root}: {len(files)} files, {ws_lines} lines")
        else:
            files = make_workspace(base, args.workspace_lines, args.lines_per_file)
            ws_root = base / "Workspace"
            ws_lines = sum(p.read_text().count("\n") for p in files)
            print(f"generated workspace: {len(files)} files, {ws_lines} lines")
        ws = await bench_workspace(isolint, ws_root, files, args.open, args.workspace_edits)

        skl = None
        isolint_first = None
        if not args.no_sourcekit:
            isolint_first = await first_diagnostics("isolint", [isolint, "lsp"], package, text, 30)
            sk = shutil.which("sourcekit-lsp")
            if sk:
                skl = await first_diagnostics("sourcekit-lsp", [sk], package, text, args.sourcekit_timeout)
            else:
                print("sourcekit-lsp: not on PATH, skipped")

        change = single["change_ms"]
        print()
        print(f"isolint lsp — {args.lines}-line file, {single['findings']} findings, {len(change)} typing edits")
        print(f"  {'measure':<34} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9} {'n':>6}")
        print(row("didOpen -> publishDiagnostics", single["open_all"]))
        print(row("didChange -> publishDiagnostics", change))
        if single["hover_ms"]:
            print(row("hover (at a finding)", single["hover_ms"]))
            print(row("codeAction (at a finding)", single["action_ms"]))
        print(f"  peak RSS (VmHWM) of that session: {single['rss']['VmHWM']:.1f} MB; "
              f"one publishDiagnostics is {single['publish_bytes'] // 1024} KiB of JSON")
        if scaling:
            print()
            print("didChange -> publishDiagnostics by file size (40 typing edits each)")
            print(f"  {'lines':>6} {'findings':>9} {'open ms':>9} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9}")
            for size, r in scaling + [(args.lines, single)]:
                ch = r["change_ms"]
                print(f"  {size:>6} {r['findings']:>9} {r['open_ms']:>9.2f} {pct(ch, 0.5):>9.2f} {pct(ch, 0.95):>9.2f} {max(ch):>9.2f}")
        print()
        print(f"workspace — {len(files)} files / {ws_lines} lines indexed, {args.open} documents opened")
        print(f"  indexing (initialize -> $/progress end): {ws['index_s']:.2f} s; RSS after indexing {ws['rss_indexed']['VmRSS']:.1f} MB")
        print(f"  {args.open} didOpen -> all published: {ws['open_s']:.2f} s ({ws['findings']} findings)")
        print(f"  VmRSS {ws['rss']['VmRSS']:.1f} MB, peak RSS (VmHWM) {ws['rss']['VmHWM']:.1f} MB (after the opens)")
        print(f"  {'measure':<34} {'p50 ms':>9} {'p95 ms':>9} {'max ms':>9} {'n':>6}")
        print(row(f"didChange -> publish, {args.lines_per_file}-line file", ws["change_ms"]))
        rs = ws["remerge_s"]
        if rs:
            print(f"  index-changing edit (a type declared) -> all other {args.open - 1} open documents re-published: "
                  f"p50 {pct(rs, 0.5):.2f} s, max {max(rs):.2f} s (n={len(rs)})")
        else:
            print(f"  index-changing edit (a type declared): the other {args.open - 1} documents' diagnostics did not change, "
                  "so none was re-published (as intended)")
        print(f"  peak RSS (VmHWM) at the end of the session: {ws['rss_end']['VmHWM']:.1f} MB")
        if isolint_first is not None:
            print()
            print(f"time to first diagnostics, {args.lines}-line file in a SwiftPM package (didOpen -> first publish)")
            print(f"  isolint        {isolint_first['first_s'] * 1000:>10.1f} ms  ({isolint_first['first_count']} diagnostics)")
            if skl is not None:
                if skl["first_s"] is None:
                    print(f"  sourcekit-lsp  none within {args.sourcekit_timeout:.0f} s")
                else:
                    print(f"  sourcekit-lsp  {skl['first_s'] * 1000:>10.1f} ms  ({skl['first_count']} diagnostics; "
                          f"{skl['from_start_s']:.2f} s from process start)")
                    if skl["nonempty_s"] is not None and skl["nonempty_s"] != skl["first_s"]:
                        print(f"  sourcekit-lsp first non-empty: {skl['nonempty_s'] * 1000:.1f} ms ({skl['nonempty_count']} diagnostics)")
                    ratio = skl["first_s"] / isolint_first["first_s"]
                    print(f"  ratio sourcekit-lsp first diagnostics / isolint first diagnostics: {ratio:.1f}x")
        print()
        p95 = pct(change, 0.95)
        peak = ws["rss_end"]["VmHWM"]
        print("goals")
        print(f"  didChange -> diagnostics p95 < {GOAL_CHANGE_P95_MS:.0f} ms: {p95:.2f} ms — {'met' if p95 < GOAL_CHANGE_P95_MS else 'NOT met'}")
        for name in ("hover", "action"):
            if single[f"{name}_ms"]:
                v = pct(single[f"{name}_ms"], 0.95)
                label = "hover" if name == "hover" else "codeAction"
                print(f"  {label} p95 < {GOAL_REQUEST_MS:.0f} ms: {v:.2f} ms — {'met' if v < GOAL_REQUEST_MS else 'NOT met'}")
        per750k = ws["index_s"] * 750_000 / max(1, ws_lines)
        print(f"  indexing < {GOAL_INDEX_S_PER_750K_LINES:.0f} s per 750k lines: {per750k:.2f} s "
              f"({ws['index_s']:.2f} s for {ws_lines} lines) — {'met' if per750k < GOAL_INDEX_S_PER_750K_LINES else 'NOT met'}")
        print(f"  peak RSS < {GOAL_PEAK_RSS_MB:.0f} MB: {peak:.1f} MB — {'met' if peak < GOAL_PEAK_RSS_MB else 'NOT met'}")
        return 0
    except ProtocolError as e:
        print(f"protocol error: {e}", file=sys.stderr)
        return 1
    finally:
        if args.keep:
            print(f"kept {base}")
        else:
            shutil.rmtree(base, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
