"""Workspace indexing: cross-file findings, $/progress, watched files, didSave, configuration."""

from __future__ import annotations

import asyncio
import json
import pathlib
import subprocess

import pytest

from conftest import ISOLINT
from test_diagnostics import PULL, rng

STORE_MAIN = "@MainActor\nfinal class Store {\n    var items: [String] = []\n}\n"
STORE_PLAIN = "final class Store {\n    var items: [String] = []\n}\n"
# In B.swift: only redundant when the index says Store is @MainActor (declared in A.swift).
EXTENSION = """import Foundation

extension Store {
    func reload() {
        DispatchQueue.main.async {
            self.items = []
        }
    }
}
"""
REDUNDANT = {
    "range": rng(4, 8, 4, 32), "severity": 2, "code": "redundant-main-dispatch", "source": "isolint",
    "message": "Already on the main actor here (Store is @MainActor): 'DispatchQueue.main.async' only defers the work to a later run-loop turn.",
}


def has_redundant(p: dict) -> bool:
    return any(d["code"] == "redundant-main-dispatch" for d in p["diagnostics"])


@pytest.fixture
def workspace(tmp_path: pathlib.Path) -> pathlib.Path:
    (tmp_path / "A.swift").write_text(STORE_MAIN)
    (tmp_path / "B.swift").write_text(EXTENSION)
    return tmp_path


