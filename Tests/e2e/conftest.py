"""End-to-end harness: a pytest-lsp client driving the real `isolint lsp` binary over stdio.

Every message the server sends is recorded as raw JSON (before pygls turns it into lsprotocol
types), so tests assert exact wire values; requests can be sent either raw (a dict, exactly as
written) or typed (lsprotocol params, so pygls/lsprotocol also check the result's shape).
"""

from __future__ import annotations

import asyncio
import copy
import itertools
import json
import os
import pathlib
import time
from typing import Any, Callable

import pytest
import pytest_lsp
from lsprotocol import types
from lsprotocol.converters import get_converter
from pytest_lsp import ClientServerConfig, LanguageClient
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features
from pytest_lsp.protocol import LanguageClientProtocol
from pygls.protocol import default_converter

REPO = pathlib.Path(__file__).resolve().parents[2]
ISOLINT = pathlib.Path(os.environ.get("ISOLINT", REPO / ".build" / "release" / "isolint"))
if not ISOLINT.is_absolute():
    ISOLINT = (REPO / ISOLINT).resolve()

MISSING = None
if not (ISOLINT.is_file() and os.access(ISOLINT, os.X_OK)):
    MISSING = (f"isolint binary not found at {ISOLINT} (build it with `swift build -c release` "
               f"or point ISOLINT at it)")


def pytest_collection_modifyitems(config, items):
    """Without the binary every test is skipped, with the reason (pytest still reports counts)."""
    if MISSING:
        for item in items:
            item.add_marker(pytest.mark.skip(reason=MISSING))


def pytest_report_header(config):
    return f"isolint: {ISOLINT}" + (" (missing: every test is skipped)" if MISSING else "")

