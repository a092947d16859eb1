"""A real editor: batch Emacs (Debian's emacs-nox 28, elpa-lsp-mode 8, elpa-eglot 1.9,
elpa-flycheck) with editors/emacs/ runs `isolint lsp` on a Swift buffer beside the real
sourcekit-lsp, shows its diagnostics with their rule ids and applies the preferred quick fix on a
line where `é😀` comes first. The drivers are emacs/check-lsp-mode.el and emacs/check-eglot.el;
each writes what it saw as JSON.

Two lsp-mode 8 facts are pinned here with controls: beside another server its Flymake backend
shows only the server that published last (lsp-mode issue #2808; `isolint-lsp-merge-flymake`
fixes it), and it counts columns in characters without saying so (asked for utf-16 the fix lands
one column off; `isolint-lsp-position-encoding` and the server's clientInfo check fix it)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from conftest import ISOLINT, REPO

EMACS = shutil.which("emacs")
SOURCEKIT = shutil.which("sourcekit-lsp")
RASS = shutil.which("rass")
HERE = REPO / "Tests" / "e2e" / "emacs"
EL = REPO / "editors" / "emacs"

TEXT = 'import Foundation\n\nlet s = "é😀"; var globalCount = 0\nvar counter = 0\n'
FIXED = 'let s = "é😀"; let globalCount = 0'
MESSAGE = "Global variable 'globalCount' is nonisolated shared mutable state"


def run(tmp_path, script: str, **env) -> dict:
    """Runs one driver in a fresh project (Package.swift, .git, a.swift); returns its JSON."""
    assert EMACS, "emacs not found: scripts/e2e-env.sh installs emacs-nox, elpa-eglot, elpa-lsp-mode, elpa-flycheck"
    project = tmp_path / "project"
    project.mkdir()
    (project / ".git").mkdir()
    (project / "Package.swift").write_text(
        '// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: "P", targets: [.target(name: "P", path: ".")])\n')
    (project / "a.swift").write_text(TEXT)
    out = tmp_path / "out.json"
    full_env = {**os.environ, "ISOLINT": str(ISOLINT), "ISOLINT_EL": str(EL), "OUT": str(out),
                "HOME": str(tmp_path / "home"), **{k: str(v) for k, v in env.items()}}
    (tmp_path / "home").mkdir()
    proc = subprocess.run([EMACS, "--batch", "-l", str(HERE / script)], cwd=project, env=full_env,
                          capture_output=True, text=True, timeout=120)
    assert out.exists(), f"{script} wrote no result (rc {proc.returncode}):\n{proc.stdout[-3000:]}\n{proc.stderr[-3000:]}"
    return json.loads(out.read_text())


def beside_sourcekit() -> dict:
    assert SOURCEKIT, "sourcekit-lsp not on PATH (it ships with the Swift toolchain)"
    return {"SOURCEKIT": SOURCEKIT}


# -- lsp-mode ------------------------------------------------------------------------------


def test_lsp_mode_flymake_beside_sourcekit_keeps_isolint_and_fixes_after_emoji(tmp_path):
    r = run(tmp_path, "check-lsp-mode.el", PROVIDER="flymake", MERGE="1", **beside_sourcekit())
    assert sorted(r["servers"]) == ["isolint", "sourcekit-ls"]  # the add-on runs beside the main server
    assert r["waited"] is True
    # Columns in characters, as lsp-mode counts: `let s = "é😀"; ` is 14 of them.
    assert r["stored"] == [[2, 14, "global-mutable-state"], [3, 0, "global-mutable-state"]]
    # sourcekit-lsp published after isolint, and Flymake still shows isolint's two findings.
    assert r["sourcekit-published"] is True and r["publishers"][-1] == "sourcekit-ls"
    assert [(line, col) for line, col, _, _ in r["shown"]] == [(3, 15), (4, 1)]
    assert r["shown"][0][3].startswith(MESSAGE)
    assert r["shown-all"] > 2  # sourcekit-lsp's own (Swift 6 mode) diagnostics beside them
    assert r["marked"] == "var globalCount"
    assert r["actions"][0] == "Make it a constant (`let`)"
    assert "Disable global-mutable-state for this line" in r["actions"]
    assert r["line3"] == FIXED
    assert r["after"] == [[3, 0, "global-mutable-state"]]


def test_lsp_mode_flymake_without_the_merge_loses_isolint_when_sourcekit_publishes(tmp_path):
    """The control for the test above: lsp-mode issue #2808 as lsp-mode 8 has it."""
    r = run(tmp_path, "check-lsp-mode.el", PROVIDER="flymake", MERGE="0", **beside_sourcekit())
    assert r["shown-first"] is True  # isolint's findings were there…
    assert r["publishers"][-1] == "sourcekit-ls"
    assert r["shown"] == []  # …and went when sourcekit-lsp published
    assert r["shown-all"] > 0  # only sourcekit-lsp's are left
    assert len(r["stored"]) == 2  # though lsp-mode still holds isolint's


