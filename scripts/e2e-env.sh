#!/usr/bin/env bash
# Installs what the end-to-end tests need and prints the virtual environment's path:
#   - Python packages (Tests/e2e/requirements.txt: pytest-lsp, Neovim, rass) into a virtual
#     environment under .build/e2e-venv, reinstalled when the requirements change;
#   - Emacs with Eglot, lsp-mode and Flycheck, and Node (for `node --check`), from Debian's
#     packages when they are missing (as root, with apt-get).
# Anything that cannot be installed is an error: no end-to-end test is skipped for want of it.
set -euo pipefail
cd "$(dirname "$0")/.."
venv=.build/e2e-venv
stamp="$venv/.requirements.sha256"
want="$(sha256sum Tests/e2e/requirements.txt | cut -d' ' -f1)"
if [ ! -x "$venv/bin/python" ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "e2e: installing Tests/e2e/requirements.txt into $venv" >&2
  rm -rf "$venv"
  python3 -m venv "$venv" >&2 || { echo "e2e: python3 -m venv failed (Debian: apt-get install python3-venv)" >&2; exit 1; }
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r Tests/e2e/requirements.txt >&2
  echo "$want" > "$stamp"
fi

have_emacs() {
  command -v emacs >/dev/null && emacs --batch --eval \
    "(progn (package-initialize) (require 'eglot) (require 'lsp-mode) (require 'flycheck))" >/dev/null 2>&1
}
debs=()
have_emacs || debs+=(emacs-nox elpa-eglot elpa-lsp-mode elpa-flycheck)
command -v node >/dev/null || debs+=(nodejs)
if [ ${#debs[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "e2e: installing ${debs[*]} (apt-get)" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${debs[@]}"; } >&2
  else
    echo "e2e: missing ${debs[*]}: install these Debian packages (or their equivalents) first" >&2
    exit 1
  fi
  have_emacs || { echo "e2e: Emacs with eglot, lsp-mode and flycheck still not loadable" >&2; exit 1; }
fi
echo "$venv"
