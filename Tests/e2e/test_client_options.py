"""What the server does with optional client capabilities and settings: code actions as
commands, diagnostic fields the client declares, tracing, inlay hint refresh, configuration
problems after a change, `exclude` for open documents, workspace folders changing, and
`workspace/diagnostic` over files that are not open."""

from __future__ import annotations

import asyncio
import json
import pathlib

from conftest import apply_edits
from test_actions import COUNTER_FIXES, code_action_params, open_hazards
from test_diagnostics import HAZARDS, PULL, rng
from test_workspace import EXTENSION, STORE_MAIN, has_redundant


async def test_code_actions_are_commands_without_literal_support(start):
    c = await start()
    await c.initialize({"workspace": {"applyEdit": True}}, bare=True)
    uri = "file:///tmp/commands-only.swift"
    await open_hazards(c, uri)
    actions = await c.result("textDocument/codeAction", code_action_params(uri, rng(2, 2, 2, 2), only=["quickfix"]))
    assert [a["title"] for a in actions] == [t for t, _, _ in COUNTER_FIXES]
    assert actions[0] == {"title": COUNTER_FIXES[0][0], "command": "isolint.applyFix", "arguments": ["fix", uri, 1, 0, 0]}
    assert all(set(a) == {"title", "command", "arguments"} for a in actions)
    # Executing one applies exactly that fix's edit through workspace/applyEdit.
    assert await c.result("workspace/executeCommand", {"command": actions[0]["command"], "arguments": actions[0]["arguments"]}) is None
    (request,) = c.requests_from_server("workspace/applyEdit")
    assert request["params"] == {"label": "isolint: apply fix", "edit": {"changes": {uri: COUNTER_FIXES[0][2]}}}
    c.change(uri, 2, [{"text": apply_edits(HAZARDS, COUNTER_FIXES[0][2], c.encoding)}])
    settled = await c.wait_settled(uri, 2)
    assert "global-mutable-state" not in [d["code"] for d in settled["diagnostics"] if d["range"]["start"]["line"] == 2]
    # The arguments of an older version are refused.
    r = await c.request("workspace/executeCommand", {"command": "isolint.applyFix", "arguments": actions[1]["arguments"]})
    assert r["error"]["code"] == -32801


async def test_diagnostic_fields_follow_the_client(start):
    options = {"docsBaseURL": "https://example.invalid/rules"}
    bare = await start()
    await bare.initialize({}, bare=True, initializationOptions=options)
    full = await start()
    await full.initialize({}, initializationOptions=options)
    uri = "file:///tmp/fields.swift"
    plain = (await open_hazards(bare, uri))["diagnostics"]
    described = (await open_hazards(full, uri))["diagnostics"]
    assert all("codeDescription" not in d for d in plain)
    assert described[0]["codeDescription"] == {"href": "https://example.invalid/rules/global-mutable-state"}
    assert [{k: v for k, v in d.items() if k != "codeDescription"} for d in described] == plain


async def test_trace_reports_each_analysis(client):
    uri = "file:///tmp/trace.swift"
    client.notify("$/setTrace", {"value": "verbose"})
    await open_hazards(client, uri)
    traces = await client.wait_for(lambda: client.notifications("$/logTrace"), what="$/logTrace")
    assert traces[0]["message"] == f"analysed {uri} version 1: 4 findings"
    assert traces[0]["verbose"].startswith("parse and lint took ") and traces[0]["verbose"].endswith(" ms")
    client.notify("$/setTrace", {"value": "messages"})
    client.change(uri, 2, [{"text": "let fine = 1\n"}])
    await client.wait_settled(uri, 2)
    last = client.notifications("$/logTrace")[-1]
    assert last == {"message": f"analysed {uri} version 2: 0 findings"}
    client.notify("$/setTrace", {"value": "off"})
    n = len(client.notifications("$/logTrace"))
    client.change(uri, 3, [{"text": HAZARDS}])
    await client.wait_settled(uri, 3)
    assert len(client.notifications("$/logTrace")) == n


async def test_inlay_hint_refresh_after_a_settings_change(start):
    c = await start()
    await c.initialize({"workspace": {"inlayHint": {"refreshSupport": True}}})
    c.open("file:///tmp/hints.swift", "func f() async {}\n")
    await c.wait_publish("file:///tmp/hints.swift", 1)
    assert c.requests_from_server("workspace/inlayHint/refresh") == []
    c.notify("workspace/didChangeConfiguration", {"settings": {"isolint": {"inlayHints": True}}})
    (refresh,) = await c.wait_for(lambda: c.requests_from_server("workspace/inlayHint/refresh"), what="inlayHint/refresh")
    assert "params" not in refresh


async def test_configuration_problems_are_reported_after_a_change(client):
    def problems():
        return [m["message"] for m in client.notifications("window/logMessage") if m["message"].startswith("configuration: ")]

    assert problems() == []
    client.notify("workspace/didChangeConfiguration", {"settings": {"isolint": {"rules": {"no-such-rule": "off"}}}})
    (first,) = await client.wait_for(problems, what="a configuration problem")
    assert "no-such-rule" in first and first.endswith("(ignored)")
    # The same problem again is not repeated; a fixed configuration is quiet.
    client.notify("workspace/didChangeConfiguration", {"settings": {"isolint": {"rules": {"no-such-rule": "off"}}}})
    client.notify("workspace/didChangeConfiguration", {"settings": {"isolint": {"rules": {}}}})
    await asyncio.sleep(0.3)
    assert problems() == [first]


