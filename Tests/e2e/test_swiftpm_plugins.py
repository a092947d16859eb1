"""SwiftPM plugins through a real `swift build` and `swift package`: a copy of
Tests/Plugins/SamplePackage, depending on this checkout by path, builds with the build-tool plugin
(isolint's findings in the compiler's format in the build's output) and runs the command plugin
(`swift package isolint …`, which writes only with `--allow-writing-to-package-directory`).

The sample is built once for the module (about a minute and a half on two cores: SwiftPM builds
isolint for the plugin in the copy's own build folder)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess

import pytest

from conftest import ISOLINT, REPO

# Building isolint in the copy takes longer than the suite's 60 s per test.
pytestmark = pytest.mark.timeout(900)

SWIFT = shutil.which("swift")
SAMPLE = REPO / "Tests" / "Plugins" / "SamplePackage"
COUNTER = SAMPLE / "Sources" / "Sample" / "Counter.swift"


def swift(args: list[str], cwd, timeout: float = 600) -> subprocess.CompletedProcess:
    assert SWIFT, "swift not on PATH"
    return subprocess.run([SWIFT, *args], cwd=cwd, capture_output=True, text=True, timeout=timeout,
                          stdin=subprocess.DEVNULL, env={**os.environ, "NO_COLOR": "1"})


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """A copy of the sample whose dependency points at this checkout; built once."""
    root = tmp_path_factory.mktemp("swiftpm") / "SamplePackage"
    shutil.copytree(SAMPLE, root, ignore=shutil.ignore_patterns(".build", ".swiftpm"))
    manifest = root / "Package.swift"
    text = manifest.read_text()
    assert 'path: "../../.."' in text
    manifest.write_text(text.replace('path: "../../.."', f'path: "{REPO}"'))
    build = swift(["build"], root, timeout=900)
    return root, build


def isolint_has(subcommand: str) -> bool:
    proc = subprocess.run([str(ISOLINT), subcommand, "--help"], capture_output=True, text=True, timeout=20)
    return proc.returncode == 0


def test_build_tool_plugin_reports_findings_in_the_compilers_format(sample):
    root, build = sample
    assert build.returncode == 0, build.stdout[-4000:] + build.stderr[-4000:]
    out = build.stdout + build.stderr
    counter = root.resolve() / "Sources" / "Sample" / "Counter.swift"
    lines = [l for l in out.splitlines() if l.startswith(str(counter))]
    assert [re.sub(r": .*\[", ": … [", l) for l in lines] == [
        f"{counter}:4:8: … [global-mutable-state]",
        f"{counter}:7:19: … [global-mutable-state]",
    ]
    assert lines[0] == (f"{counter}:4:8: error: Global variable 'requestCount' is nonisolated shared mutable state: any "
                        "task can read and write it at once, and Swift 6 rejects it. Isolate it to a global actor, "
                        "make it a constant, or protect it and opt out explicitly. [global-mutable-state]")
    assert "Build complete!" in out
    # The clean file has no finding, and the sources are untouched.
    assert "Clean.swift:" not in out
    assert (root / "Sources" / "Sample" / "Counter.swift").read_text() == COUNTER.read_text()


def test_command_plugin_needs_the_write_permission(sample):
    root, _ = sample
    denied = swift(["package", "isolint", "lint"], root)
    assert denied.returncode != 0
    assert "wants permission to write to the package directory" in denied.stderr
    assert "--allow-writing-to-package-directory" in denied.stderr


def test_command_plugin_lints_the_package(sample):
    root, _ = sample
    run = swift(["package", "--allow-writing-to-package-directory", "isolint", "lint", "Sources"], root)
    assert run.returncode != 0  # error findings: isolint exits 1, and so does the plugin
    assert "Sources/Sample/Counter.swift:4:8: error: Global variable 'requestCount'" in run.stdout
    assert run.stdout.endswith("2 findings (2 errors) in 2 files.\n")
    # Whatever subcommand it is given goes to the executable.
    rules = swift(["package", "--allow-writing-to-package-directory", "isolint", "rules"], root)
    assert rules.returncode == 0 and rules.stdout.startswith("global-mutable-state")


@pytest.mark.skipif(not isolint_has("fix"), reason="this isolint has no `fix` subcommand yet")
def test_command_plugin_fixes_only_with_the_permission(sample):
    root, _ = sample
    counter = root / "Sources" / "Sample" / "Counter.swift"
    before = counter.read_text()
    denied = swift(["package", "isolint", "fix"], root)
    assert denied.returncode != 0 and counter.read_text() == before
    fixed = swift(["package", "--allow-writing-to-package-directory", "isolint", "fix"], root)
    assert fixed.returncode == 0, fixed.stderr
    assert counter.read_text() != before
