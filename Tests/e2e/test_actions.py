"""Code actions (quick fixes, disable, fix all, resolve, documentChanges), hover, commands."""

from __future__ import annotations

import asyncio
import subprocess

import pytest
from lsprotocol import types

from conftest import ISOLINT, apply_edits, codes
from test_diagnostics import HAZARDS, MSG_GLOBAL, expected_hazards, rng

SAFETY = "// Safety: written once before any task starts; read-only afterwards.\n"
COUNTER_FIXES = [
    ("Make it a constant (`let`)", True, [{"range": rng(2, 0, 2, 3), "newText": "let"}]),
    ("Isolate to the main actor (`@MainActor`)", False, [{"range": rng(2, 0, 2, 0), "newText": "@MainActor "}]),
    ("Opt out with `nonisolated(unsafe)` (add a Safety comment you must make true)", False,
     [{"range": rng(2, 0, 2, 0), "newText": SAFETY}, {"range": rng(2, 0, 2, 0), "newText": "nonisolated(unsafe) "}]),
    ("Disable global-mutable-state for this line", False,
     [{"range": rng(2, 0, 2, 0), "newText": "// isolint:disable-next-line global-mutable-state\n"}]),
]


def cli_explanation(rule: str) -> str:
    out = subprocess.run([str(ISOLINT), "explain", rule], capture_output=True, text=True, check=True).stdout
    return out[out.index("## What it finds"):].rstrip("\n")


def edits_for(edit: dict, uri: str) -> list[dict]:
    if "documentChanges" in edit:
        (change,) = edit["documentChanges"]
        assert change["textDocument"]["uri"] == uri
        return change["edits"]
    assert list(edit["changes"]) == [uri]
    return edit["changes"][uri]


async def open_hazards(c, uri: str) -> dict:
    c.open(uri, HAZARDS)
    return await c.wait_settled(uri, 1)


def code_action_params(uri: str, r: dict, only: list[str] | None = None, diagnostics: list | None = None) -> dict:
    context: dict = {"diagnostics": diagnostics or []}
    if only is not None:
        context["only"] = only
    return {"textDocument": {"uri": uri}, "range": r, "context": context}


async def test_quick_fixes_at_a_finding_exact(client):
    uri = "file:///tmp/actions.swift"
    p = await open_hazards(client, uri)
    diag = p["diagnostics"][0]
    actions = await client.result("textDocument/codeAction", code_action_params(uri, rng(2, 2, 2, 2), only=["quickfix"]))
    expected = []
    for title, preferred, edits in COUNTER_FIXES:
        action = {"title": title, "kind": "quickfix", "diagnostics": [diag]}
        if preferred:
            action["isPreferred"] = True
        action["edit"] = {"changes": {uri: edits}}
        expected.append(action)
    assert actions == expected
    # The typed client accepts them as CodeAction values too.
    typed, _ = await client.typed(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=2, character=2), end=types.Position(line=2, character=2)),
        context=types.CodeActionContext(diagnostics=[])))
    assert [a.title for a in typed] == [t for t, _, _ in COUNTER_FIXES] + ["Fix all isolint findings"]
    assert typed[0].is_preferred is True and typed[-1].kind == "source.fixAll.isolint"


@pytest.mark.parametrize("which", range(len(COUNTER_FIXES)), ids=["let", "mainactor", "nonisolated-unsafe", "disable"])
async def test_applying_a_fix_removes_the_finding(client, which):
    uri = f"file:///tmp/apply-{which}.swift"
    before = await open_hazards(client, uri)
    actions = await client.result("textDocument/codeAction", code_action_params(uri, rng(2, 0, 2, 11), only=["quickfix"]))
    action = actions[which]
    assert action["title"] == COUNTER_FIXES[which][0]
    text = apply_edits(HAZARDS, edits_for(action["edit"], uri), client.encoding)
    client.change(uri, 2, [{"text": text}])
    after = await client.wait_settled(uri, 2)
    assert MSG_GLOBAL.format("counter") not in [d["message"] for d in after["diagnostics"]]
    # Nothing else changed: the other three findings remain, none is added.
    assert [d["message"] for d in after["diagnostics"]] == [d["message"] for d in before["diagnostics"][1:]]


