#!/usr/bin/env bash
# Fuzzes isolint with libFuzzer for a bounded time:
#   scripts/fuzz.sh [PARSER_SECONDS] [LINT_SECONDS]      (defaults 60 and 60; 0 skips one)
# Two targets, each built with -sanitize=fuzzer,address from the sources as one module:
#   fuzz-parser  lexer, parser and incremental re-parsing (Fuzz/FuzzParser.swift)
#   fuzz-lint    parse → index → every rule → every fix applied and linted again
#                (Fuzz/FuzzLint.swift over IsolintSyntax + IsolintRules)
# Seeds: the test fixtures and Examples/. A crash or hang leaves its input in
# .build/fuzz/artifacts/ and exits non-zero: add it as a regression test
# (Tests/IsolintSyntaxTests/Fixtures/fuzz/ for the parser, MutantTests for the linter).
set -euo pipefail
cd "$(dirname "$0")/.."
parser_seconds="${1:-60}"
lint_seconds="${2:-60}"
out=.build/fuzz
mkdir -p "$out/corpus" "$out/artifacts" "$out/src"
if ! command -v swiftc >/dev/null; then
  echo "fuzz: skipped: no swiftc on PATH"
  exit 0
fi
# One module: the sources without their `import IsolintSyntax`.
rm -f "$out"/src/*.swift
for f in Sources/IsolintSyntax/*.swift Sources/IsolintRules/*/*.swift; do
  sed '/^import IsolintSyntax$/d' "$f" > "$out/src/$(echo "$f" | tr '/' '_')"
done
find Tests Examples -name '*.swift' -size -64k -exec cp {} "$out/corpus/" \; 2>/dev/null || true

run() {
  local name=$1 seconds=$2 max_len=$3
  shift 3
  [ "$seconds" != "0" ] || return 0
  echo "fuzz: building $name (-O, -sanitize=fuzzer,address)"
  if ! swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O "$@" -o "$out/$name" \
    >"$out/$name.build.log" 2>&1; then
    cat "$out/$name.build.log"
    echo "fuzz: build of $name failed"
    exit 1
  fi
  echo "fuzz: running $name for ${seconds}s"
  set +e
  "$out/$name" "$out/corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -max_len="$max_len" -artifact_prefix="$out/artifacts/$name-" -print_final_stats=1 >"$out/$name.log" 2>&1
  local status=$?
  set -e
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|ERROR|panic|Fatal|==[0-9]+==" "$out/$name.log" | head -n 20 || true
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$out/$name.log"
    echo "fuzz: $name FAILED (status $status); inputs in $out/artifacts/"
    exit 1
  fi
  echo "fuzz: $name: no crash or hang in ${seconds}s"
}

run fuzz-parser "$parser_seconds" 65536 Sources/IsolintSyntax/*.swift Fuzz/FuzzParser.swift
run fuzz-lint "$lint_seconds" 16384 "$out"/src/*.swift Fuzz/FuzzLint.swift