# Capabilities every editor this server supports declares (tests opt out with bare=True).
EDITOR_BASELINE: dict[str, Any] = {
    "textDocument": {
        "codeAction": {"codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["", "quickfix", "source", "source.fixAll"]}}},
        "publishDiagnostics": {"relatedInformation": True, "tagSupport": {"valueSet": [1, 2]}, "codeDescriptionSupport": True},
    },
}


def merge_defaults(target: dict[str, Any], defaults: dict[str, Any]) -> None:
    """Adds `defaults` to `target` where `target` says nothing (nested dicts merged)."""
    for key, value in defaults.items():
        if key not in target:
            target[key] = copy.deepcopy(value)
        elif isinstance(target[key], dict) and isinstance(value, dict):
            merge_defaults(target[key], value)


TIMEOUT = 10.0  # seconds any single wait may take; nothing in this suite should come close
_ids = itertools.count(100000)  # hand-written ids in tests stay below this


class RecordingProtocol(LanguageClientProtocol):
    """Records every incoming top-level message as raw JSON, in arrival order."""

    def structure_message(self, data: dict[str, Any]):
        if "jsonrpc" in data:
            self._server.record(copy.deepcopy(data))
        return super().structure_message(data)


class Client(LanguageClient):
    """pytest-lsp's LanguageClient plus raw recording and raw/typed request helpers."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("protocol_cls", RecordingProtocol)
        super().__init__(*args, **kwargs)
        self.raw: list[dict[str, Any]] = []
        self.arrival: list[float] = []
        self._event = asyncio.Event()
        self.apply_edit_requests: list[dict[str, Any]] = []
        self.apply_edit_gate: asyncio.Event | None = None
        self.encoding = "utf-16"
        self.refuse_progress = False

    # -- recording -----------------------------------------------------------------------

    def record(self, message: dict[str, Any]) -> None:
        self.raw.append(message)
        self.arrival.append(time.monotonic())
        event, self._event = self._event, asyncio.Event()
        event.set()

    async def wait_for(self, predicate: Callable[[], Any], timeout: float = TIMEOUT, what: str = "condition"):
        """Waits until predicate() is truthy (re-checked on each incoming message)."""
        deadline = time.monotonic() + timeout
        while True:
            event = self._event
            value = predicate()
            if value:
                return value
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"timed out after {timeout}s waiting for {what}; last messages: "
                                     + json.dumps(self.raw[-5:])[:3000])
            try:
                await asyncio.wait_for(event.wait(), left)
            except asyncio.TimeoutError:
                pass

    def notifications(self, method: str) -> list[dict[str, Any]]:
        return [m["params"] for m in self.raw if m.get("method") == method and "id" not in m]

    def requests_from_server(self, method: str) -> list[dict[str, Any]]:
        return [m for m in self.raw if m.get("method") == method and "id" in m]

    def publishes(self, uri: str) -> list[dict[str, Any]]:
        return [p for p in self.notifications("textDocument/publishDiagnostics") if p["uri"] == uri]

    async def wait_publish(self, uri: str, version: int | None = None, after: int = 0,
                           where: Callable[[dict], bool] | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        """The first publishDiagnostics for uri (at index >= after in its publish list) that
        has `version` (when given) and satisfies `where` (when given)."""

        def find():
            for p in self.publishes(uri)[after:]:
                if version is not None and p.get("version") != version:
                    continue
                if where is not None and not where(p):
                    continue
                return p
            return None

        return await self.wait_for(find, timeout, f"publishDiagnostics {uri} version={version}")

    async def wait_settled(self, uri: str, version: int | None = None, quiet: float = 0.4,
                           timeout: float = TIMEOUT) -> dict[str, Any]:
        """The last publishDiagnostics for uri once none has come for `quiet` seconds (the server
        re-merges the workspace index 300 ms after a change and may then publish again)."""
        await self.wait_publish(uri, version, timeout=timeout)
        deadline = time.monotonic() + timeout
        while True:
            n = len(self.publishes(uri))
            await asyncio.sleep(quiet)
            if len(self.publishes(uri)) == n or time.monotonic() > deadline:
                last = self.publishes(uri)[-1]
                assert version is None or last.get("version") == version, last
                return last

    # -- sending -------------------------------------------------------------------------

    def send_raw_bytes(self, data: bytes) -> None:
        assert self._server is not None and self._server.stdin is not None
        self._server.stdin.write(data)

    def send_message(self, message: dict[str, Any]) -> None:
        body = json.dumps(message).encode()
        self.send_raw_bytes(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params: Any = None) -> None:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            message["params"] = params
        self.send_message(message)

    def send_request(self, method: str, params: Any = None, msg_id: Any = None) -> Any:
        msg_id = next(_ids) if msg_id is None else msg_id
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": msg_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send_message(message)
        return msg_id

    def response(self, msg_id: Any) -> dict[str, Any] | None:
        for m in self.raw:
            if "method" not in m and m.get("id") == msg_id and ("result" in m or "error" in m):
                return m
        return None

    async def wait_response(self, msg_id: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        return await self.wait_for(lambda: self.response(msg_id), timeout, f"response to id {msg_id!r}")

    async def request(self, method: str, params: Any = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        """Sends a raw request; returns the raw response message (with `result` or `error`)."""
        return await self.wait_response(self.send_request(method, params), timeout)

    async def result(self, method: str, params: Any = None) -> Any:
        response = await self.request(method, params)
        assert "error" not in response, f"{method} failed: {response}"
        return response["result"]

    async def typed(self, method: str, params: Any) -> tuple[Any, Any]:
        """Sends lsprotocol-typed params through pygls; returns (typed result, raw result)."""
        msg_id = f"typed-{next(_ids)}"
        typed = await asyncio.wait_for(self.protocol.send_request_async(method, params, msg_id=msg_id), TIMEOUT)
        raw = await self.wait_response(msg_id)
        return typed, raw.get("result")

    # -- lifecycle ------------------------------------------------------------------------

    async def initialize(self, capabilities: dict[str, Any] | None = None, root: pathlib.Path | None = None,
                         initialized: bool = True, bare: bool = False, **extra) -> dict[str, Any]:
        # What Neovim, VS Code, Helix and Emacs all declare, unless a test asks for a bare client.
        capabilities = copy.deepcopy(capabilities or {})
        if not bare:
            merge_defaults(capabilities, EDITOR_BASELINE)
        # pytest-lsp's spec checks read the typed capabilities.
        self.capabilities = get_converter().structure(capabilities, types.ClientCapabilities)
        params: dict[str, Any] = {"processId": os.getpid(), "capabilities": capabilities,
                                  "clientInfo": {"name": "isolint-e2e"}}
        if root is not None:
            params["rootUri"] = root.as_uri()
        params.update(extra)
        response = await self.request("initialize", params)
        assert "result" in response, response
        result = response["result"]
        self.encoding = result["capabilities"]["positionEncoding"]
        if initialized:
            self.notify("initialized", {})
        return result

    def open(self, uri: str, text: str, version: int = 1) -> None:
        self.notify("textDocument/didOpen",
                    {"textDocument": {"uri": uri, "languageId": "swift", "version": version, "text": text}})

    def change(self, uri: str, version: int, changes: list[dict[str, Any]]) -> None:
        self.notify("textDocument/didChange",
                    {"textDocument": {"uri": uri, "version": version}, "contentChanges": changes})

    def close(self, uri: str) -> None:
        self.notify("textDocument/didClose", {"textDocument": {"uri": uri}})

    async def shutdown_and_exit(self, timeout: float = TIMEOUT) -> int:
        response = await self.request("shutdown")
        assert response == {"jsonrpc": "2.0", "id": response["id"], "result": None}, response
        self.notify("exit")
        return await self.wait_exit(timeout)

    async def wait_exit(self, timeout: float = TIMEOUT) -> int:
        assert self._server is not None
        return await asyncio.wait_for(self._server.wait(), timeout)


def make_client() -> Client:
    client = Client(converter_factory=default_converter)
    features = dict(DEFAULT_CLIENT_FEATURES)
    default_create = features.pop(types.WINDOW_WORK_DONE_PROGRESS_CREATE)

    def create_progress(client: Client, params: types.WorkDoneProgressCreateParams):
        if client.refuse_progress:
            raise RuntimeError("this client refuses progress tokens")
        return default_create(client, params)

    features[types.WINDOW_WORK_DONE_PROGRESS_CREATE] = create_progress
    register_lsp_features(client, features)

    @client.feature(types.WORKSPACE_APPLY_EDIT)
    async def apply_edit(client: Client, params: types.ApplyWorkspaceEditParams):
        # The raw request is in client.raw; answer after the gate opens (tests of ordering).
        if client.apply_edit_gate is not None:
            await client.apply_edit_gate.wait()
        return types.ApplyWorkspaceEditResult(applied=True)

    return client


CONFIG = ClientServerConfig(server_command=[str(ISOLINT), "lsp"], client_factory=make_client)


@pytest.fixture
async def start():
    """Factory: `client = await start()` launches a fresh server; all are reaped afterwards."""
    clients: list[Client] = []

    async def _start() -> Client:
        client = await CONFIG.start()
        clients.append(client)
        return client

    yield _start

    for client in clients:
        server = client._server
        if server is not None and server.returncode is None:
            try:
                if client.capabilities is not None and client.error is None:
                    await asyncio.wait_for(client.shutdown_and_exit(), 1)
            except Exception:
                pass
            if server.returncode is None:
                server.kill()
                await server.wait()
        await client.stop()
        assert client.error is None, f"the client saw a fatal protocol error: {client.error}"


@pytest.fixture
async def client(start) -> Client:
    """A server initialized with no special capabilities (utf-16, push diagnostics)."""
    c = await start()
    await c.initialize({})
    return c


# -- text helpers -------------------------------------------------------------------------


def units(s: str, encoding: str) -> int:
    if encoding == "utf-8":
        return len(s.encode("utf-8"))
    if encoding == "utf-16":
        return len(s.encode("utf-16-le")) // 2
    return len(s)


def offset_of(text: str, position: dict[str, int], encoding: str) -> int:
    """Python string index of an LSP position (lines end at \\n only in these tests)."""
    lines = text.split("\n")
    line = position["line"]
    if line >= len(lines):
        return len(text)
    start = sum(len(l) + 1 for l in lines[:line])
    content = lines[line]
    count = 0
    for i, ch in enumerate(content):
        if count >= position["character"]:
            return start + i
        count += units(ch, encoding)
    return start + len(content)


def position_of(text: str, index: int, encoding: str) -> dict[str, int]:
    before = text[:index]
    line = before.count("\n")
    column = before[before.rfind("\n") + 1:]
    return {"line": line, "character": units(column, encoding)}


def find_position(text: str, needle: str, encoding: str, occurrence: int = 0, delta: int = 0) -> dict[str, int]:
    index = -1
    for _ in range(occurrence + 1):
        index = text.index(needle, index + 1)
    return position_of(text, index + delta, encoding)


def apply_edits(text: str, edits: list[dict[str, Any]], encoding: str) -> str:
    """Applies LSP TextEdits (all relative to `text`; inserts at one position in array order)."""
    spans = []
    for order, e in enumerate(edits):
        a = offset_of(text, e["range"]["start"], encoding)
        b = offset_of(text, e["range"]["end"], encoding)
        spans.append((a, b, order, e["newText"]))
    spans.sort(key=lambda s: (s[0], s[2]))
    out, cursor = [], 0
    for a, b, _, new in spans:
        assert a >= cursor, f"overlapping edits: {edits}"
        out.append(text[cursor:a])
        out.append(new)
        cursor = b
    out.append(text[cursor:])
    return "".join(out)


def codes(publish: dict[str, Any]) -> list[str]:
    return [d["code"] for d in publish["diagnostics"]]