def test_lsp_mode_flycheck_shows_rule_ids(tmp_path):
    r = run(tmp_path, "check-lsp-mode.el", PROVIDER="flycheck", MERGE="1", **beside_sourcekit())
    assert [(line, col, rule) for line, col, rule, _ in r["shown"]] == [
        (3, 15, "global-mutable-state"), (4, 1, "global-mutable-state")]
    assert r["line3"] == FIXED


def test_lsp_mode_columns_without_the_setting_come_from_client_info(tmp_path):
    """`isolint-lsp-position-encoding` nil: the server recognises lsp-mode by clientInfo."""
    r = run(tmp_path, "check-lsp-mode.el", PROVIDER="flymake", MERGE="1", ENCODING="negotiate")
    assert r["stored"][0] == [2, 14, "global-mutable-state"]
    assert r["line3"] == FIXED


def test_lsp_mode_told_utf16_puts_the_fix_one_column_off(tmp_path):
    """The control: the protocol's default encoding against lsp-mode's character columns."""
    r = run(tmp_path, "check-lsp-mode.el", PROVIDER="flymake", MERGE="1", ENCODING="utf-16")
    assert r["stored"][0] == [2, 15, "global-mutable-state"]  # 15 UTF-16 units, read as characters
    assert r["marked"] == "ar globalCount "
    assert r["line3"] == 'let s = "é😀"; vletglobalCount = 0'


# -- Eglot ---------------------------------------------------------------------------------


def eglot_checks(r: dict) -> None:
    assert r["connected"] is True and r["waited"] is True
    assert [(line, col) for line, col, _ in r["shown"]] == [(3, 15), (4, 1)]
    assert r["shown"][0][2].startswith(f"isolint [global-mutable-state]: {MESSAGE}")
    assert r["offered"][0] == "Make it a constant (`let`)"
    assert r["line3"] == FIXED  # Eglot 1.9 counts UTF-16, the server's default
    assert [(line, col) for line, col, _ in r["after"]] == [(4, 1)]


def test_eglot_alone(tmp_path):
    eglot_checks(run(tmp_path, "check-eglot.el", SERVER="alone"))


def test_eglot_with_sourcekit_through_rass(tmp_path):
    assert RASS, "rass not on PATH (pip install rassumfrassum; scripts/e2e-env.sh does)"
    eglot_checks(run(tmp_path, "check-eglot.el", SERVER="with-sourcekit", RASS=RASS, **beside_sourcekit()))


def test_elisp_byte_compiles_cleanly(tmp_path):
    """The three files load and byte-compile without warnings against the installed packages."""
    assert EMACS
    for name in ["isolint.el", "isolint-lsp.el", "isolint-eglot.el"]:
        shutil.copy(EL / name, tmp_path / name)
    proc = subprocess.run(
        [EMACS, "--batch", "--eval", "(package-initialize)", "-L", str(tmp_path),
         "--eval", "(setq byte-compile-error-on-warn t)", "-f", "batch-byte-compile",
         "isolint.el", "isolint-lsp.el", "isolint-eglot.el"],
        cwd=tmp_path, capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-3000:]
