"""Fix-all through the shared fix engine (several passes), and `isolint.migrationPlan`."""

from __future__ import annotations

import pathlib

from conftest import apply_edits, codes
from test_actions import code_action_params, edits_for
from test_diagnostics import rng

# The class's `@MainActor` goes first; the static var of the nested struct (which a global actor
# on its parent does not isolate) waits for the second pass, as does a placeholder fix.
NESTED = """import Combine

class Model: ObservableObject {
    @Published var name = ""
    struct Cache {
        static var hits = 0
    }
}
"""
NESTED_FIXED = """import Combine

@MainActor
class Model: ObservableObject {
    @Published var name = ""
    struct Cache {
        static let hits = 0
    }
}
"""


async def test_fix_all_takes_as_many_passes_as_isolint_fix(client):
    uri = "file:///tmp/fixall-passes.swift"
    client.open(uri, NESTED)
    before = await client.wait_settled(uri, 1)
    assert sorted(codes(before)) == ["global-mutable-state", "observable-object-missing-main-actor"]
    (action,) = await client.result("textDocument/codeAction", code_action_params(uri, rng(0, 0, 0, 0), only=["source.fixAll.isolint"]))
    edits = edits_for(action["edit"], uri)
    text = apply_edits(NESTED, edits, client.encoding)
    assert text == NESTED_FIXED
    client.change(uri, 2, [{"text": text}])
    assert (await client.wait_settled(uri, 2))["diagnostics"] == []


async def test_fix_all_leaves_placeholder_fixes(client):
    uri = "file:///tmp/fixall-review.swift"
    text = "final class Box: @unchecked Sendable {\n    let lock = NSLock()\n}\n"
    client.open(uri, text)
    assert codes(await client.wait_settled(uri, 1)) == ["unsafe-opt-out-undocumented"]
    # Its only fix inserts a `// Safety:` comment to make true: no fix-all action.
    assert await client.result("textDocument/codeAction", code_action_params(uri, rng(0, 0, 0, 0), only=["source.fixAll.isolint"])) == []


MANIFEST = """// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Demo",
    targets: [
        .target(name: "Core", swiftSettings: [.swiftLanguageMode(.v5)]),
        .executableTarget(name: "App", dependencies: ["Core"]),
    ]
)
"""


def package(tmp_path: pathlib.Path) -> pathlib.Path:
    (tmp_path / "Package.swift").write_text(MANIFEST)
    (tmp_path / "Sources/Core").mkdir(parents=True)
    (tmp_path / "Sources/Core/Core.swift").write_text("public struct Core {}\n")
    (tmp_path / "Sources/App").mkdir(parents=True)
    (tmp_path / "Sources/App/main.swift").write_text("print(1)\n")
    return tmp_path


async def test_migration_plan_is_returned_and_shown_as_a_document(start, tmp_path):
    root = package(tmp_path)
    c = await start()
    await c.initialize({"window": {"showDocument": {"support": True}}}, root=root)
    # An unsaved edit in the editor counts: Core gets a finding that is not on disk.
    core = (root / "Sources/Core/Core.swift").as_uri()
    c.open(core, "public struct Core { static var shared = 0 }\n")
    await c.wait_settled(core, 1)
    result = await c.result("workspace/executeCommand", {"command": "isolint.migrationPlan"})
    plan = result["json"]
    assert plan["order"] == ["Core", "App"]
    first = plan["targets"][0]
    assert first == {
        "name": "Core", "kind": "library", "path": "Sources/Core", "languageMode": 5, "strictConcurrency": "minimal",
        "defaultIsolation": "nonisolated", "upcomingFeatures": [], "dependencies": [], "dependents": ["App"],
        "findings": {"error": 1, "warning": 0, "info": 0, "hint": 0}, "next": "turn on complete checking",
        "blocks": ["App"],
    }
    assert plan["targets"][1]["next"] == "done" and plan["problems"] == []
    assert result["markdown"].startswith("## Swift 6 migration plan\n")
    (show,) = c.requests_from_server("window/showDocument")
    assert show["params"]["takeFocus"] is True
    shown = pathlib.Path(show["params"]["uri"].removeprefix("file://"))
    assert shown.name.startswith("isolint-migration-plan-") and shown.read_text() == result["markdown"]
    # A folder given explicitly, as a URI or in an object.
    again = await c.result("workspace/executeCommand", {"command": "isolint.migrationPlan", "arguments": [{"root": root.as_uri()}]})
    assert again["json"]["order"] == ["Core", "App"]


async def test_migration_plan_without_show_document_is_a_message(start, tmp_path):
    root = package(tmp_path)
    c = await start()
    await c.initialize({}, root=root)
    result = await c.result("workspace/executeCommand", {"command": "isolint.migrationPlan", "arguments": [str(root)]})
    assert result["json"]["order"] == ["Core", "App"]
    messages = [m["params"] for m in c.raw if m.get("method") == "window/showMessage"]
    assert messages == [{"type": 3, "message": "isolint migration plan: 1. Core (turn on complete checking), 2. App (done)"}]
    assert c.requests_from_server("window/showDocument") == []


async def test_migration_plan_needs_a_folder(client):
    r = await client.request("workspace/executeCommand", {"command": "isolint.migrationPlan"})
    assert r["error"] == {"code": -32602, "message": "isolint.migrationPlan takes a folder (no workspace folder is open)"}
    r = await client.request("workspace/executeCommand", {"command": "isolint.migrationPlan", "arguments": ["/no/such/folder"]})
    assert r["error"] == {"code": -32602, "message": "isolint.migrationPlan: no such folder: /no/such/folder"}
