"""`isolint lint` as a person sees it: on a terminal (a real pseudo-terminal) each finding shows
its source line, a caret under its range, the fixes and the rule's summary, in colour unless
NO_COLOR is set, then counts by rule; in a pipe, one line per finding."""

from __future__ import annotations

import os
import pty
import re
import subprocess

from conftest import ISOLINT

TEXT = 'import Foundation\n\nlet s = "é😀"; var globalCount = 0\n'
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def on_terminal(args: list[str], cwd, env: dict[str, str]) -> tuple[int, str]:
    """Runs isolint with stdout and stderr on a pseudo-terminal; returns (status, output)."""
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([str(ISOLINT), *args], cwd=cwd, stdin=subprocess.DEVNULL, stdout=terminal,
                            stderr=terminal, env=env)
    os.close(terminal)
    chunks = []
    while True:
        try:
            data = os.read(controller, 65536)
        except OSError:  # EIO: the other side closed
            break
        if not data:
            break
        chunks.append(data)
    os.close(controller)
    return proc.wait(timeout=30), b"".join(chunks).decode().replace("\r\n", "\n")


def env_without_no_color(**extra) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    env.update(extra)
    return env


def test_terminal_output_shows_source_caret_fixes_in_colour(tmp_path):
    (tmp_path / "a.swift").write_text(TEXT)
    status, out = on_terminal(["lint", "a.swift"], tmp_path, env_without_no_color())
    assert status == 1
    assert "\x1b[1;31merror[global-mutable-state]\x1b[0m" in out
    plain = ANSI.sub("", out)
    assert plain.startswith("error[global-mutable-state]: Global variable 'globalCount' is nonisolated")
    assert " --> a.swift:3:19\n  |\n3 | let s = \"é😀\"; var globalCount = 0\n  |                ^^^^^^^^^^^^^^^\n" in plain
    assert "  = fix: Make it a constant (`let`) (preferred)\n" in plain
    assert "  = rule: Static or global mutable state that no global actor isolates." in plain
    assert plain.endswith("Findings by rule:\n  1  error   global-mutable-state  Static or global mutable state that "
                          "no global actor isolates.\n1 finding (1 error) in 1 file.\n")


def test_no_color_turns_colour_off_on_a_terminal(tmp_path):
    (tmp_path / "a.swift").write_text(TEXT)
    status, out = on_terminal(["lint", "a.swift"], tmp_path, env_without_no_color(NO_COLOR="1"))
    assert status == 1
    assert "\x1b[" not in out
    assert "  |                ^^^^^^^^^^^^^^^\n" in out


def test_text_format_on_a_terminal_and_a_pipe_is_one_line_per_finding(tmp_path):
    (tmp_path / "a.swift").write_text(TEXT)
    _, forced = on_terminal(["lint", "a.swift", "--format", "text"], tmp_path, env_without_no_color())
    piped = subprocess.run([str(ISOLINT), "lint", "a.swift"], cwd=tmp_path, capture_output=True, text=True,
                           env=env_without_no_color(), timeout=30).stdout
    assert forced == piped
    assert piped.splitlines()[0].startswith("a.swift:3:19: error: Global variable 'globalCount'")
    assert piped.splitlines()[1] == "1 finding (1 error) in 1 file."
