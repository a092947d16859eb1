"""initialize (capabilities, encodings, serverInfo), shutdown/exit, protocol errors, framing."""

from __future__ import annotations

import asyncio
import json
import subprocess

import pytest

from conftest import ISOLINT

EXPECTED_CAPABILITIES = {
    "textDocumentSync": {"openClose": True, "change": 2, "save": {"includeText": False}},
    "diagnosticProvider": {"identifier": "isolint", "interFileDependencies": True, "workspaceDiagnostics": True},
    "codeActionProvider": {"codeActionKinds": ["quickfix", "source.fixAll.isolint"], "resolveProvider": True},
    "hoverProvider": True,
    "inlayHintProvider": True,
    "executeCommandProvider": {"commands": ["isolint.fixAll", "isolint.explain", "isolint.applyFix", "isolint.migrationPlan"]},
    "workspace": {"workspaceFolders": {"supported": True, "changeNotifications": True}},
}


def cli_version() -> str:
    out = subprocess.run([str(ISOLINT), "version"], capture_output=True, text=True, check=True).stdout.strip()
    assert out.startswith("isolint "), out
    return out.split(" ", 1)[1]


@pytest.mark.parametrize(
    "offered, negotiated",
    [
        (["utf-8", "utf-16"], "utf-8"),
        (None, "utf-16"),
        ([], "utf-16"),
        (["utf-32", "utf-16"], "utf-32"),
        (["utf-16", "utf-32"], "utf-32"),
        (["utf-16"], "utf-16"),
    ],
)
async def test_initialize_capabilities_and_encoding(start, offered, negotiated):
    c = await start()
    capabilities = {} if offered is None else {"general": {"positionEncodings": offered}}
    result = await c.initialize(capabilities)
    assert result == {
        "capabilities": {"positionEncoding": negotiated, **EXPECTED_CAPABILITIES},
        "serverInfo": {"name": "isolint", "version": cli_version()},
    }
    # Key order on the wire is stable too (the server keeps object keys in order).
    raw = next(m for m in c.raw if "result" in m and isinstance(m["result"], dict) and "serverInfo" in m["result"])
    assert list(raw["result"]) == ["capabilities", "serverInfo"]
    assert list(raw["result"]["capabilities"])[0] == "positionEncoding"
    assert await c.shutdown_and_exit() == 0


@pytest.mark.parametrize(
    "client, offered, options, used",
    [
        # lsp-mode 8 counts characters and offers nothing: recognised by its clientInfo.
        ("emacs", None, {}, "utf-32"),
        # …but what a client offers wins over who it is.
        ("emacs", ["utf-16"], {}, "utf-16"),
        # initializationOptions.positionEncoding wins over both (and is not a settings key).
        ("emacs", None, {"positionEncoding": "utf-16"}, "utf-16"),
        ("isolint-e2e", ["utf-8"], {"positionEncoding": "utf-32"}, "utf-32"),
        ("Eglot", None, {}, "utf-16"),
        ("isolint-e2e", None, {"positionEncoding": "utf-7"}, "utf-16"),  # unknown: ignored
    ],
)
async def test_encoding_for_clients_that_do_not_say_what_they_count(start, client, offered, options, used):
    c = await start()
    capabilities = {} if offered is None else {"general": {"positionEncodings": offered}}
    result = await c.initialize(capabilities, clientInfo={"name": client}, initializationOptions=options)
    assert result["capabilities"]["positionEncoding"] == used
    uri = "file:///tmp/encoding.swift"
    c.open(uri, 'let s = "é😀"; var n = 0\n')
    (d,) = (await c.wait_publish(uri, 1))["diagnostics"]
    assert d["range"]["start"]["character"] == {"utf-8": 18, "utf-16": 15, "utf-32": 14}[used]
    assert c.notifications("window/logMessage") == []  # positionEncoding is no configuration problem


async def test_request_before_initialize_is_rejected(start):
    c = await start()
    r = await c.request("textDocument/hover", {"textDocument": {"uri": "file:///x.swift"}, "position": {"line": 0, "character": 0}})
    assert r == {"jsonrpc": "2.0", "id": r["id"], "error": {"code": -32002, "message": "the server is not initialized"}}
    r = await c.request("shutdown")
    assert r["error"]["code"] == -32002
    # Notifications before initialize are dropped silently; initialize still works afterwards.
    c.open("file:///tmp/before-init.swift", "var x = 0\n")
    result = await c.initialize({})
    assert result["serverInfo"]["name"] == "isolint"
    await asyncio.sleep(0.2)
    assert c.publishes("file:///tmp/before-init.swift") == []


