#!/usr/bin/env bash
# Fuzzes isolint with libFuzzer for a bounded time:
#   scripts/fuzz.sh [PARSER_SECONDS] [LINT_SECONDS] [FRAMING_SECONDS]   (defaults 60 60 60; 0 skips one)
# Three targets, each built with -sanitize=fuzzer,address from the sources as one module:
#   fuzz-parser   lexer, parser, incremental re-parsing and packed trees (Fuzz/FuzzParser.swift)
#   fuzz-lint     parse → index → every rule → every fix applied and linted again
#                 (Fuzz/FuzzLint.swift over IsolintSyntax + IsolintRules)
#   fuzz-framing  the language server's JSON-RPC framing, message sorting and params decoding
#                 (Fuzz/FuzzFraming.swift over JSON.swift, Transport.swift and Protocol/)
# Each reports its executions per second and in total. For a long run, e.g. overnight:
#   FUZZ_JOBS=2 scripts/fuzz.sh 28800 28800 28800
# Speed (measured on 2 shared cores, one job, 30 s): parser 138 → 454 executions/s, lint
# 186 → 233/s, framing 2,400/s. Where the parser's time went (perf): compare tracing
# (`trace-cmp`, which -sanitize=fuzzer turns on) about 40% — every byte compare of the lexer
# calls into the runtime; seeds of up to 64 KB (an execution costs in proportion to its
# input); ASan about half of the rest (2.2x; kept: the lexer reads through unchecked
# UnsafeBufferPointers). So: coverage is edges only, Fuzz/swift.dict and Fuzz/jsonrpc.dict
# give the fuzzer the words compare tracing would have found (FUZZ_CMP=1 turns it back on),
# and inputs are capped at 4 KB (FUZZ_MAX_LEN). The lint target spends most of its time in
# libFuzzer's own feature bookkeeping over a large module; FUZZ_JOBS=2 (-fork) doubles it on
# two free cores. 10 million executions: parser ~6 h on one job, lint ~6 h on two, framing
# ~70 min.
# Seeds: the test fixtures and Examples/ (Swift), protocol/sessions (JSON-RPC). A crash or hang
# leaves its input in .build/fuzz/artifacts/ and exits non-zero: add it as a regression test
# (Tests/IsolintSyntaxTests/Fixtures/fuzz/ for the parser, Tests/IsolintRulesTests/Fixtures/_fuzz-lint/
# for the linter, named .input, which MutantTests lints,
# Tests/IsolintLSPTests for framing).
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's backtracer and ASan fight over a crash; libFuzzer reports it.
export SWIFT_BACKTRACE=enable=no
parser_seconds="${1:-60}"
lint_seconds="${2:-60}"
framing_seconds="${3:-60}"
jobs="${FUZZ_JOBS:-1}"
max_len="${FUZZ_MAX_LEN:-4096}"
out=.build/fuzz
mkdir -p "$out/corpus" "$out/corpus-framing" "$out/artifacts" "$out/src" "$out/src-lsp"
if ! command -v swiftc >/dev/null; then
  echo "fuzz: skipped: no swiftc on PATH"
  exit 0
fi
coverage=edge,inline-8bit-counters,pc-table
[ "${FUZZ_CMP:-0}" = 1 ] && coverage="$coverage,trace-cmp"
# One module: the sources without their imports of each other.
rm -f "$out"/src/*.swift "$out"/src-lsp/*.swift
for f in Sources/IsolintSyntax/*.swift Sources/IsolintRules/*/*.swift; do
  sed '/^import IsolintSyntax$/d' "$f" > "$out/src/$(echo "$f" | tr '/' '_')"
done
for f in Sources/IsolintRules/Reporting/JSON.swift Sources/IsolintLSP/Transport.swift Sources/IsolintLSP/Protocol/*.swift; do
  sed '/^import Isolint/d' "$f" > "$out/src-lsp/$(echo "$f" | tr '/' '_')"
done
find Tests Examples -name '*.swift' -size -64k -exec cp {} "$out/corpus/" \; 2>/dev/null || true
# Framing seeds: every message of the recorded sessions, framed, and a few broken frames.
python3 - "$out/corpus-framing" <<'PY'
import json, pathlib, sys
out = pathlib.Path(sys.argv[1])
n = 0
for session in sorted(pathlib.Path("protocol/sessions").glob("*.jsonl")):
    for line in session.read_text().splitlines():
        entry = json.loads(line)
        body = entry.get("raw", json.dumps(entry["msg"]) if "msg" in entry else None)
        data = entry["rawFrame"].encode() if "rawFrame" in entry else b"Content-Length: %d\r\n\r\n" % len(body.encode()) + body.encode()
        if len(data) <= 4096:
            (out / f"seed-{n:04d}").write_bytes(data)
            n += 1
for k, data in enumerate([b"Content-Length: 90\r\n\r\n{}", b"Content-Length: 99999999999\r\n\r\nxx", b"X: 1\r\n\r\n[1,2]"]):
    (out / f"broken-{k}").write_bytes(data)
PY

failed=0
run() {
  local name=$1 seconds=$2 corpus=$3 dict=$4
  shift 4
  [ "$seconds" != "0" ] || return 0
  echo "fuzz: building $name (-O, -sanitize=fuzzer,address, coverage $coverage)"
  if ! swiftc -sanitize=fuzzer,address -sanitize-coverage="$coverage" -parse-as-library -swift-version 6 -O "$@" \
    -o "$out/$name" >"$out/$name.build.log" 2>&1; then
    cat "$out/$name.build.log"
    echo "fuzz: build of $name failed"
    exit 1
  fi
  echo "fuzz: running $name for ${seconds}s ($jobs job(s))"
  local fork=()
  [ "$jobs" -gt 1 ] && fork=(-fork="$jobs" -ignore_crashes=0)
  set +e
  "$out/$name" "$corpus" "${fork[@]}" -dict="$dict" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=4096 \
    -max_len="$max_len" -artifact_prefix="$out/artifacts/$name-" -print_final_stats=1 >"$out/$name.log" 2>&1
  local status=$?
  set -e
  grep -E "ERROR|panic|Fatal|==[0-9]+==" "$out/$name.log" | head -n 20 || true
  local total rate
  total=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$out/$name.log" | grep -Eo '[0-9]+$' | tail -n 1 || true)
  # With -fork the children's totals are in the last status line.
  [ -n "$total" ] || total=$(grep -Eo '^#[0-9]+' "$out/$name.log" | tail -n 1 | tr -d '#' || true)
  rate=$(( ${total:-0} / (seconds > 0 ? seconds : 1) ))
  echo "fuzz: $name: ${total:-0} executions in ${seconds}s, $rate per second"
  if [ "$status" -ne 0 ]; then
    tail -n 40 "$out/$name.log"
    echo "fuzz: $name FAILED (status $status); inputs in $out/artifacts/"
    failed=1
    return 0
  fi
  echo "fuzz: $name: no crash or hang"
}

run fuzz-parser "$parser_seconds" "$out/corpus" Fuzz/swift.dict Sources/IsolintSyntax/*.swift Fuzz/FuzzParser.swift
run fuzz-lint "$lint_seconds" "$out/corpus" Fuzz/swift.dict "$out"/src/*.swift Fuzz/FuzzLint.swift
run fuzz-framing "$framing_seconds" "$out/corpus-framing" Fuzz/jsonrpc.dict "$out"/src-lsp/*.swift Fuzz/FuzzFraming.swift
exit "$failed"
