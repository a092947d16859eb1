"""The editor configurations that cannot be driven here with the real editor.

VS Code (no VS Code, and no npm registry, on this machine): the extension's manifest is checked
against the configuration schema (`docs/isolint.schema.json`, generated from the server's keys),
its script against the manifest and `node --check`, and the server is driven through a full
exchange with the capabilities VS Code 1.65 really sends (recorded by pytest-lsp) and the
settings the extension sends.

Helix (not installable here): `editors/helix/languages.toml` parses as TOML and uses only the keys
and feature names Helix documents (its book, `languages.md`), and its server settings are keys of
the schema."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tomllib

from lsprotocol import types
from lsprotocol.converters import get_converter
from pytest_lsp import client_capabilities

from conftest import REPO, apply_edits, find_position

VSCODE = REPO / "editors" / "vscode"
SCHEMA = json.loads((REPO / "docs" / "isolint.schema.json").read_text())
KEYS = [k for k in SCHEMA["properties"] if k != "$schema"]  # `$schema` is for editors, not a setting


# -- VS Code: the manifest and the script -------------------------------------------------------


def manifest() -> dict:
    return json.loads((VSCODE / "package.json").read_text())


def test_vscode_settings_are_the_configuration_keys():
    props = manifest()["contributes"]["configuration"]["properties"]
    # Every .isolint.json key, plus the client's own two settings, nothing else.
    assert sorted(props) == sorted([f"isolint.{k}" for k in KEYS] + ["isolint.path", "isolint.trace.server"])
    severity = SCHEMA["definitions"]["severity"]["enum"]
    for key in KEYS:
        mine, schema = props[f"isolint.{key}"], SCHEMA["properties"][key]
        if "type" in schema:
            assert mine["type"] == schema["type"], key
        if "enum" in mine:
            assert set(mine["enum"]) <= set(schema["enum"]), key
        if "items" in schema:
            assert mine["items"] == schema["items"], key
        # No defaults: only what the user sets is sent, so .isolint.json keeps its say.
        assert "default" not in mine, key
    assert props["isolint.rules"]["additionalProperties"]["enum"] == severity


def test_vscode_script_matches_the_manifest_and_parses():
    script = (VSCODE / "extension.js").read_text()
    keys = re.search(r"const SETTING_KEYS = \[([^\]]*)\]", script)
    assert keys, "extension.js has no SETTING_KEYS"
    assert re.findall(r"'([^']+)'", keys.group(1)) == KEYS
    m = manifest()
    for command in m["contributes"]["commands"]:
        assert f"registerCommand('{command['command']}'" in script, command
    assert m["main"] == "./extension.js"
    assert m["activationEvents"] == ["onLanguage:swift"]
    assert "vscode-languageclient" in m["dependencies"]
    assert m["contributes"]["jsonValidation"] == [{"fileMatch": ".isolint.json", "url": "./isolint.schema.json"}]
    assert (VSCODE / "isolint.schema.json").read_text() == (REPO / "docs" / "isolint.schema.json").read_text()
    node = shutil.which("node")
    assert node, "node not on PATH (scripts/e2e-env.sh installs nodejs)"
    proc = subprocess.run([node, "--check", str(VSCODE / "extension.js")], capture_output=True, text=True, timeout=30)
    assert proc.returncode == 0, proc.stderr


# -- VS Code: a full exchange with its capabilities ---------------------------------------------

TEXT = 'import Foundation\n\nlet s = "é😀"; var globalCount = 0\n'


async def test_vscode_client_full_exchange(start, tmp_path):
    caps = get_converter().unstructure(client_capabilities("visual-studio-code"))
    (tmp_path / "a.swift").write_text(TEXT)
    c = await start()
    # What the extension sends: only the settings the user set (here one rule's severity).
    result = await c.initialize(caps, root=tmp_path, bare=True,
                                initializationOptions={"rules": {"prefer-mutex": "info"}},
                                clientInfo={"name": "Visual Studio Code", "version": "1.65.2"})
    assert result["capabilities"]["positionEncoding"] == "utf-16"  # VS Code offers none: the default
    uri = (tmp_path / "a.swift").as_uri()
    c.open(uri, TEXT)
    # VS Code pulls diagnostics? 1.65 declares no `textDocument.diagnostic`: the server pushes.
    pub = await c.wait_settled(uri, 1)
    (d,) = pub["diagnostics"]
    assert d["code"] == "global-mutable-state" and d["source"] == "isolint"
    assert d["range"]["start"] == find_position(TEXT, "var globalCount", "utf-16")
    # Quick fixes come unresolved (VS Code resolves `edit` lazily), the preferred first.
    actions = await c.result("textDocument/codeAction", {
        "textDocument": {"uri": uri}, "range": d["range"], "context": {"diagnostics": [d], "only": ["quickfix"]}})
    assert actions[0]["isPreferred"] is True and "edit" not in actions[0]
    resolved = await c.result("codeAction/resolve", actions[0])
    (edits,) = resolved["edit"]["changes"].values() if "changes" in resolved["edit"] else [
        dc["edits"] for dc in resolved["edit"]["documentChanges"]]
    fixed = apply_edits(TEXT, edits, "utf-16")
    assert fixed == 'import Foundation\n\nlet s = "é😀"; let globalCount = 0\n'
    # Hover in Markdown, as VS Code asks for it.
    hover = await c.result("textDocument/hover", {"textDocument": {"uri": uri}, "position": d["range"]["start"]})
    assert hover["contents"]["kind"] == "markdown"
    assert hover["contents"]["value"].startswith("**isolint · global-mutable-state** (error)")
    # The user applies the fix: the finding goes.
    c.change(uri, 2, [{"text": fixed}])
    after = await c.wait_publish(uri, 2)
    assert after["diagnostics"] == []


# -- Helix ----------------------------------------------------------------------------------------

# From Helix's book (languages.md, "Language server configuration" and "Configuring language
# servers for a language").
HELIX_SERVER_KEYS = {"command", "args", "config", "timeout", "environment", "required-root-patterns"}
HELIX_LANGUAGE_KEYS = {
    "name", "language-id", "scope", "injection-regex", "file-types", "shebangs", "roots", "auto-format",
    "diagnostic-severity", "comment-tokens", "block-comment-tokens", "indent", "grammar", "language-servers",
    "formatter", "soft-wrap", "text-width", "rulers", "workspace-lsp-roots", "persistent-diagnostic-sources",
    "debugger", "auto-pairs", "path-completion", "word-completion",
}
HELIX_FEATURES = {
    "format", "goto-definition", "goto-declaration", "goto-type-definition", "goto-reference",
    "goto-implementation", "signature-help", "hover", "document-highlight", "completion", "code-action",
    "workspace-command", "document-symbols", "workspace-symbols", "diagnostics", "rename-symbol", "inlay-hints",
    "document-colors",
}


def helix_servers(entries: list) -> list[str]:
    names = []
    for e in entries:
        if isinstance(e, str):
            names.append(e)
        else:
            assert set(e) <= {"name", "only-features", "except-features"}, e
            for key in ("only-features", "except-features"):
                assert set(e.get(key, [])) <= HELIX_FEATURES, e
            names.append(e["name"])
    return names


def test_helix_languages_toml_uses_documented_keys():
    text = (REPO / "editors" / "helix" / "languages.toml").read_text()
    config = tomllib.loads(text)
    servers = config["language-server"]
    for name, server in servers.items():
        assert set(server) <= HELIX_SERVER_KEYS, (name, set(server) - HELIX_SERVER_KEYS)
    assert servers["isolint"]["command"] == "isolint" and servers["isolint"]["args"] == ["lsp"]
    assert set(servers["isolint"].get("config", {})) <= set(KEYS)
    (swift,) = [lang for lang in config["language"] if lang["name"] == "swift"]
    assert set(swift) <= HELIX_LANGUAGE_KEYS
    # isolint beside sourcekit-lsp, sourcekit-lsp first (it keeps goto, completion, formatting).
    assert helix_servers(swift["language-servers"]) == ["sourcekit-lsp", "isolint"]
    assert set(helix_servers(swift["language-servers"])) <= set(servers)
    # The alternative the comments offer parses too and names real features.
    alternative = re.search(r"#\s*(language-servers = \[.*\])", text)
    assert alternative, "languages.toml lost its only-features example"
    assert helix_servers(tomllib.loads(alternative.group(1))["language-servers"]) == ["sourcekit-lsp", "isolint"]