async def test_initialize_twice(client):
    r = await client.request("initialize", {"processId": None, "capabilities": {}})
    assert r["error"] == {"code": -32600, "message": "initialize sent twice"}


async def test_unknown_method(client):
    r = await client.request("textDocument/frobnicate", {})
    assert r == {"jsonrpc": "2.0", "id": r["id"], "error": {"code": -32601, "message": "method not found: textDocument/frobnicate"}}
    # Unknown notifications are ignored: the server keeps answering.
    client.notify("$/unknownNotification", {"x": 1})
    client.notify("workspace/frobnicated", {})
    r = await client.request("textDocument/frobnicate2")
    assert r["error"]["code"] == -32601


async def test_invalid_params(client):
    uri = "file:///tmp/never-opened.swift"
    rng = {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}
    r = await client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": rng, "context": {"diagnostics": []}})
    assert r["error"] == {"code": -32602, "message": f"document not open: {uri}"}
    r = await client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 0}})
    assert r["error"]["code"] == -32602
    r = await client.request("textDocument/codeAction", {})
    assert r["error"] == {"code": -32602, "message": "missing textDocument"}
    r = await client.request("workspace/executeCommand", {"command": "isolint.nope"})
    assert r["error"] == {"code": -32602, "message": "unknown command 'isolint.nope'"}
    r = await client.request("codeAction/resolve", {"title": "x"})
    assert r["error"]["code"] == -32602
    # An open document with a malformed position.
    client.open("file:///tmp/opened.swift", "var x = 0\n")
    r = await client.request("textDocument/hover", {"textDocument": {"uri": "file:///tmp/opened.swift"}, "position": {"line": "a"}})
    assert r["error"] == {"code": -32602, "message": "position.line: expected an integer"}


async def test_requests_after_shutdown(client):
    r = await client.request("shutdown")
    assert r["result"] is None
    r = await client.request("textDocument/hover", {"textDocument": {"uri": "file:///x.swift"}, "position": {"line": 0, "character": 0}})
    assert r == {"jsonrpc": "2.0", "id": r["id"], "error": {"code": -32600, "message": "the server is shut down"}}
    r = await client.request("shutdown")
    assert r["error"]["code"] == -32600
    # Document notifications after shutdown are ignored (no diagnostics come back).
    client.open("file:///tmp/after-shutdown.swift", "var x = 0\n")
    await asyncio.sleep(0.2)
    assert client.publishes("file:///tmp/after-shutdown.swift") == []
    client.notify("exit")
    assert await client.wait_exit() == 0


async def test_exit_without_shutdown_is_code_1(client):
    client.notify("exit")
    assert await client.wait_exit() == 1


async def test_exit_before_initialize_is_code_1(start):
    c = await start()
    c.notify("exit")
    assert await c.wait_exit() == 1


async def test_end_of_input_without_exit_is_code_1(client):
    client._server.stdin.close()
    assert await client.wait_exit() == 1


async def test_shutdown_then_end_of_input_is_code_1(client):
    # The specification: exit code 1 unless `exit` follows `shutdown`.
    assert (await client.request("shutdown"))["result"] is None
    client._server.stdin.close()
    assert await client.wait_exit() == 1


