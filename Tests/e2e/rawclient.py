"""A bare JSON-RPC client over the real `isolint lsp`'s pipes, for what pytest-lsp would not send
or would answer for us: malformed frames, raw bytes, server requests left unanswered, a stdout
nobody reads. Records every message with its arrival time."""

from __future__ import annotations

import asyncio
import json
import os
import time
from typing import Any

from conftest import ISOLINT, Client

TIMEOUT = 10.0


class RawClient:
    def __init__(self, proc: asyncio.subprocess.Process):
        self.proc = proc
        self.messages: list[dict[str, Any]] = []
        self.raw = self.messages
        self.arrival: list[float] = []
        self.bad_frames: list[bytes] = []
        self._event = asyncio.Event()
        self.reading = asyncio.Event()
        self.reading.set()
        self._reader = asyncio.create_task(self._read())

    @classmethod
    async def start(cls, read: bool = True, env: dict[str, str] | None = None) -> "RawClient":
        proc = await asyncio.create_subprocess_exec(
            str(ISOLINT), "lsp", stdin=asyncio.subprocess.PIPE, stdout=asyncio.subprocess.PIPE,
            # ISOLINT_E2E_STDERR: a file for the server's log (debugging a test).
            stderr=open(os.environ["ISOLINT_E2E_STDERR"], "ab") if "ISOLINT_E2E_STDERR" in os.environ
            else asyncio.subprocess.DEVNULL, env={**os.environ, **(env or {})},
            # asyncio reads the pipe ahead into its own buffer, up to twice this: a client that
            # does not read keeps that small (its messages must then stay under 64 KB).
            limit=1 << 26 if read else 1 << 16)
        c = cls(proc)
        if not read:
            c.reading.clear()
        return c

    async def _read(self) -> None:
        out = self.proc.stdout
        assert out is not None
        while True:
            await self.reading.wait()
            try:
                header = await out.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, asyncio.LimitOverrunError):
                return
            length = None
            for line in header.decode("ascii", "replace").split("\r\n"):
                if line.lower().startswith("content-length:"):
                    length = int(line.split(":", 1)[1])
            if length is None:
                self.bad_frames.append(header)
                continue
            body = await out.readexactly(length)
            self.messages.append(json.loads(body))
            self.arrival.append(time.monotonic())
            event, self._event = self._event, asyncio.Event()
            event.set()

    # The same wait as the pytest-lsp client's (it reads `_event` and `raw`).
    wait_for = Client.wait_for

    # -- sending -------------------------------------------------------------------------

    def write(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)

    async def drain(self) -> None:
        assert self.proc.stdin is not None
        await self.proc.stdin.drain()

    # Framing and ids as the pytest-lsp client's helpers do them.
    send_raw_bytes = write
    send = send_message = Client.send_message
    notify = Client.notify
    send_request = Client.send_request

    def response(self, msg_id: Any) -> dict[str, Any] | None:
        for m in self.messages:
            if "method" not in m and m.get("id") == msg_id:
                return m
        return None

    def responses(self, msg_id: Any) -> list[dict[str, Any]]:
        return [m for m in self.messages if "method" not in m and m.get("id") == msg_id]

    async def wait_response(self, msg_id: Any, timeout: float = TIMEOUT) -> dict[str, Any]:
        return await self.wait_for(lambda: self.response(msg_id), timeout, f"response to {msg_id!r}")

    async def request(self, method: str, params: Any = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        return await self.wait_response(self.send_request(method, params), timeout)

    def server_requests(self, method: str) -> list[dict[str, Any]]:
        return [m for m in self.messages if m.get("method") == method and "id" in m]

    def publishes(self, uri: str) -> list[dict[str, Any]]:
        return [m["params"] for m in self.messages
                if m.get("method") == "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]

    async def wait_publish(self, uri: str, version: int | None = None, timeout: float = TIMEOUT) -> dict[str, Any]:
        def find():
            for p in self.publishes(uri):
                if version is None or p.get("version") == version:
                    return p
            return None
        return await self.wait_for(find, timeout, f"publishDiagnostics {uri} v{version}")

    # -- lifecycle -----------------------------------------------------------------------

    async def initialize(self, capabilities: dict[str, Any] | None = None, **extra) -> dict[str, Any]:
        params = {"processId": None, "rootUri": None, "capabilities": capabilities or {}, **extra}
        r = await self.request("initialize", params)
        assert "result" in r, r
        self.notify("initialized", {})
        return r["result"]

    open = Client.open
    change = Client.change

    def hover_params(self, uri: str, line: int, character: int) -> dict[str, Any]:
        return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}

    async def still_correct(self) -> None:
        """The server still lints a fresh document correctly and answers requests about it."""
        uri = f"file:///tmp/isolint-hostile/check-{len(self.messages)}.swift"
        self.open(uri, "var counter = 0\n")
        p = await self.wait_publish(uri, 1)
        assert [d["code"] for d in p["diagnostics"]] == ["global-mutable-state"], p
        r = await self.request("textDocument/hover", self.hover_params(uri, 0, 5))
        assert r["result"]["contents"]["value"].startswith("**isolint · global-mutable-state**"), r

    async def shutdown_and_exit(self, timeout: float = TIMEOUT) -> int:
        r = await self.request("shutdown")
        assert r == {"jsonrpc": "2.0", "id": r["id"], "result": None}, r
        self.notify("exit")
        return await asyncio.wait_for(self.proc.wait(), timeout)

    async def close(self) -> None:
        self.reading.set()
        if self.proc.returncode is None:
            self.proc.kill()
            await self.proc.wait()
        self._reader.cancel()

    def rss_kb(self) -> int:
        with open(f"/proc/{self.proc.pid}/status") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1])
        return 0


def big_clean_swift(megabytes: float) -> str:
    """A Swift file of about `megabytes` MB with one finding (a global var) at its start."""
    chunk = "".join(
        f"func step{i}(_ x: Int) -> Int {{\n    let y = x &* {i % 7 + 2}\n    return y &+ {i}\n}}\n" for i in range(1000))
    parts = ["var counter = 0\n"]
    size, n = 0, 0
    target = int(megabytes * 1_000_000)
    while size < target:
        piece = chunk.replace("func step", f"func s{n}_")
        parts.append(piece)
        size += len(piece)
        n += 1
    return "".join(parts)
