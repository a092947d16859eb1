#!/usr/bin/env bash
# The whole test suite, as CI runs it:
#   1. a release build that must print no compiler warning,
#   2. swift test (unit tests, rule fixtures, fixes compiled with swiftc where possible), within
#      40 minutes (a hanging test fails the run),
#   3. the differential parser test against `swiftc -dump-parse` over every fixture,
#   4. end to end (Tests/e2e, pytest): the language server through pytest-lsp and real editors
#      (Neovim 0.11, Emacs with lsp-mode and Eglot beside sourcekit-lsp), the VS Code and Helix
#      configurations, the terminal output, the SwiftPM plugins on a sample package; what they
#      need is installed first by scripts/e2e-env.sh (a virtual environment under .build/), and
#      anything it cannot install fails the run,
#   5. `isolint lint Sources` must report nothing (the tool lints clean with its own rules),
#   6. the sources formatted as the toolchain's swift-format does it (.swift-format),
#   7. bounded libFuzzer runs: the parser (FUZZ_SECONDS, default 60), the whole linter with
#      every fix applied (LINT_FUZZ_SECONDS, default 60) and the language server's framing and
#      message decoding (FRAMING_FUZZ_SECONDS, default 60); 0 skips one. Each reports its
#      executions per second and in total,
#   8. the scaling benchmark (`isolint bench --scaling`) on every fixture that fires, in one file:
#      no rule's cost may grow faster than its input (a run that flags one is repeated, longer,
#      and fails only if the same cost is flagged again: timings on a shared machine are noisy).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p .build

step() { printf '\n== %s\n' "$*"; }

step "release build (no warnings allowed)"
# The binary users run (README, "Speed"): on Linux with the Swift libraries linked in.
release_flags=()
[ "$(uname)" = Linux ] && release_flags=(--static-swift-stdlib)
swift build -c release "${release_flags[@]}" 2>&1 | tee .build/release-build.log | grep -E 'error|warning|Compiling|Build' | tail -n 5 || true
# The linker's note on the toolchain's own static Foundation (its use of mktemp) is not ours.
ours() { grep -E 'warning:' .build/release-build.log | grep -v '^warning: .*Package.resolved' \
  | grep -v "/swift_static/.*warning: the use of \`mktemp' is dangerous" || true; }
if [ -n "$(ours)" ]; then
  ours
  echo "FAILED: the build printed warnings"
  exit 1
fi
grep -q 'error:' .build/release-build.log && { echo "FAILED: build errors"; exit 1; }

step "swift test"
# Bounded: a test that hangs (a search gone exponential on a cyclic hierarchy, say) fails the run
# instead of holding it; the suite itself takes a few minutes with its build.
status=0
timeout --kill-after=30s 40m swift test > .build/test.log 2>&1 || status=$?
if [ "$status" -ne 0 ]; then
  grep -E '✘|error:' .build/test.log | head -n 60
  tail -n 20 .build/test.log
  [ "$status" -eq 124 ] && echo "swift test did not finish within 40 minutes: a test hangs (the last ones started are above)"
  echo "FAILED: swift test"
  exit 1
fi
grep -E 'Test run with' .build/test.log | tail -n 1
swift_tests=$(grep -Eo 'Test run with [0-9]+ tests?' .build/test.log | tail -n 1 | grep -Eo '[0-9]+' || echo 0)

step "differential parser test (isolint dump decls vs swiftc -dump-parse)"
python3 scripts/parse-diff.py --isolint .build/release/isolint --min-agreement 100 \
  Tests/IsolintSyntaxTests/Fixtures Tests/IsolintRulesTests/Fixtures Examples
python3 scripts/parse-diff.py --self-test

step "end to end: real clients, editor configurations, terminal output, SwiftPM plugins (Tests/e2e)"
venv="$(scripts/e2e-env.sh)"
PATH="$PWD/$venv/bin:$PATH" ISOLINT=.build/release/isolint "$venv/bin/python" -m pytest Tests/e2e -q -rs \
  -p no:cacheprovider | tee .build/e2e.log
e2e_tests=$(grep -Eo '[0-9]+ passed' .build/e2e.log | tail -n 1 | grep -Eo '[0-9]+' || echo 0)

step "self-lint: isolint lint Sources"
.build/release/isolint lint Sources --fail-on info

step "format (swift-format, .swift-format)"
unformatted=0
while IFS= read -r f; do
  if ! swift-format format --configuration .swift-format "$f" | cmp -s - "$f"; then
    echo "not formatted: $f"
    unformatted=1
  fi
done < <(git ls-files 'Sources/*.swift' 'Plugins/*.swift' 'Fuzz/*.swift' 'Tests/*.swift' 'Package.swift' | grep -v '/Fixtures/')
[ "$unformatted" = 0 ] || { echo "FAILED: run swift-format format -i --configuration .swift-format on the files above"; exit 1; }
echo "all sources formatted"

step "fuzz"
scripts/fuzz.sh "${FUZZ_SECONDS:-60}" "${LINT_FUZZ_SECONDS:-60}" "${FRAMING_FUZZ_SECONDS:-60}"

step "scaling: no rule grows faster than its input (isolint bench --scaling)"
# Each fixture's suppressions end with it: without file-wide directives and with a closing
# `isolint:enable`, one fixture's `disable` does not silence the rules of the fixtures after it
# (it did: prefer-mutex found 8 in the file and 8, not 16, in the file doubled).
find Tests/IsolintRulesTests/Fixtures -name 'fires-*.swift' ! -name '*.fix*.swift' | LC_ALL=C sort \
  | while IFS= read -r f; do grep -v 'isolint:disable-file' "$f"; printf '\n// isolint:enable\n'; done \
  > .build/scaling-input.swift
# Costs of a millisecond on a shared machine: a flagged cost is measured again, longer, and the
# step fails only when the same cost grows faster than its input in both measurements (on busy
# CI machines a different rule was flagged by each run while every one doubled when quiet).
flagged() { sed -n 's/^grows faster than its input: //p' "$1" | tr ',' '\n' | sed 's/^ *//' | LC_ALL=C sort; }
if ! .build/release/isolint bench --scaling .build/scaling-input.swift --repeat 5 > .build/scaling-1.log; then
  grep -E 'grows faster' .build/scaling-1.log || true
  echo "a cost grew faster than its input: measuring again"
  # 60 alternating runs of each size (~15 s): a load burst that lasts a few runs no longer decides.
  if ! .build/release/isolint bench --scaling .build/scaling-input.swift --repeat 60 > .build/scaling.log; then
    both=$(LC_ALL=C comm -12 <(flagged .build/scaling-1.log) <(flagged .build/scaling.log))
    if [ -n "$both" ]; then
      cat .build/scaling-1.log .build/scaling.log
      echo "FAILED: bench --scaling: grew faster than its input twice: $both"
      exit 1
    fi
    grep -E 'grows faster' .build/scaling.log || true
    echo "no cost grew faster than its input in both measurements"
  fi
else
  cp .build/scaling-1.log .build/scaling.log
fi
head -n 5 .build/scaling.log
tail -n 1 .build/scaling.log
echo
echo "all checks passed"
echo "isolint: $((swift_tests + e2e_tests)) passed, 0 failed"
