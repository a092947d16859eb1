"""Push diagnostics (exact values, encodings, sync kinds, ordering, close) and pull diagnostics."""

from __future__ import annotations

import asyncio
import random

import pytest
from lsprotocol import types

from conftest import apply_edits, codes, find_position, offset_of, position_of

HAZARDS = """import Foundation

var counter = 0
let s = "é😀"; var globalCount = 0

class Model: ObservableObject {
    @Published var name = ""
}

struct Thing {
    static var shared = Thing()
}
"""

MSG_GLOBAL = ("Global variable '{}' is nonisolated shared mutable state: any task can read and write it at once, "
              "and Swift 6 rejects it. Isolate it to a global actor, make it a constant, or protect it and opt out explicitly.")
MSG_STATIC = ("Static property '{}' is nonisolated shared mutable state: any task can read and write it at once, "
              "and Swift 6 rejects it. Isolate it to a global actor, make it a constant, or protect it and opt out explicitly.")
MSG_OBSERVABLE = ("'{}' is an ObservableObject but is not @MainActor: SwiftUI reads it on the main thread, so every "
                  "mutation from a Task or callback is a data race.")

# Columns of `var globalCount` on the line after "é😀": 18..33 in UTF-8 bytes, 15..30 in UTF-16
# code units, 14..29 in code points.
GLOBAL_COUNT_COLUMNS = {"utf-8": (18, 33), "utf-16": (15, 30), "utf-32": (14, 29)}


def rng(l1, c1, l2, c2):
    return {"start": {"line": l1, "character": c1}, "end": {"line": l2, "character": c2}}


def expected_hazards(uri: str, version: int, encoding: str) -> list[dict]:
    a, b = GLOBAL_COUNT_COLUMNS[encoding]
    rows = [
        (rng(2, 0, 2, 11), 1, "global-mutable-state", MSG_GLOBAL.format("counter")),
        (rng(3, a, 3, b), 1, "global-mutable-state", MSG_GLOBAL.format("globalCount")),
        (rng(5, 0, 5, 5), 2, "observable-object-missing-main-actor", MSG_OBSERVABLE.format("Model")),
        (rng(10, 11, 10, 21), 1, "global-mutable-state", MSG_STATIC.format("shared")),
    ]
    return [
        {"range": r, "severity": sev, "code": code, "source": "isolint", "message": msg,
         "data": {"version": version, "index": i}}
        for i, (r, sev, code, msg) in enumerate(rows)
    ]


PULL_CAPABILITIES = {"textDocument": {"diagnostic": {"dynamicRegistration": False, "relatedDocumentSupport": False}}}

ENCODINGS = {"utf-8": ["utf-8", "utf-16"], "utf-16": None, "utf-32": ["utf-32", "utf-16"]}


async def start_with_encoding(start, encoding):
    c = await start()
    offered = ENCODINGS[encoding]
    await c.initialize({} if offered is None else {"general": {"positionEncodings": offered}})
    assert c.encoding == encoding
    return c


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
async def test_did_open_publishes_exact_diagnostics(start, encoding):
    c = await start_with_encoding(start, encoding)
    uri = f"file:///tmp/hazards-{encoding}.swift"
    c.open(uri, HAZARDS, version=7)
    p = await c.wait_settled(uri, 7)
    assert p == {"uri": uri, "version": 7, "diagnostics": expected_hazards(uri, 7, encoding)}




async def test_first_publish_is_final(client):
    uri = "file:///tmp/first-publish.swift"
    client.open(uri, HAZARDS)
    first = await client.wait_publish(uri, 1)
    await client.wait_settled(uri, 1)
    assert len(client.publishes(uri)) == 1, [codes(p) for p in client.publishes(uri)]
    assert first == {"uri": uri, "version": 1, "diagnostics": expected_hazards(uri, 1, "utf-16")}


