"""The speed tools as a user runs them: `lint --jobs N` finds what the default finds, `bench
--lint` times the whole command as its own process (cores busy, peak memory, the ratio to the
compiler's parser), `bench --scaling` reports every rule and exits 0 when none grows faster than
its input."""

from __future__ import annotations

import json
import re
import subprocess

from conftest import ISOLINT

SOURCE = """import Foundation

var counter = 0

final class Box: @unchecked Sendable {
    var value = 0
}

func work() {
    var n = 0
    DispatchQueue.global().async { n += 1 }
    print(n)
}
"""


def run(*args, cwd=None, timeout=300):
    return subprocess.run([str(ISOLINT), *args], cwd=cwd, capture_output=True, text=True, timeout=timeout)


def test_jobs_finds_what_the_default_finds(tmp_path):
    for k in range(6):
        (tmp_path / f"F{k}.swift").write_text(SOURCE.replace("Box", f"Box{k}"))
    default = run("lint", "--format", "json", "--fail-on", "never", str(tmp_path))
    assert default.returncode == 0, default.stderr
    findings = json.loads(default.stdout)
    assert len(findings) >= 12
    for jobs in ("1", "2", "5"):
        r = run("lint", "--format", "json", "--fail-on", "never", "--jobs", jobs, str(tmp_path))
        assert r.returncode == 0, r.stderr
        assert json.loads(r.stdout) == findings


def test_jobs_needs_a_positive_number(tmp_path):
    (tmp_path / "A.swift").write_text(SOURCE)
    for bad in ("0", "-1", "many"):
        r = run("lint", "--jobs", bad, str(tmp_path))
        assert r.returncode == 2
        assert f"--jobs takes a positive whole number (got '{bad}')" in r.stderr
    r = run("lint", str(tmp_path), "--jobs")
    assert r.returncode == 2 and "--jobs needs a value" in r.stderr


def test_bench_lint_times_the_command_as_a_process(tmp_path):
    for k in range(3):
        (tmp_path / f"F{k}.swift").write_text(SOURCE.replace("Box", f"Box{k}"))
    r = run("bench", str(tmp_path), "--lint", "--repeat", "1")
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0].startswith("files: 3  ")
    lint_lines = [l for l in lines if l.startswith("isolint lint, JSON output")]
    assert len(lint_lines) >= 1
    for line in lint_lines:
        assert re.search(r"cores busy \d+\.\d\d  peak RSS \d+ MB$", line), line
    if any(l.startswith("swift-frontend -parse") for l in lines):
        assert any(re.match(r"ratio: isolint lint on 1 core is \d+\.\d\dx the compiler's parser", l) for l in lines)


def test_bench_scaling_reports_every_rule_and_passes_on_linear_costs(tmp_path):
    f = tmp_path / "Dense.swift"
    f.write_text(SOURCE * 20)
    ids = json.loads(run("rules", "--format", "json").stdout)
    r = run("bench", "--scaling", str(f), "--repeat", "3")
    assert r.returncode in (0, 1), r.stderr
    out = r.stdout
    assert "lex and parse" in out and "every rule" in out
    for rule in ids:
        assert rule["id"] in out, rule["id"]
    # The second copy's declarations are renamed: twice the findings, not a redeclaration.
    every = next(l for l in out.splitlines() if l.startswith("every rule"))
    once, twice = (int(x) for x in every.split()[2:4])
    assert once > 0 and twice == 2 * once
    if r.returncode == 0:
        assert out.rstrip().endswith("when the input doubles")


def test_bench_needs_a_file_for_scaling():
    r = run("bench", "--scaling")
    assert r.returncode == 2 and "--scaling takes a Swift file" in r.stderr
    r = run("bench", "--scaling", "/nonexistent.swift")
    assert r.returncode == 2 and "cannot read /nonexistent.swift" in r.stderr