async def test_a_request_waiting_on_the_client_blocks_nothing_and_is_cancelled_at_once(start):
    """fixAll waits for the client's answer to workspace/applyEdit: meanwhile a hover is answered,
    and `$/cancelRequest` on the waiting request answers RequestCancelled at once (not when the
    client finally answers); the late answer changes nothing."""
    c = await start()
    await c.initialize({"workspace": {"applyEdit": True}})
    uri = "file:///tmp/cancel.swift"
    c.open(uri, "var counter = 0\n")
    await c.wait_publish(uri, 1)
    c.apply_edit_gate = asyncio.Event()
    fix_id = c.send_request("workspace/executeCommand", {"command": "isolint.fixAll", "arguments": [uri]})
    await c.wait_for(lambda: c.requests_from_server("workspace/applyEdit"), what="workspace/applyEdit")
    hover = {"textDocument": {"uri": uri}, "position": {"line": 0, "character": 1}}
    r = await c.request("textDocument/hover", hover, timeout=2)
    assert r["result"]["contents"]["kind"] == "markdown"
    c.notify("$/cancelRequest", {"id": fix_id})
    r = await c.wait_response(fix_id, timeout=2)
    assert r == {"jsonrpc": "2.0", "id": fix_id, "error": {"code": -32800, "message": "cancelled"}}
    c.apply_edit_gate.set()
    await asyncio.sleep(0.1)
    assert [m for m in c.raw if m.get("id") == fix_id and "method" not in m] == [r]  # answered once
    # The server goes on answering.
    r = await c.request("textDocument/hover", hover)
    assert r["result"]["contents"]["kind"] == "markdown"


async def test_cancel_request_race_never_hangs(client):
    uri = "file:///tmp/cancel-race.swift"
    text = "".join(f"var counter{i} = {i}\n" for i in range(3000))
    client.open(uri, text)
    ids = []
    for i in range(20):
        msg_id = client.send_request("textDocument/diagnostic" if i % 2 else "textDocument/hover",
                                     {"textDocument": {"uri": uri}, "position": {"line": i, "character": 1}})
        client.notify("$/cancelRequest", {"id": msg_id})
        ids.append(msg_id)
    client.notify("$/cancelRequest", {"id": 987654})  # unknown id: ignored
    outcomes = set()
    for msg_id in ids:
        r = await client.wait_response(msg_id, timeout=10)
        if "error" in r:
            assert r["error"]["code"] == -32800, r
            outcomes.add("cancelled")
        else:
            outcomes.add("answered")
    assert outcomes <= {"cancelled", "answered"}
    r = await client.request("workspace/executeCommand", {"command": "isolint.explain", "arguments": ["global-mutable-state"]})
    assert "result" in r


def frame(body: bytes, header: bytes | None = None) -> bytes:
    return (header if header is not None else b"Content-Length: %d\r\n\r\n" % len(body)) + body


async def explain_still_works(c) -> None:
    r = await c.request("workspace/executeCommand", {"command": "isolint.explain", "arguments": ["global-mutable-state"]})
    assert r["result"].startswith("# global-mutable-state (error)"), r


def null_id_errors(c) -> list[dict]:
    return [m["error"] for m in c.raw if "error" in m and m.get("id") is None]


@pytest.mark.parametrize(
    "data, code, message",
    [
        (frame(b"{this is not json}"), -32700, "invalid JSON: expected a string key at byte 1"),
        (frame(b'{"jsonrpc":"2.0","id":77,"meth'), -32700, "invalid JSON: unterminated string at byte 30"),
        (frame(b'{"jsonrpc":"2.0","id":81,"method":"x"} trailing'), -32700, "invalid JSON: unexpected trailing data at byte 39"),
        (frame(b"[1,2,3]"), -32600, "batch messages are not supported: LSP sends one message per frame"),
        (frame(b'"just a string"'), -32600, "a message must be a JSON object"),
        (frame(b'{"jsonrpc":"2.0","id":80}'), -32600, "missing method"),
        # Regression (fixed in cd7e24b): the reader used to stay glued to the bad frame's tail and
        # lose every later message.
        (frame(b'{"jsonrpc":"2.0","id":78,"method":"shutdown"}', b"X-Not-Length: 3\r\n\r\n"), -32700,
         "missing Content-Length header"),
        (frame(b'{"jsonrpc":"2.0","id":79,"method":"shutdown"}', b"Content-Length: many\r\n\r\n"), -32700,
         "invalid Content-Length 'many'"),
    ],
    ids=["bad-json", "truncated-json", "trailing-garbage", "array-body", "string-body", "no-method",
         "missing-content-length", "bad-content-length"],
)
async def test_malformed_frame_then_valid_request(client, data, code, message):
    """One malformed frame gets one error response (id null, or the id when it could be read);
    a request sent after that error arrived is answered normally."""
    before = len(client.raw)
    client.send_raw_bytes(data)

    def errors():
        return [m for m in client.raw[before:] if "error" in m]

    got = await client.wait_for(errors, what="an error response")
    await asyncio.sleep(0.05)  # a second (wrong) error would arrive now
    expected_id = 80 if b'"id":80}' in data else None
    assert [m for m in client.raw[before:]] == [
        {"jsonrpc": "2.0", "id": expected_id, "error": {"code": code, "message": message}}]
    # The next request comes in a later read than the bad frame.
    try:
        r = await client.request("workspace/executeCommand", {"command": "isolint.explain", "arguments": ["global-mutable-state"]}, timeout=1)
    except AssertionError:
        client._server.kill()  # it answers nothing any more: no point in a polite shutdown
        raise
    assert r["result"].startswith("# global-mutable-state (error)")
    # The body of a frame without a valid length is skipped, never run.
    assert client.response(78) is None and client.response(79) is None


