"""The issue's "done means" on a 5,000-line file with hazards of every rule (the benchmark's
generator): diagnostics carry source, code and version; preferred quick fixes, applied as
incremental edits, remove their finding; every publish is for a newer version."""

from __future__ import annotations

import importlib.util
import pathlib

from conftest import REPO

_spec = importlib.util.spec_from_file_location("lsp_bench", REPO / "scripts" / "lsp-bench.py")
lsp_bench = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lsp_bench)


def at(d: dict) -> tuple[int, int, str]:
    return (d["range"]["start"]["line"], d["range"]["start"]["character"], d["code"])


async def test_quick_fixes_on_a_5000_line_file(start):
    # A non-ASCII first line: utf-16 columns differ from bytes there.
    text = "// Généré — 😀\n" + lsp_bench.generate_swift(4999, seed=3)
    assert text.count("\n") >= 5000
    c = await start()
    await c.initialize({"general": {"positionEncodings": ["utf-16"]}})
    uri = "file:///tmp/large/Bench.swift"
    c.open(uri, text)
    first = await c.wait_settled(uri, 1, quiet=0.6)
    diags = first["diagnostics"]
    assert len(diags) > 400
    assert {d["source"] for d in diags} == {"isolint"} and all(d["data"]["version"] == 1 for d in diags)
    assert len({d["code"] for d in diags}) >= 8  # hazards of many rules
    version, fixed = 1, 0
    for _ in range(12):
        current = c.publishes(uri)[-1]["diagnostics"]
        # The first finding (after those already tried) whose code actions offer a preferred quick fix.
        target, edit = None, None
        for d in current[fixed * 7 % max(1, len(current)):]:
            actions = await c.result("textDocument/codeAction", {
                "textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d], "only": ["quickfix"]}})
            preferred = [a for a in actions if a.get("isPreferred") and a["diagnostics"] == [d]]
            if preferred:
                target, edit = d, preferred[0]["edit"]["changes"][uri]
                break
        assert target is not None
        # Apply the edit as incremental changes, last position first.
        changes = sorted(edit, key=lambda e: (e["range"]["start"]["line"], e["range"]["start"]["character"]), reverse=True)
        version += 1
        c.change(uri, version, [{"range": e["range"], "text": e["newText"]} for e in changes])
        after = await c.wait_settled(uri, version)
        assert at(target) not in {at(d) for d in after["diagnostics"]}, f"{target['code']} still reported after its fix"
        # Not merely moved: one finding of that rule fewer (fixes never add findings).
        assert sum(d["code"] == target["code"] for d in after["diagnostics"]) < sum(d["code"] == target["code"] for d in current)
        fixed += 1
    versions = [p["version"] for p in c.publishes(uri)]
    assert versions == sorted(versions) and versions[-1] == version
