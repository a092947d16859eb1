#!/usr/bin/env bash
# Regenerates what the tests check is current: docs/rules.md, the README's rule table, and the
# rule fixtures' snapshots (review their diff before committing).
set -euo pipefail
cd "$(dirname "$0")/.."
release_flags=()
[ "$(uname)" = Linux ] && release_flags=(--static-swift-stdlib)
swift build -c release "${release_flags[@]}" >/dev/null
.build/release/isolint rules --format markdown > docs/rules.md
.build/release/isolint rules --format schema > docs/isolint.schema.json
python3 - <<'PY'
readme = open("README.md").read()
md = open("docs/rules.md").read()
table = md[md.index("| rule | severity |"):md.index("\n\n<a id=") + 1].replace("](#", "](docs/rules.md#")
begin, end = "<!-- rules:begin -->\n", "<!-- rules:end -->"
i, j = readme.index(begin) + len(begin), readme.index(end)
open("README.md", "w").write(readme[:i] + table + readme[j:])
PY
ISOLINT_UPDATE_SNAPSHOTS=1 swift test --filter snapshots >/dev/null
git status --short docs README.md Tests | head -40