@pytest.mark.parametrize("header", [b"X-Not-Length: 3\r\n\r\n", b"Content-Length: many\r\n\r\n"], ids=["missing", "bad"])
async def test_bad_header_and_valid_request_in_one_write(client, header):
    """When the next valid frame is already in the buffer the reader resynchronises on it."""
    body = json.dumps({"jsonrpc": "2.0", "id": 6161, "method": "workspace/executeCommand",
                       "params": {"command": "isolint.explain", "arguments": ["global-mutable-state"]}}).encode()
    client.send_raw_bytes(header + b'{"jsonrpc":"2.0","id":78,"method":"shutdown"}' + frame(body))
    r = await client.wait_response(6161, timeout=3)
    assert r["result"].startswith("# global-mutable-state")
    assert client.response(78) is None
    assert [m["error"]["code"] for m in client.raw if "error" in m and m.get("id") is None] == [-32700]


async def test_many_malformed_frames_in_one_write_then_valid(client):
    data = (frame(b"{bad") + frame(b"nul") + frame(b"[]") + frame(b'{"jsonrpc":"2.0","method":"initialized"') +
            frame(json.dumps({"jsonrpc": "2.0", "id": 4242, "method": "workspace/executeCommand",
                              "params": {"command": "isolint.explain", "arguments": ["global-mutable-state"]}}).encode()))
    client.send_raw_bytes(data)
    r = await client.wait_response(4242)
    assert r["result"].startswith("# global-mutable-state")
    errs = null_id_errors(client)
    assert [e["code"] for e in errs] == [-32700, -32700, -32600, -32700]


async def test_frames_split_across_writes_and_utf8_bodies(client):
    """Content-Length counts bytes: a raw UTF-8 body (not \\u-escaped) in byte-sized pieces."""
    uri = "file:///tmp/split-é.swift"
    text = 'let s = "é😀"; var globalCount = 0\n'
    body = json.dumps({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "swift", "version": 1, "text": text}}}, ensure_ascii=False).encode("utf-8")
    data = frame(body)
    for i in range(0, len(data), 7):
        client.send_raw_bytes(data[i:i + 7])
        await client._server.stdin.drain()
        await asyncio.sleep(0)
    p = await client.wait_publish(uri, 1)
    assert [d["range"] for d in p["diagnostics"]] == [
        {"start": {"line": 0, "character": 15}, "end": {"line": 0, "character": 30}}]


async def test_bad_header_then_lowercase_header_in_one_write(client):
    body = json.dumps({"jsonrpc": "2.0", "id": 6262, "method": "workspace/executeCommand",
                       "params": {"command": "isolint.explain", "arguments": ["global-mutable-state"]}}).encode()
    client.send_raw_bytes(b"X-Not-Length: 3\r\n\r\n{}" + b"content-length: %d\r\n\r\n" % len(body) + body)
    r = await client.wait_response(6262, timeout=1)
    assert r["result"].startswith("# global-mutable-state")


async def test_lowercase_and_extra_headers(client):
    body = json.dumps({"jsonrpc": "2.0", "id": 5151, "method": "workspace/executeCommand",
                       "params": {"command": "isolint.explain", "arguments": ["global-mutable-state"]}}).encode()
    client.send_raw_bytes(b"content-length: %d\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n" % len(body) + body)
    r = await client.wait_response(5151)
    assert r["result"].startswith("# global-mutable-state")


async def test_set_trace_and_unknown_notifications_are_ignored(client):
    client.notify("$/setTrace", {"value": "verbose"})
    client.notify("$/cancelRequest", {"id": "never-sent"})
    await explain_still_works(client)