async def test_first_pull_is_final(start):
    c = await start()
    await c.initialize(PULL_CAPABILITIES)
    uri = "file:///tmp/first-pull.swift"
    c.open(uri, HAZARDS)
    first = await c.result("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    await asyncio.sleep(0.6)
    again = await c.result("textDocument/diagnostic", {"textDocument": {"uri": uri}, "previousResultId": first["resultId"]})
    assert again == {"kind": "unchanged", "resultId": first["resultId"]}
    assert first["items"] == expected_hazards(uri, 1, "utf-16")


@pytest.mark.parametrize("encoding", ["utf-8", "utf-16", "utf-32"])
async def test_incremental_edits_use_the_negotiated_encoding(start, encoding):
    c = await start_with_encoding(start, encoding)
    uri = f"file:///tmp/edit-{encoding}.swift"
    c.open(uri, HAZARDS)
    await c.wait_publish(uri, 1)
    a, b = GLOBAL_COUNT_COLUMNS[encoding]
    # Rename `globalCount` (after "é😀" on the same line) to `gc`, and insert two spaces before `var`.
    name_start = a + len("var ")
    c.change(uri, 2, [{"range": rng(3, name_start, 3, name_start + len("globalCount")), "text": "gc"}])
    c.change(uri, 3, [{"range": rng(3, a, 3, a), "text": "  "}])
    p = await c.wait_publish(uri, 3)
    d = p["diagnostics"][1]
    assert d["message"] == MSG_GLOBAL.format("gc")
    assert d["range"] == rng(3, a + 2, 3, a + 2 + len("var gc"))
    assert d["data"] == {"version": 3, "index": 1}
    assert codes(p) == ["global-mutable-state"] * 2 + ["observable-object-missing-main-actor", "global-mutable-state"]


async def test_full_document_change(client):
    uri = "file:///tmp/full.swift"
    client.open(uri, HAZARDS)
    await client.wait_publish(uri, 1)
    client.change(uri, 2, [{"text": "struct Clean {}\nvar again = 1\n"}])
    p = await client.wait_publish(uri, 2)
    assert p == {"uri": uri, "version": 2, "diagnostics": [
        {"range": rng(1, 0, 1, 9), "severity": 1, "code": "global-mutable-state", "source": "isolint",
         "message": MSG_GLOBAL.format("again"), "data": {"version": 2, "index": 0}}]}
    client.change(uri, 3, [{"text": "let fine = 1\n"}])
    p = await client.wait_publish(uri, 3)
    assert p == {"uri": uri, "version": 3, "diagnostics": []}


async def test_several_changes_in_one_notification_apply_in_order(client):
    uri = "file:///tmp/multi.swift"
    client.open(uri, "let a = 1\n")
    await client.wait_publish(uri, 1)
    client.change(uri, 2, [
        {"text": "let a = 1\nlet b = 2\n"},                       # full replacement first
        {"range": rng(1, 0, 1, 3), "text": "var"},                 # then `let b` -> `var b`
        {"range": rng(2, 0, 2, 0), "text": "var c = 3\n"},         # then a new last line
        {"range": rng(2, 4, 2, 5), "text": "cc"},                  # relative to the text just made
    ])
    p = await client.wait_publish(uri, 2)
    assert [(d["range"], d["message"]) for d in p["diagnostics"]] == [
        (rng(1, 0, 1, 5), MSG_GLOBAL.format("b")),
        (rng(2, 0, 2, 6), MSG_GLOBAL.format("cc")),
    ]


async def test_edit_positions_past_the_end_clamp(client):
    uri = "file:///tmp/clamp.swift"
    client.open(uri, "let a = 1\n")
    await client.wait_publish(uri, 1)
    # A column past the line end clamps to it; a line past the end clamps to the end of file.
    client.change(uri, 2, [{"range": rng(0, 99, 0, 99), "text": " // x"}, {"range": rng(50, 0, 50, 0), "text": "var z = 0\n"}])
    p = await client.wait_publish(uri, 2)
    assert [(d["range"], d["message"]) for d in p["diagnostics"]] == [(rng(1, 0, 1, 5), MSG_GLOBAL.format("z"))]


async def test_rapid_incremental_edits_publish_in_order(client, start):
    """50 typing-like edits sent back to back: no publish older than one already published,
    and the last publish is for the last version, with the right findings."""
    uri = "file:///tmp/typing.swift"
    text = HAZARDS * 20  # 240 lines
    client.open(uri, text)
    assert len((await client.wait_publish(uri, 1))["diagnostics"]) == 80
    rnd = random.Random(1234)
    encoding = client.encoding
    version = 1
    for i in range(50):
        version += 1
        line = rnd.randrange(0, text.count("\n"))
        line_start = offset_of(text, {"line": line, "character": 0}, encoding)
        line_text = text[line_start:text.index("\n", line_start)]
        if i % 5 == 4 and line_text:
            # delete one character
            k = rnd.randrange(0, len(line_text))
            first = position_of(text, line_start + k, encoding)
            last_ = position_of(text, line_start + k + 1, encoding)
            change = {"range": {"start": first, "end": last_}, "text": ""}
        else:
            # type one character at the end of the line (a comment keeps the code valid)
            suffix = " //" if "//" not in line_text else ""
            at = position_of(text, line_start + len(line_text), encoding)
            change = {"range": {"start": at, "end": at}, "text": suffix + "abcdefghij"[i % 10]}
        text = apply_edits(text, [{"range": change["range"], "newText": change["text"]}], encoding)
        client.change(uri, version, [change])
    last = await client.wait_publish(uri, version)
    await asyncio.sleep(0.3)  # stragglers would arrive now
    versions = [p["version"] for p in client.publishes(uri)]
    assert versions == sorted(versions), versions
    assert versions[-1] == version == 51
    assert client.publishes(uri)[-1] is not None and client.publishes(uri)[-1]["version"] == 51
    # The server's text equals ours: the same text opened in a fresh server gives the same
    # findings (both once settled: the server may re-publish after its index re-merge).
    last = await client.wait_settled(uri, version)
    fresh_server = await start()
    await fresh_server.initialize({})
    fresh_server.open(uri, text)
    fresh = await fresh_server.wait_settled(uri, 1)
    strip = lambda p: [(d["range"], d["code"], d["message"], d["severity"]) for d in p["diagnostics"]]
    assert strip(last) == strip(fresh)
    assert len(last["diagnostics"]) > 20


async def test_did_close_clears_diagnostics(client):
    uri = "file:///tmp/close.swift"
    client.open(uri, HAZARDS)
    await client.wait_publish(uri, 1)
    n = len(client.publishes(uri))
    client.close(uri)
    p = await client.wait_publish(uri, after=n)
    assert p == {"uri": uri, "diagnostics": []}
    # Requests on the closed document are invalid; a re-open (even with a lower version) publishes.
    r = await client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 1}})
    assert r["error"]["code"] == -32602
    client.open(uri, "var again = 0\n", version=0)
    p = await client.wait_publish(uri, 0)
    assert codes(p) == ["global-mutable-state"]


