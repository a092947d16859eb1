"""A hostile client against the real `isolint lsp`: malformed, overlong, oversized and out-of-
order input, a client that never reads. After each, the server answers as the specification
says and is still correct (`still_correct`: a fresh document is linted and hovered)."""

from __future__ import annotations

import asyncio
import json

import pytest

from rawclient import RawClient, big_clean_swift

URI = "file:///tmp/isolint-hostile/A.swift"


@pytest.fixture
async def raw():
    clients: list[RawClient] = []

    async def _start(initialize: bool = True, **kw) -> RawClient:
        c = await RawClient.start(**kw)
        clients.append(c)
        if initialize:
            await c.initialize({})
        return c

    yield _start
    for c in clients:
        await c.close()


def frame(body: bytes, length: int | None = None) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % (len(body) if length is None else length) + body


def null_errors(c: RawClient) -> list[dict]:
    return [m["error"] for m in c.messages if "error" in m and m.get("id") is None]


SHUTDOWN_LIKE = b'{"jsonrpc":"2.0","id":"after","method":"workspace/executeCommand","params":{"command":"isolint.explain","arguments":["global-mutable-state"]}}'


@pytest.mark.parametrize(
    "data, error",
    [
        (frame(b"{not json"), {"code": -32700, "message": "invalid JSON: expected a string key at byte 1"}),
        (b"Content-Length: 12x\r\n\r\n{}", {"code": -32700, "message": "invalid Content-Length '12x'"}),
        (b"Content-Type: text/plain\r\n\r\n{}", {"code": -32700, "message": "missing Content-Length header"}),
        # Overlong: claims 40 bytes more than it has; the next frame's header ends it.
        (frame(b'{"jsonrpc":"2.0","id":5,"method":"shutdown"}', 44 + 40),
         {"code": -32700, "message": "Content-Length 84 overstates the message: another message begins after 44 bytes"}),
        # A header and no body at all.
        (b"Content-Length: 300\r\n\r\n",
         {"code": -32700, "message": "Content-Length 300 overstates the message: another message begins after 0 bytes"}),
        (frame(b"[" * 10_000 + b"]" * 10_000), {"code": -32700, "message": "invalid JSON: nesting deeper than 256 at byte 256"}),
        (frame(b'[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]'),
         {"code": -32600, "message": "batch messages are not supported: LSP sends one message per frame"}),
        (frame(b'{"jsonrpc":"2.0","id":{"a":1},"method":"x"}'), {"code": -32600, "message": "an id must be a string or a number"}),
        (frame(b'{"jsonrpc":"1.0","method":"x"}'), {"code": -32600, "message": 'a message must carry "jsonrpc": "2.0"'}),
    ],
    ids=["invalid-json", "wrong-length", "missing-length", "overlong-length", "header-without-body",
         "nested-10000", "batch", "object-id", "jsonrpc-1"],
)
async def test_a_bad_frame_then_a_request_in_the_same_write(raw, data, error):
    """The request right behind the bad frame is answered, with nothing more written after it."""
    c = await raw()
    c.write(data + frame(SHUTDOWN_LIKE))
    r = await c.wait_response("after", timeout=3)
    assert r["result"].startswith("# global-mutable-state")
    assert null_errors(c) == [error]
    await c.still_correct()
    assert await c.shutdown_and_exit() == 0


async def test_a_50mb_message_is_refused_with_bounded_memory(raw):
    c = await raw()
    await c.still_correct()
    before = c.rss_kb()
    size = 50 << 20
    c.write(b"Content-Length: %d\r\n\r\n" % size)
    chunk = b'{"jsonrpc":"2.0","method":"x","params":{"pad":"' + b"x" * (1 << 20)
    for _ in range(50):
        c.write(chunk[: 1 << 20])
        await c.drain()
    c.write(b"x" * (size - 50 * (1 << 20)))
    await c.drain()
    await c.wait_for(lambda: null_errors(c), what="the too-large error")
    assert null_errors(c) == [{"code": -32600, "message": f"a message of {size} bytes exceeds the limit of 33554432 bytes; skipped"}]
    grew_mb = (c.rss_kb() - before) / 1024
    print(f"RSS growth while a 50 MB message streamed by: {grew_mb:.1f} MB")
    assert grew_mb < 20
    await c.still_correct()
    assert await c.shutdown_and_exit() == 0


async def test_requests_before_initialize_and_after_shutdown(raw):
    c = await raw(initialize=False)
    r = await c.request("textDocument/hover", c.hover_params(URI, 0, 0))
    assert r["error"] == {"code": -32002, "message": "the server is not initialized"}
    c.open(URI, "var x = 1\n")  # dropped: not initialized
    await c.initialize({})
    r = await c.request("textDocument/hover", c.hover_params(URI, 0, 0))
    assert r["error"] == {"code": -32602, "message": f"document not open: {URI}"}
    await c.still_correct()
    r = await c.request("shutdown")
    assert r["result"] is None
    r = await c.request("textDocument/hover", c.hover_params(URI, 0, 0))
    assert r["error"] == {"code": -32600, "message": "the server is shut down"}
    c.notify("exit")
    assert await asyncio.wait_for(c.proc.wait(), 5) == 0


async def test_unknown_methods_and_notifications_with_ids(raw):
    c = await raw()
    r = await c.request("textDocument/unknownThing", {})
    assert r["error"] == {"code": -32601, "message": "method not found: textDocument/unknownThing"}
    c.notify("$/unknownNotification", {"x": 1})  # ignored, no answer
    # A notification's method sent with an id is a request for a method that is not one.
    msg_id = c.send_request("textDocument/didOpen",
                            {"textDocument": {"uri": URI, "languageId": "swift", "version": 1, "text": "var a = 1\n"}})
    r = await c.wait_response(msg_id)
    assert r["error"] == {"code": -32601, "message": "method not found: textDocument/didOpen"}
    r = await c.request("textDocument/hover", c.hover_params(URI, 0, 0))
    assert r["error"]["code"] == -32602  # it did not open the document
    await c.still_correct()
    assert not [m for m in c.messages if "error" in m and m.get("id") is None]
    assert await c.shutdown_and_exit() == 0