async def test_preferred_fix_via_incremental_change(client):
    """Apply the preferred fix's edits as an incremental didChange (what editors do)."""
    uri = "file:///tmp/apply-incremental.swift"
    await open_hazards(client, uri)
    actions = await client.result("textDocument/codeAction", code_action_params(uri, rng(10, 12, 10, 12)))
    preferred = [a for a in actions if a.get("isPreferred")]
    assert actions[0] is preferred[0] or actions[0] == preferred[0]  # preferred first
    assert preferred[0]["title"] == "Make it a constant (`let`)"
    edits = edits_for(preferred[0]["edit"], uri)
    assert edits == [{"range": rng(10, 11, 10, 14), "newText": "let"}]
    client.change(uri, 2, [{"range": e["range"], "text": e["newText"]} for e in edits])
    after = await client.wait_settled(uri, 2)
    assert codes(after) == ["global-mutable-state", "global-mutable-state", "observable-object-missing-main-actor"]


async def test_code_action_kinds_filter(client):
    uri = "file:///tmp/only.swift"
    await open_hazards(client, uri)
    whole = rng(0, 0, 12, 0)
    everything = await client.result("textDocument/codeAction", code_action_params(uri, whole))
    # 3 global-mutable-state findings x (3 fixes + disable) + ObservableObject x (1 fix + disable) + fix all
    assert len(everything) == 3 * 4 + 2 + 1
    assert [a["kind"] for a in everything] == ["quickfix"] * 14 + ["source.fixAll.isolint"]
    fix_all = await client.result("textDocument/codeAction", code_action_params(uri, rng(0, 0, 0, 0), only=["source.fixAll.isolint"]))
    assert [a["title"] for a in fix_all] == ["Fix all isolint findings"]
    assert "diagnostics" not in fix_all[0] and "isPreferred" not in fix_all[0]
    assert fix_all == await client.result("textDocument/codeAction", code_action_params(uri, whole, only=["source"]))
    assert fix_all == await client.result("textDocument/codeAction", code_action_params(uri, whole, only=["source.fixAll"]))
    assert await client.result("textDocument/codeAction", code_action_params(uri, whole, only=["refactor"])) == []
    quick = await client.result("textDocument/codeAction", code_action_params(uri, whole, only=["quickfix"]))
    assert quick == everything[:-1]
    # No finding under the cursor: only the file-wide fix all.
    assert await client.result("textDocument/codeAction", code_action_params(uri, rng(0, 3, 0, 3))) == everything[-1:]


async def test_source_fix_all_applies_every_preferred_fix(client):
    uri = "file:///tmp/fixall.swift"
    await open_hazards(client, uri)
    (action,) = await client.result("textDocument/codeAction", code_action_params(uri, rng(0, 0, 0, 0), only=["source.fixAll.isolint"]))
    edits = edits_for(action["edit"], uri)
    assert edits == [
        {"range": rng(2, 0, 2, 3), "newText": "let"},
        {"range": rng(3, 15, 3, 18), "newText": "let"},
        {"range": rng(5, 0, 5, 0), "newText": "@MainActor\n"},
        {"range": rng(10, 11, 10, 14), "newText": "let"},
    ]
    text = apply_edits(HAZARDS, edits, client.encoding)
    client.change(uri, 2, [{"text": text}])
    after = await client.wait_settled(uri, 2)
    assert after["diagnostics"] == []
    # Nothing left to fix: no fix-all action any more.
    assert await client.result("textDocument/codeAction", code_action_params(uri, rng(0, 0, 0, 0), only=["source.fixAll.isolint"])) == []