async def test_change_without_version_and_for_unopened_document(client):
    uri = "file:///tmp/noversion.swift"
    client.open(uri, "let a = 1\n", version=4)
    await client.wait_publish(uri, 4)
    client.notify("textDocument/didChange", {"textDocument": {"uri": uri}, "contentChanges": [{"text": "var a = 1\n"}]})
    p = await client.wait_publish(uri, 5)
    assert codes(p) == ["global-mutable-state"]
    # A change to a document that is not open is ignored; the server keeps working.
    client.change("file:///tmp/not-open.swift", 2, [{"text": "var x = 1\n"}])
    client.change(uri, 6, [{"text": "let a = 1\n"}])
    p = await client.wait_publish(uri, 6)
    assert p["diagnostics"] == []
    assert client.publishes("file:///tmp/not-open.swift") == []


async def test_percent_encoded_uri_round_trips(client):
    uri = "file:///tmp/with%20space/caf%C3%A9.swift"
    client.open(uri, "var x = 1\n")
    p = await client.wait_publish(uri, 1)
    assert p["uri"] == uri and p["diagnostics"][0]["data"] == {"version": 1, "index": 0}


async def test_rule_configuration_from_initialization_options(start):
    c = await start()
    await c.initialize({}, initializationOptions={
        "rules": {"global-mutable-state": "hint", "observable-object-missing-main-actor": "off"},
        "docsBaseURL": "https://example.invalid/rules/"})
    uri = "file:///tmp/config.swift"
    c.open(uri, HAZARDS)
    p = await c.wait_publish(uri, 1)
    assert codes(p) == ["global-mutable-state"] * 3
    d = p["diagnostics"][0]
    assert d == {"range": rng(2, 0, 2, 11), "severity": 4, "code": "global-mutable-state",
                 "codeDescription": {"href": "https://example.invalid/rules/global-mutable-state"},
                 "source": "isolint", "message": MSG_GLOBAL.format("counter"),  # a user's "hint" is not faded (no tags)
                 "data": {"version": 1, "index": 0}}