async def test_positions_past_the_end_and_edits_of_unknown_or_closed_documents(raw):
    c = await raw()
    c.open(URI, "var counter = 0\n")
    await c.wait_publish(URI, 1)
    r = await c.request("textDocument/hover", c.hover_params(URI, 10**6, 10**6))
    assert r == {"jsonrpc": "2.0", "id": r["id"], "result": None}
    r = await c.request("textDocument/hover", c.hover_params(URI, 0, 10**6))
    assert "result" in r
    r = await c.request("textDocument/hover", c.hover_params(URI, 2**63 - 1, 2**63 - 1))
    assert r["result"] is None
    r = await c.request("textDocument/hover", c.hover_params(URI, 0, 2**63 - 1))
    assert "result" in r
    r = await c.request("textDocument/hover", c.hover_params(URI, -5, -5))
    assert "result" in r
    far = {"start": {"line": 10**6, "character": 0}, "end": {"line": 10**6 + 1, "character": 5}}
    r = await c.request("textDocument/codeAction", {"textDocument": {"uri": URI}, "range": far, "context": {"diagnostics": []}})
    assert "result" in r
    # An edit past the end appends (positions clamp to the end, as editors do).
    c.change(URI, 2, [{"range": far, "text": "var more = 1\n"}])
    p = await c.wait_publish(URI, 2)
    assert [d["code"] for d in p["diagnostics"]] == ["global-mutable-state"] * 2
    c.change("file:///tmp/isolint-hostile/Unknown.swift", 2, [{"text": "var x = 1\n"}])
    c.notify("textDocument/didClose", {"textDocument": {"uri": URI}})
    c.change(URI, 3, [{"text": "var x = 1\n"}])
    await c.still_correct()
    # Closed: the empty publish is the last word about it; the edit after the close changed nothing.
    assert c.publishes(URI)[-1] == {"uri": URI, "diagnostics": []}
    assert not [m for m in c.messages if "error" in m]
    assert await c.shutdown_and_exit() == 0


async def test_did_open_twice_the_second_text_wins(raw):
    c = await raw()
    c.open(URI, "var a = 1\nvar b = 2\n", version=1)
    c.open(URI, "let fine = 1\n", version=1)
    await asyncio.sleep(0.5)
    last = c.publishes(URI)[-1]
    assert last["diagnostics"] == [], c.publishes(URI)
    r = await c.request("textDocument/diagnostic", {"textDocument": {"uri": URI}})
    assert r["result"]["items"] == []
    await c.still_correct()
    assert await c.shutdown_and_exit() == 0


async def test_non_utf8_text_and_nested_brackets_in_a_document(raw):
    c = await raw()
    body = (b'{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"' + URI.encode()
            + b'","languageId":"swift","version":1,"text":"var bad = \xff\xfe 1\\n"}}}')
    c.write(frame(body))
    deep = "let x = " + "[" * 10_000 + "]" * 10_000 + "\nvar counter = 0\n"
    deep_uri = "file:///tmp/isolint-hostile/Deep.swift"
    c.open(deep_uri, deep)
    p = await c.wait_publish(deep_uri, 1, timeout=30)
    assert "global-mutable-state" in [d["code"] for d in p["diagnostics"]]
    await c.still_correct()
    assert await c.shutdown_and_exit() == 0


async def test_a_10mb_document(raw):
    c = await raw()
    uri = "file:///tmp/isolint-hostile/Big.swift"
    c.open(uri, big_clean_swift(10))
    p = await c.wait_publish(uri, 1, timeout=120)
    assert [d["code"] for d in p["diagnostics"]] == ["global-mutable-state"]
    r = await c.request("textDocument/hover", c.hover_params(uri, 0, 5))
    assert r["result"]["contents"]["value"].startswith("**isolint · global-mutable-state**")
    await c.still_correct()
    assert await c.shutdown_and_exit() == 0


async def test_a_client_that_never_reads_costs_bounded_memory(raw):
    # The output limit lowered to 8 MB (ISOLINT_LSP_OUTPUT_LIMIT_MB), so that a few seconds of
    # answers overflow it.
    c = await raw(initialize=False, read=False, env={"ISOLINT_LSP_OUTPUT_LIMIT_MB": "8"})
    c.send_request("initialize", {"processId": None, "rootUri": None, "capabilities": {}})
    c.notify("initialized", {})
    explain = {"command": "isolint.explain", "arguments": ["sendable-closure-touches-main-actor"]}
    await asyncio.sleep(0.5)
    base = c.rss_kb()
    # About 10 MB of answers, none read.
    for k in range(20_000):
        c.send_request("workspace/executeCommand", explain)
        if k % 1000 == 0:
            await c.drain()
    await c.drain()
    await asyncio.sleep(1)
    grew_mb = (c.rss_kb() - base) / 1024
    print(f"RSS growth with ~10 MB of answers unread (limit 8 MB): {grew_mb:.1f} MB")
    assert grew_mb < 8 + 24
    c.reading.set()
    # Read what was kept, until the server has nothing more to say.
    while True:
        n = len(c.messages)
        await asyncio.sleep(0.5)
        if len(c.messages) == n:
            break
    assert 0 < len(c.messages) < 20_000  # those past the limit were dropped
    await c.still_correct()
    assert await c.shutdown_and_exit() == 0