async def test_disable_action_keeps_an_existing_suppression(client):
    uri = "file:///tmp/stacked-disable.swift"
    text = ("import Combine\n\n// isolint:disable-next-line observable-object-missing-main-actor\n"
            "class Model: ObservableObject { static var x = 0 }\n")
    client.open(uri, text)
    assert codes(await client.wait_settled(uri, 1)) == ["global-mutable-state"]
    actions = await client.result("textDocument/codeAction", code_action_params(uri, rng(3, 40, 3, 40), only=["quickfix"]))
    (disable,) = [a for a in actions if a["title"] == "Disable global-mutable-state for this line"]
    client.change(uri, 2, [{"text": apply_edits(text, edits_for(disable["edit"], uri), client.encoding)}])
    assert codes(await client.wait_settled(uri, 2)) == []


RESOLVE = {"textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}, "dataSupport": True,
                                           "codeActionLiteralSupport": {"codeActionKind": {"valueSet": ["quickfix", "source"]}}}}}


async def test_resolve_support_without_data_support_gets_inline_edits(start):
    """Lazy edits need `data` to come back: without dataSupport the edits are inline."""
    c = await start()
    await c.initialize({"textDocument": {"codeAction": {"resolveSupport": {"properties": ["edit"]}}}})
    uri = "file:///tmp/resolve-nodata.swift"
    await open_hazards(c, uri)
    actions = await c.result("textDocument/codeAction", code_action_params(uri, rng(2, 0, 2, 0), only=["quickfix"]))
    assert [a["edit"]["changes"][uri] for a in actions] == [e for _, _, e in COUNTER_FIXES]
    assert all("data" not in a for a in actions)


async def test_code_action_resolve(start):
    c = await start()
    await c.initialize(RESOLVE)
    uri = "file:///tmp/resolve.swift"
    p = await open_hazards(c, uri)
    actions = await c.result("textDocument/codeAction", code_action_params(uri, rng(2, 0, 2, 0)))
    assert all("edit" not in a for a in actions)
    assert [a["data"] for a in actions] == [
        ["fix", uri, 1, 0, 0], ["fix", uri, 1, 0, 1], ["fix", uri, 1, 0, 2], ["disable", uri, 1, 0, 0], ["fixAll", uri, 1, 0, 0]]
    for action, (title, preferred, edits) in zip(actions, COUNTER_FIXES):
        resolved = await c.result("codeAction/resolve", action)
        assert resolved == {**action, "edit": {"changes": {uri: edits}}}
    # Typed: lsprotocol's CodeAction round-trips through resolve.
    typed, raw = await c.typed(types.CODE_ACTION_RESOLVE, types.CodeAction(
        title=actions[0]["title"], kind=types.CodeActionKind.QuickFix, data=actions[0]["data"], is_preferred=True))
    assert typed.edit.changes[uri][0].new_text == "let"
    fix_all = await c.result("codeAction/resolve", actions[-1])
    assert len(fix_all["edit"]["changes"][uri]) == 4
    # After an edit the old data is stale: ContentModified, never a wrong edit.
    c.change(uri, 2, [{"range": rng(0, 0, 0, 0), "text": "\n"}])
    r = await c.request("codeAction/resolve", actions[0])
    assert r["error"] == {"code": -32801, "message": "the document changed since the code action was offered"}
    r = await c.request("codeAction/resolve", {"title": "x", "data": ["fix", uri, 2, 99, 0]})
    assert r["error"]["code"] == -32602


async def test_versioned_document_changes(start):
    c = await start()
    await c.initialize({"workspace": {"workspaceEdit": {"documentChanges": True}}})
    uri = "file:///tmp/docchanges.swift"
    c.open(uri, HAZARDS, version=12)
    await c.wait_settled(uri, 12)
    actions = await c.result("textDocument/codeAction", code_action_params(uri, rng(2, 0, 2, 0), only=["quickfix"]))
    assert actions[0]["edit"] == {"documentChanges": [{"textDocument": {"uri": uri, "version": 12},
                                                       "edits": [{"range": rng(2, 0, 2, 3), "newText": "let"}]}]}
    typed, _ = await c.typed(types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=2, character=0), end=types.Position(line=2, character=0)),
        context=types.CodeActionContext(diagnostics=[], only=[types.CodeActionKind.QuickFix])))
    assert typed[0].edit.document_changes[0].text_document.version == 12