# -- pull diagnostics ------------------------------------------------------------------------

PULL = PULL_CAPABILITIES


async def test_pull_diagnostics_full_then_unchanged(start):
    c = await start()
    await c.initialize(PULL)
    uri = "file:///tmp/pull.swift"
    c.open(uri, HAZARDS)
    await asyncio.sleep(0.6)  # past the index re-merge (see test_first_pull_is_final)
    typed, first = await c.typed(types.TEXT_DOCUMENT_DIAGNOSTIC, types.DocumentDiagnosticParams(
        text_document=types.TextDocumentIdentifier(uri=uri)))
    assert isinstance(typed, types.RelatedFullDocumentDiagnosticReport)
    assert first["kind"] == "full" and isinstance(first["resultId"], str)
    assert first["items"] == expected_hazards(uri, 1, "utf-16")
    second = await c.result("textDocument/diagnostic", {"textDocument": {"uri": uri}, "previousResultId": first["resultId"]})
    assert second == {"kind": "unchanged", "resultId": first["resultId"]}
    # A stale previousResultId gets the full report again.
    third = await c.result("textDocument/diagnostic", {"textDocument": {"uri": uri}, "previousResultId": "nope"})
    assert third == first
    # After an edit: a new result id and the new findings.
    c.change(uri, 2, [{"text": "let fine = 1\n"}])
    fourth = await c.result("textDocument/diagnostic", {"textDocument": {"uri": uri}, "previousResultId": first["resultId"]})
    assert fourth["kind"] == "full" and fourth["items"] == [] and fourth["resultId"] != first["resultId"]
    # workspace/diagnostic: every open document, `unchanged` for the ids the client has.
    ws = await c.result("workspace/diagnostic", {"previousResultIds": []})
    assert ws == {"items": [{"uri": uri, "version": 2, "kind": "full", "resultId": fourth["resultId"], "items": []}]}
    ws = await c.result("workspace/diagnostic", {"previousResultIds": [{"uri": uri, "value": fourth["resultId"]}]})
    assert ws == {"items": [{"uri": uri, "version": 2, "kind": "unchanged", "resultId": fourth["resultId"]}]}
    # Close: no push (the client pulls), and pulling a closed document is invalid.
    c.close(uri)
    r = await c.request("textDocument/diagnostic", {"textDocument": {"uri": uri}})
    assert r["error"]["code"] == -32602
    await asyncio.sleep(0.2)
    assert c.notifications("textDocument/publishDiagnostics") == []
