#!/usr/bin/env bash
# Fuzzes the lexer, the parser and incremental re-parsing with libFuzzer for a bounded time.
#   scripts/fuzz.sh [SECONDS]     (default 60)
# Builds .build/fuzz/fuzz-parser from Sources/IsolintSyntax + Fuzz/FuzzParser.swift with
# -sanitize=fuzzer,address, seeds it with the test fixtures and Examples/, and stops after
# SECONDS. A crash or hang leaves its input in .build/fuzz/artifacts/ and exits non-zero:
# copy it into Tests/IsolintSyntaxTests/Fixtures/fuzz/ so it becomes a regression test.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
out=.build/fuzz
mkdir -p "$out/corpus" "$out/artifacts"
if ! command -v swiftc >/dev/null; then
  echo "fuzz: skipped: no swiftc on PATH"
  exit 0
fi
echo "fuzz: building (debug, -sanitize=fuzzer,address)"
if ! swiftc -sanitize=fuzzer,address -parse-as-library -swift-version 6 -O \
  Sources/IsolintSyntax/*.swift Fuzz/FuzzParser.swift -o "$out/fuzz-parser" >"$out/build.log" 2>&1; then
  cat "$out/build.log"
  echo "fuzz: build failed"
  exit 1
fi
# Seeds: every Swift file the tests and examples carry.
find Tests Examples -name '*.swift' -size -64k -exec cp {} "$out/corpus/" \; 2>/dev/null || true
echo "fuzz: running for ${seconds}s"
"$out/fuzz-parser" "$out/corpus" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
  -max_len=65536 -artifact_prefix="$out/artifacts/" -print_final_stats=1 2>&1 | tail -n 15
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then
  echo "fuzz: FAILED (status $status); inputs in $out/artifacts/"
  exit 1
fi
echo "fuzz: no crash or hang in ${seconds}s"