async def test_excluded_open_documents_have_no_diagnostics(start, tmp_path):
    (tmp_path / ".isolint.json").write_text(json.dumps({"exclude": ["Generated/**"]}))
    (tmp_path / "Generated").mkdir()
    c = await start()
    await c.initialize({}, root=tmp_path)
    excluded = (tmp_path / "Generated" / "Model.swift").as_uri()
    included = (tmp_path / "Model.swift").as_uri()
    c.open(excluded, HAZARDS)
    c.open(included, HAZARDS)
    assert (await c.wait_settled(excluded, 1))["diagnostics"] == []
    assert len((await c.wait_settled(included, 1))["diagnostics"]) == 4


async def test_added_workspace_folder_is_indexed(start, tmp_path):
    first, second = tmp_path / "one", tmp_path / "two"
    first.mkdir()
    second.mkdir()
    (first / "B.swift").write_text(EXTENSION)
    (second / "A.swift").write_text(STORE_MAIN)
    c = await start()
    await c.initialize({}, workspaceFolders=[{"uri": first.as_uri(), "name": "one"}])
    b = (first / "B.swift").as_uri()
    c.open(b, EXTENSION)
    assert not has_redundant(await c.wait_settled(b, 1))
    # Store is @MainActor only in the added folder: the finding appears once it is indexed.
    c.notify("workspace/didChangeWorkspaceFolders", {"event": {"added": [{"uri": second.as_uri(), "name": "two"}], "removed": []}})
    await c.wait_publish(b, 1, where=has_redundant)
    n = len(c.publishes(b))
    c.notify("workspace/didChangeWorkspaceFolders", {"event": {"added": [], "removed": [{"uri": second.as_uri(), "name": "two"}]}})
    p = await c.wait_publish(b, 1, after=n)
    assert not has_redundant(p)


async def test_workspace_diagnostic_covers_files_that_are_not_open(start, tmp_path):
    (tmp_path / "Counter.swift").write_text("var counter = 0\n")
    (tmp_path / "Fine.swift").write_text("let fine = 1\n")
    c = await start()
    await c.initialize(PULL, root=tmp_path)
    await asyncio.sleep(0.5)  # indexing
    opened = (tmp_path / "Open.swift").as_uri()
    c.open(opened, "var other = 0\n")
    first = await c.result("workspace/diagnostic", {"previousResultIds": []})
    by_uri = {r["uri"]: r for r in first["items"]}
    counter, fine = (tmp_path / "Counter.swift").as_uri(), (tmp_path / "Fine.swift").as_uri()
    assert set(by_uri) == {opened, counter, fine}
    assert by_uri[opened]["version"] == 1 and by_uri[counter]["version"] is None
    assert [(d["code"], d["range"]) for d in by_uri[counter]["items"]] == [("global-mutable-state", rng(0, 0, 0, 11))]
    assert by_uri[fine]["items"] == []
    # Sending the result ids back: everything unchanged.
    previous = [{"uri": r["uri"], "value": r["resultId"]} for r in first["items"]]
    again = await c.result("workspace/diagnostic", {"previousResultIds": previous})
    assert {r["uri"]: r["kind"] for r in again["items"]} == {opened: "unchanged", counter: "unchanged", fine: "unchanged"}
    # A file changed on disk is linted again.
    (tmp_path / "Fine.swift").write_text("var fine = 1\n")
    third = await c.result("workspace/diagnostic", {"previousResultIds": previous})
    kinds = {r["uri"]: r["kind"] for r in third["items"]}
    assert kinds == {opened: "unchanged", counter: "unchanged", fine: "full"}
    assert [d["code"] for d in next(r for r in third["items"] if r["uri"] == fine)["items"]] == ["global-mutable-state"]


async def test_each_root_has_its_own_isolint_json(start, tmp_path):
    strict, relaxed = tmp_path / "strict", tmp_path / "relaxed"
    strict.mkdir()
    relaxed.mkdir()
    (strict / ".isolint.json").write_text(json.dumps({"rules": {"global-mutable-state": "warning"}}))
    (relaxed / ".isolint.json").write_text(json.dumps({"rules": {"global-mutable-state": "off"}, "bogus": 1}))
    c = await start()
    await c.initialize({}, workspaceFolders=[{"uri": strict.as_uri(), "name": "strict"}, {"uri": relaxed.as_uri(), "name": "relaxed"}])
    a, b = (strict / "A.swift").as_uri(), (relaxed / "B.swift").as_uri()
    c.open(a, "var counter = 0\n")
    c.open(b, "var counter = 0\n")
    assert [(d["code"], d["severity"]) for d in (await c.wait_settled(a, 1))["diagnostics"]] == [("global-mutable-state", 2)]
    assert (await c.wait_settled(b, 1))["diagnostics"] == []
    logs = [m["message"] for m in c.notifications("window/logMessage")]
    assert len([m for m in logs if "bogus" in m]) == 1
    # Client settings apply over every root's file.
    c.notify("workspace/didChangeConfiguration", {"settings": {"isolint": {"rules": {"global-mutable-state": "error"}}}})
    pa = await c.wait_publish(a, 1, where=lambda p: [d["severity"] for d in p["diagnostics"]] == [1])
    pb = await c.wait_publish(b, 1, where=lambda p: [d["severity"] for d in p["diagnostics"]] == [1])
    assert pa["diagnostics"][0]["code"] == pb["diagnostics"][0]["code"] == "global-mutable-state"