async def test_code_actions_in_utf8(start):
    c = await start()
    await c.initialize({"general": {"positionEncodings": ["utf-8"]}})
    uri = "file:///tmp/actions-utf8.swift"
    await open_hazards(c, uri)
    actions = await c.result("textDocument/codeAction", code_action_params(uri, rng(3, 20, 3, 20), only=["quickfix"]))
    assert actions[0]["edit"]["changes"][uri] == [{"range": rng(3, 18, 3, 21), "newText": "let"}]
    text = apply_edits(HAZARDS, actions[0]["edit"]["changes"][uri], "utf-8")
    assert 'let s = "é😀"; let globalCount = 0' in text


# -- hover -----------------------------------------------------------------------------------


async def test_hover_on_a_finding(client):
    uri = "file:///tmp/hover.swift"
    await open_hazards(client, uri)
    hover = await client.result("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 2, "character": 5}})
    value = hover["contents"]["value"]
    assert hover == {"contents": {"kind": "markdown", "value": value}, "range": rng(2, 0, 2, 11)}
    assert value == (
        "**isolint · global-mutable-state** (error)\n\n"
        + MSG_GLOBAL.format("counter") + "\n\n"
        "**Fixes**\n"
        "1. Make it a constant (`let`) — preferred\n"
        "2. Isolate to the main actor (`@MainActor`)\n"
        "3. Opt out with `nonisolated(unsafe)` (add a Safety comment you must make true)\n\n"
        + cli_explanation("global-mutable-state") + "\n\n---\n\n")
    # Typed: a valid Hover with MarkupContent.
    typed, _ = await client.typed(types.TEXT_DOCUMENT_HOVER, types.HoverParams(
        text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(line=5, character=2)))
    assert typed.contents.kind == types.MarkupKind.Markdown
    assert typed.contents.value.startswith("**isolint · observable-object-missing-main-actor** (warning)")


async def test_hover_in_utf32_after_emoji(start):
    c = await start()
    await c.initialize({"general": {"positionEncodings": ["utf-32"]}})
    uri = "file:///tmp/hover32.swift"
    await open_hazards(c, uri)
    hover = await c.result("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 14}})
    assert hover["range"] == rng(3, 14, 3, 29)
    assert MSG_GLOBAL.format("globalCount") in hover["contents"]["value"]
    # Position 13 (the space before `var`) is outside the finding.
    assert await c.result("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": 3, "character": 13}}) is None


@pytest.mark.parametrize("position", [(0, 0), (0, 8), (1, 0), (6, 4), (11, 0), (400, 0)])
async def test_hover_elsewhere_is_null(client, position):
    uri = "file:///tmp/hover-null.swift"
    await open_hazards(client, uri)
    r = await client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": position[0], "character": position[1]}})
    assert r == {"jsonrpc": "2.0", "id": r["id"], "result": None}


# -- commands --------------------------------------------------------------------------------


async def test_execute_command_explain(client):
    text = await client.result("workspace/executeCommand", {"command": "isolint.explain", "arguments": ["global-mutable-state"]})
    assert text == ("# global-mutable-state (error)\n\nStatic or global mutable state that no global actor isolates.\n\n"
                    + cli_explanation("global-mutable-state"))
    assert text == await client.result("workspace/executeCommand", {"command": "isolint.explain", "arguments": [{"rule": "global-mutable-state"}]})
    r = await client.request("workspace/executeCommand", {"command": "isolint.explain", "arguments": ["no-such-rule"]})
    assert r["error"] == {"code": -32602, "message": "unknown rule 'no-such-rule'"}
    r = await client.request("workspace/executeCommand", {"command": "isolint.explain"})
    assert r["error"] == {"code": -32602, "message": "isolint.explain takes a rule id"}


