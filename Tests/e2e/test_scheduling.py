"""Scheduling: one document's analysis never holds up another document, nor does a client's
slowness hold up the server. Through the real executable over pipes (rawclient)."""

from __future__ import annotations

import asyncio
import time

import pytest

from rawclient import RawClient, big_clean_swift

SMALL = "file:///tmp/isolint-sched/Small.swift"
BIG = "file:///tmp/isolint-sched/Big.swift"


@pytest.fixture
async def raw():
    clients: list[RawClient] = []

    async def _start(**kw) -> RawClient:
        c = await RawClient.start(**kw)
        clients.append(c)
        return c

    yield _start
    for c in clients:
        await c.close()


async def test_hover_on_one_file_answers_within_50ms_while_a_10mb_file_is_analysed(raw):
    c = await raw()
    await c.initialize({})
    c.open(SMALL, "var counter = 0\n")
    await c.wait_publish(SMALL, 1)
    big = big_clean_swift(10)
    assert len(big.encode()) >= 10_000_000
    c.open(BIG, big)
    await c.drain()
    # The first hover after the didOpen also waits for the 10 MB frame to be read and decoded.
    await c.request("textDocument/hover", c.hover_params(SMALL, 0, 5), timeout=30)
    latencies = []
    for k in range(20):
        sent = time.monotonic()
        msg_id = c.send_request("textDocument/hover", c.hover_params(SMALL, 0, 5))
        r = await c.wait_response(msg_id)
        latencies.append((c.arrival[c.messages.index(r)] - sent) * 1000)
        assert r["result"]["contents"]["value"].startswith("**isolint · global-mutable-state**")
        if k == 10:
            # An edit of the small file is analysed and published meanwhile too.
            c.change(SMALL, 2, [{"text": "var counter = 0\nvar other = 1\n"}])
            p = await c.wait_publish(SMALL, 2, timeout=2)
            assert [d["code"] for d in p["diagnostics"]] == ["global-mutable-state"] * 2
    # All of that happened while the big file was still being analysed.
    assert c.publishes(BIG) == [], "the 10 MB analysis ended too soon to show anything"
    print(f"hover latency during a 10 MB analysis: max {max(latencies):.1f} ms, "
          f"median {sorted(latencies)[10]:.1f} ms")
    assert max(latencies) < 50, latencies
    p = await c.wait_publish(BIG, 1, timeout=120)
    assert [d["code"] for d in p["diagnostics"]] == ["global-mutable-state"]
    assert await c.shutdown_and_exit() == 0


async def test_a_burst_of_edits_during_a_slow_analysis_never_publishes_a_stale_version(raw):
    c = await raw()
    await c.initialize({})
    big = big_clean_swift(3)
    c.open(BIG, big)
    # Each edit appends a global var: version v has v findings.
    for v in range(2, 12):
        c.change(BIG, v, [{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}},
                           "text": f"var g{v} = {v}\n"}])
    p = await c.wait_publish(BIG, 11, timeout=120)
    assert len(p["diagnostics"]) == 11
    await asyncio.sleep(0.5)
    versions = [q["version"] for q in c.publishes(BIG)]
    # Nothing for a version older than one already published, and nothing before the last edit
    # that is not the last version (older analyses are cancelled before they publish).
    assert versions == sorted(versions) and set(versions) == {11}, versions
    assert await c.shutdown_and_exit() == 0


async def test_cancel_request_answers_request_cancelled_for_a_request_waiting_on_an_analysis(raw):
    c = await raw()
    await c.initialize({})
    c.open(BIG, big_clean_swift(3))
    ids = [c.send_request("textDocument/hover", c.hover_params(BIG, 0, 5)) for _ in range(3)]
    diag_id = c.send_request("textDocument/diagnostic", {"textDocument": {"uri": BIG}})
    started = time.monotonic()
    for msg_id in ids[:2] + [diag_id]:
        c.notify("$/cancelRequest", {"id": msg_id})
    for msg_id in ids[:2] + [diag_id]:
        r = await c.wait_response(msg_id, timeout=5)
        assert r == {"jsonrpc": "2.0", "id": msg_id, "error": {"code": -32800, "message": "cancelled"}}
    # At once, not after the analysis.
    assert time.monotonic() - started < 1.0
    assert c.publishes(BIG) == []
    # The one not cancelled is answered once the analysis is done, and nothing twice.
    r = await c.wait_response(ids[2], timeout=120)
    assert r["result"]["contents"]["value"].startswith("**isolint · global-mutable-state**")
    await asyncio.sleep(0.2)
    assert all(len(c.responses(i)) == 1 for i in ids + [diag_id])
    assert await c.shutdown_and_exit() == 0


async def test_a_client_that_never_answers_the_servers_requests_holds_up_nothing(raw):
    # A pull client with every server → client request this server sends: configuration,
    # registration, progress, diagnostic and inlay hint refreshes, applyEdit. None is answered.
    c = await raw()
    caps = {
        "workspace": {"configuration": True, "applyEdit": True, "diagnostics": {"refreshSupport": True},
                      "inlayHint": {"refreshSupport": True},
                      "didChangeWatchedFiles": {"dynamicRegistration": True}},
        "window": {"workDoneProgress": True},
        "textDocument": {"diagnostic": {}},
    }
    await c.initialize(caps)
    await c.wait_for(lambda: c.server_requests("workspace/configuration"), what="workspace/configuration")
    uri = "file:///tmp/isolint-sched/Pull.swift"
    c.open(uri, "var counter = 0\n")
    r = await c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}, timeout=2)
    assert [d["code"] for d in r["result"]["items"]] == ["global-mutable-state"]
    # A settings change asks for the configuration again and (after it) refreshes: unanswered.
    c.notify("workspace/didChangeConfiguration", {"settings": {"isolint": {"rules": {"global-mutable-state": "off"}}}})
    await c.wait_for(lambda: c.server_requests("workspace/diagnostic/refresh"), what="a diagnostic refresh")
    fix_id = c.send_request("workspace/executeCommand", {"command": "isolint.explain",
                                                          "arguments": ["global-mutable-state"]})
    assert "result" in await c.wait_response(fix_id, timeout=2)
    r = await c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}}, timeout=2)
    assert r["result"]["items"] == []
    for k in range(5):
        r = await c.request("textDocument/hover", c.hover_params(uri, 0, 5), timeout=1)
        assert "result" in r
    assert await c.shutdown_and_exit() == 0