async def test_indexing_progress_and_cross_file_finding(start, workspace):
    c = await start()
    await c.initialize({"window": {"workDoneProgress": True}}, root=workspace)
    create = await c.wait_for(lambda: c.requests_from_server("window/workDoneProgress/create"), what="workDoneProgress/create")
    token = create[0]["params"]["token"]
    assert create[0]["params"] == {"token": token}

    def progress():
        return [m for m in c.raw if m.get("method") == "$/progress"]

    await c.wait_for(lambda: [m for m in progress() if m["params"]["value"]["kind"] == "end"], what="$/progress end")
    assert [m["params"] for m in progress()] == [
        {"token": token, "value": {"kind": "begin", "title": "isolint: indexing", "cancellable": True,
                                   "message": "0/2 files", "percentage": 0}},
        {"token": token, "value": {"kind": "report", "message": "2/2 files", "percentage": 100}},
        {"token": token, "value": {"kind": "end", "message": "2 files indexed"}},
    ]
    # create is a request the server waited on before the first $/progress.
    assert c.raw.index(create[0]) < c.raw.index(progress()[0])
    assert c.progress_reports[token][0].title == "isolint: indexing"  # pytest-lsp's own bookkeeping agrees

    b = (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    p = await c.wait_publish(b, 1)
    assert p == {"uri": b, "version": 1, "diagnostics": [{**REDUNDANT, "data": {"version": 1, "index": 0}}]}


async def test_no_progress_when_the_client_refuses_the_token(start, workspace):
    c = await start()
    c.refuse_progress = True
    await c.initialize({"window": {"workDoneProgress": True}}, root=workspace)
    (create,) = await c.wait_for(lambda: c.requests_from_server("window/workDoneProgress/create"), what="create")
    b = (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    await c.wait_publish(b, 1, where=has_redundant)  # indexing finished
    assert c.notifications("$/progress") == []


async def test_no_progress_without_work_done_progress_capability(start, workspace):
    c = await start()
    await c.initialize({}, root=workspace)
    b = (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    await c.wait_publish(b, 1, where=has_redundant)
    assert c.requests_from_server("window/workDoneProgress/create") == []
    assert c.notifications("$/progress") == []


async def test_open_before_indexing_ends_is_republished(start, workspace):
    c = await start()
    await c.initialize({}, root=workspace, initialized=False)
    b = (workspace / "B.swift").as_uri()
    c.notify("initialized", {})
    c.open(b, EXTENSION)
    p = await c.wait_publish(b, 1, where=has_redundant)
    assert p["diagnostics"][0]["range"] == REDUNDANT["range"]
    await asyncio.sleep(0.2)
    assert has_redundant(c.publishes(b)[-1])


async def test_watched_file_changes_update_cross_file_findings(start, workspace):
    c = await start()
    await c.initialize({}, root=workspace)
    a, b = workspace / "A.swift", (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    await c.wait_publish(b, 1, where=has_redundant)

    async def disk(text: str | None, change_type: int, expect_redundant: bool):
        n = len(c.publishes(b))
        if text is None:
            a.unlink()
        else:
            a.write_text(text)
        c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": a.as_uri(), "type": change_type}]})
        p = await c.wait_publish(b, 1, after=n)
        assert has_redundant(p) == expect_redundant, p
        assert p["version"] == 1  # same document version, new workspace state

    await disk(STORE_PLAIN, 2, False)   # A loses @MainActor: the dispatch is no longer redundant
    await disk(STORE_MAIN, 2, True)     # back
    await disk(None, 3, False)          # A deleted: Store unknown
    await disk(STORE_MAIN, 1, True)     # A created again


async def open_a_and_b(start, workspace):
    c = await start()
    await c.initialize({}, root=workspace)
    a, b = (workspace / "A.swift").as_uri(), (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    await c.wait_publish(b, 1, where=has_redundant)
    c.open(a, STORE_MAIN)
    await c.wait_settled(a, 1)
    assert has_redundant(c.publishes(b)[-1])
    return c, a, b


async def test_unsaved_edits_of_one_file_reach_the_others_after_a_pause(start, workspace):
    """An open document's buffer is the workspace's view of that file: dropping `@MainActor` from
    Store in A's buffer (unsaved) re-analyses B once the index re-merges (300 ms after typing)."""
    c, a, b = await open_a_and_b(start, workspace)
    n = len(c.publishes(b))
    c.change(a, 2, [{"range": rng(0, 0, 1, 0), "text": ""}])  # drop "@MainActor\n"
    p = await c.wait_publish(b, 1, after=n)
    assert not has_redundant(p), p
    # Saving that text changes nothing more.
    (workspace / "A.swift").write_text(STORE_PLAIN)
    c.notify("textDocument/didSave", {"textDocument": {"uri": a}})
    await asyncio.sleep(0.5)
    assert not has_redundant(c.publishes(b)[-1])
    # Typing it back.
    n = len(c.publishes(b))
    c.change(a, 3, [{"range": rng(0, 0, 0, 0), "text": "@MainActor\n"}])
    assert has_redundant(await c.wait_publish(b, 1, after=n))


async def test_closing_an_unsaved_document_restores_the_disk_view(start, workspace):
    c, a, b = await open_a_and_b(start, workspace)
    n = len(c.publishes(b))
    c.change(a, 2, [{"range": rng(0, 0, 1, 0), "text": ""}])  # drop "@MainActor\n", never saved
    assert not has_redundant(await c.wait_publish(b, 1, after=n))
    n = len(c.publishes(b))
    c.close(a)  # the editor discards the edit: A.swift on disk still says @MainActor
    p = await c.wait_publish(b, 1, after=n, timeout=1.2)  # the re-merge comes 300 ms after a change
    assert has_redundant(p)


async def test_open_document_is_not_analysed_against_its_own_stale_disk_index(start, tmp_path):
    same_file = STORE_MAIN + "\n" + EXTENSION.replace("import Foundation\n\n", "")
    (tmp_path / "A.swift").write_text("import Foundation\n" + same_file)
    c = await start()
    await c.initialize({"window": {"workDoneProgress": True}}, root=tmp_path)
    await c.wait_for(lambda: [m for m in c.notifications("$/progress") if m["value"]["kind"] == "end"], what="indexing")
    a = (tmp_path / "A.swift").as_uri()
    c.open(a, "import Foundation\n" + same_file)
    assert has_redundant(await c.wait_publish(a, 1))
    # Remove `@MainActor` (line 1) in the buffer: Store is no longer main-actor isolated.
    c.change(a, 2, [{"range": rng(1, 0, 2, 0), "text": ""}])
    p = await c.wait_settled(a, 2)  # the first publish of v2 may still be stale (FLICKER in test_diagnostics)
    # Control: the same edited text in a server without the workspace has no such finding.
    control = await start()
    await control.initialize({})
    control.open(a, "import Foundation\n" + same_file.replace("@MainActor\n", "", 1))
    assert not has_redundant(await control.wait_publish(a, 1))
    assert not has_redundant(p), p


POINT = "public struct Point {\n    public var x: Int\n    public var y: Int\n}\n"


async def test_open_workspace_file_has_the_same_findings_as_the_cli(start, tmp_path):
    (tmp_path / "P.swift").write_text(POINT)
    cli = subprocess.run([str(ISOLINT), "lint", str(tmp_path), "--format", "json", "--fail-on", "never"],
                         capture_output=True, text=True, check=True)
    assert [f["rule"] for f in json.loads(cli.stdout)] == ["public-type-missing-sendable"]
    c = await start()
    await c.initialize({"window": {"workDoneProgress": True}}, root=tmp_path)
    await c.wait_for(lambda: [m for m in c.notifications("$/progress") if m["value"]["kind"] == "end"], what="indexing")
    uri = (tmp_path / "P.swift").as_uri()
    c.open(uri, POINT)
    p = await c.wait_publish(uri, 1)
    assert [d["code"] for d in p["diagnostics"]] == ["public-type-missing-sendable"]


async def test_rapid_watched_file_toggles_settle_on_the_last_state(start, workspace):
    """Many workspace changes in a row: the last publish must match the last state on disk
    (all re-analyses are for the same document version, so the version guard cannot order them)."""
    c = await start()
    await c.initialize({}, root=workspace)
    a, b = workspace / "A.swift", (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION * 40)  # a larger document: each re-analysis takes a little while
    await c.wait_publish(b, 1, where=has_redundant)
    failures = []
    for round_ in range(4):
        state = True
        for i in range(15):
            state = not state
            a.write_text(STORE_MAIN if state else STORE_PLAIN)
            c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": a.as_uri(), "type": 2}]})
        await c.wait_publish(b, 1, where=lambda p: has_redundant(p) == state, after=len(c.publishes(b)) - 1)
        await asyncio.sleep(0.3)
        if has_redundant(c.publishes(b)[-1]) != state:
            failures.append(round_)
    assert failures == []


async def test_isolint_json_at_the_root(start, workspace):
    (workspace / ".isolint.json").write_text(json.dumps({"rules": {"redundant-main-dispatch": "info"}, "bogusKey": 1}))
    c = await start()
    await c.initialize({}, root=workspace)
    b = (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    p = await c.wait_publish(b, 1, where=has_redundant)
    assert p["diagnostics"][0]["severity"] == 3
    logs = await c.wait_for(lambda: [m for m in c.notifications("window/logMessage") if "bogusKey" in m["message"]], what="logMessage")
    assert logs[0]["type"] == 2
    assert logs[0]["message"].startswith("configuration: ") and logs[0]["message"].endswith("(ignored)")
    # Turning the rule off through a watched .isolint.json change re-analyses open documents.
    n = len(c.publishes(b))
    (workspace / ".isolint.json").write_text(json.dumps({"rules": {"redundant-main-dispatch": "off"}}))
    c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": (workspace / ".isolint.json").as_uri(), "type": 2}]})
    p = await c.wait_publish(b, 1, after=n)
    assert p["diagnostics"] == []


async def test_workspace_configuration_and_registration(start, workspace):
    c = await start()
    c.set_configuration({"rules": {"redundant-main-dispatch": "error"}}, section="isolint")
    await c.initialize({"workspace": {"configuration": True, "didChangeWatchedFiles": {"dynamicRegistration": True}}}, root=workspace)
    (conf,) = await c.wait_for(lambda: c.requests_from_server("workspace/configuration"), what="workspace/configuration")
    assert conf["params"] == {"items": [{"section": "isolint"}]}
    (reg,) = await c.wait_for(lambda: c.requests_from_server("client/registerCapability"), what="registerCapability")
    assert reg["params"] == {"registrations": [{"id": "isolint-watched-files", "method": "workspace/didChangeWatchedFiles",
                                                "registerOptions": {"watchers": [{"globPattern": "**/*.swift"},
                                                                                 {"globPattern": "**/Package.swift"},
                                                                                 {"globPattern": "**/.isolint.json"}]}}]}
    b = (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    p = await c.wait_publish(b, 1, where=has_redundant)
    assert p["diagnostics"][0]["severity"] == 1
    # didChangeConfiguration with the settings inline.
    n = len(c.publishes(b))
    c.notify("workspace/didChangeConfiguration", {"settings": {"isolint": {"rules": {"redundant-main-dispatch": "off"}}}})
    p = await c.wait_publish(b, 1, after=n)
    assert p["diagnostics"] == []
    # didChangeConfiguration without settings: the server asks again.
    c.set_configuration({"rules": {"redundant-main-dispatch": "hint"}}, section="isolint")
    n = len(c.publishes(b))
    c.notify("workspace/didChangeConfiguration", {"settings": None})
    p = await c.wait_publish(b, 1, after=n)
    assert [d["severity"] for d in p["diagnostics"]] == [4]


async def test_pull_mode_refresh_after_indexing(start, workspace):
    c = await start()
    await c.initialize({**PULL, "workspace": {"diagnostics": {"refreshSupport": True}}}, root=workspace)
    a = workspace / "A.swift"
    b = (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    await asyncio.sleep(0.3)
    first = await c.result("textDocument/diagnostic", {"textDocument": {"uri": b}})
    a.write_text(STORE_PLAIN)
    c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": a.as_uri(), "type": 2}]})
    await c.wait_for(lambda: c.requests_from_server("workspace/diagnostic/refresh"), timeout=2, what="workspace/diagnostic/refresh")
    again = await c.result("textDocument/diagnostic", {"textDocument": {"uri": b}, "previousResultId": first["resultId"]})
    assert again["kind"] == "full" and again["items"] == []
    assert c.notifications("textDocument/publishDiagnostics") == []


async def test_no_refresh_without_refresh_support(start, workspace):
    c = await start()
    await c.initialize(PULL, root=workspace)
    a, b = workspace / "A.swift", (workspace / "B.swift").as_uri()
    c.open(b, EXTENSION)
    await asyncio.sleep(0.5)
    a.write_text(STORE_PLAIN)
    c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": a.as_uri(), "type": 2}]})
    again = await c.result("textDocument/diagnostic", {"textDocument": {"uri": b}})
    assert again["items"] == []
    assert c.requests_from_server("workspace/diagnostic/refresh") == []


async def test_refresh_request_omits_params(start, workspace):
    c = await start()
    await c.initialize({**PULL, "workspace": {"diagnostics": {"refreshSupport": True}}}, root=workspace)
    a = workspace / "A.swift"
    c.open((workspace / "B.swift").as_uri(), EXTENSION)
    await asyncio.sleep(0.5)
    a.write_text(STORE_PLAIN)
    c.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": a.as_uri(), "type": 2}]})
    (refresh,) = await c.wait_for(lambda: c.requests_from_server("workspace/diagnostic/refresh"), timeout=2, what="refresh")
    assert "params" not in refresh, refresh