async def test_execute_command_fix_all_sends_apply_edit(start):
    c = await start()
    await c.initialize({"workspace": {"applyEdit": True}})
    uri = "file:///tmp/cmd-fixall.swift"
    await open_hazards(c, uri)
    typed, raw = await c.typed(types.WORKSPACE_EXECUTE_COMMAND, types.ExecuteCommandParams(command="isolint.fixAll", arguments=[uri]))
    assert typed is None and raw is None
    (request,) = c.requests_from_server("workspace/applyEdit")
    assert request["params"]["label"] == "isolint: fix all"
    edits = request["params"]["edit"]["changes"][uri]
    assert len(edits) == 4
    # The applyEdit request comes before the command's response.
    msg_id = c.send_request("workspace/executeCommand", {"command": "isolint.fixAll", "arguments": [uri]})
    response = await c.wait_response(msg_id)
    assert response["result"] is None
    second = c.requests_from_server("workspace/applyEdit")[1]
    assert c.raw.index(second) < c.raw.index(response)
    c.change(uri, 2, [{"text": apply_edits(HAZARDS, edits, c.encoding)}])
    assert (await c.wait_settled(uri, 2))["diagnostics"] == []
    # Nothing to fix: null and no applyEdit.
    assert await c.result("workspace/executeCommand", {"command": "isolint.fixAll", "arguments": [{"uri": uri}]}) is None
    assert len(c.requests_from_server("workspace/applyEdit")) == 2
    r = await c.request("workspace/executeCommand", {"command": "isolint.fixAll", "arguments": ["file:///tmp/closed.swift"]})
    assert r["error"] == {"code": -32602, "message": "isolint.fixAll takes the URI of an open document"}


async def test_execute_command_fix_all_without_apply_edit_returns_the_edit(client):
    uri = "file:///tmp/cmd-fixall-noapply.swift"
    await open_hazards(client, uri)
    edit = await client.result("workspace/executeCommand", {"command": "isolint.fixAll", "arguments": [uri]})
    assert list(edit) == ["changes"] and len(edit["changes"][uri]) == 4
    assert client.requests_from_server("workspace/applyEdit") == []


# -- inlay hints -------------------------------------------------------------------------------

ISOLATION = """import Foundation

@MainActor
final class VM {
    var n = 0
    func load() async {
        Task {
            n += 1
        }
        Task.detached {
            print("x")
        }
    }
}

func free() async {}
"""


async def test_inlay_hints_show_where_code_runs(start):
    c = await start()
    await c.initialize({}, initializationOptions={"inlayHints": True})
    uri = "file:///tmp/inlay.swift"
    c.open(uri, ISOLATION)
    await c.wait_publish(uri, 1)
    hints = await c.result("textDocument/inlayHint", {"textDocument": {"uri": uri}, "range": rng(0, 0, 17, 0)})
    assert [(h["position"], h["label"]) for h in hints] == [
        ({"line": 5, "character": 9}, "@MainActor"),
        ({"line": 6, "character": 14}, "@MainActor (inherited)"),   # just after `Task {`
        ({"line": 9, "character": 23}, "detached"),
        ({"line": 15, "character": 5}, "nonisolated"),
    ]
    typed, _ = await c.typed(types.TEXT_DOCUMENT_INLAY_HINT, types.InlayHintParams(
        text_document=types.TextDocumentIdentifier(uri=uri),
        range=types.Range(start=types.Position(line=6, character=0), end=types.Position(line=7, character=0))))
    assert [h.label for h in typed] == ["@MainActor (inherited)"]


async def test_inlay_hints_off_by_default(client):
    uri = "file:///tmp/inlay-off.swift"
    client.open(uri, ISOLATION)
    assert await client.result("textDocument/inlayHint", {"textDocument": {"uri": uri}, "range": rng(0, 0, 17, 0)}) == []
