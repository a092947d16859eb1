"""Soak: 20,000 random incremental edits (multi-byte characters, CRLF line ends) against one
document of the real `isolint lsp`. Afterwards the findings equal a fresh server's for the
final text; the server's RSS at the end is within 10% of its RSS after the first 2,000 edits;
no publishDiagnostics ever arrives for a version older than one already published.

Why 2,000 and not the first hundred: the allocator's arenas and caches grow over the first few
thousand edits (about 1 MB, the same in every build) and then stay flat. Measured against the
hundredth edit, that warm-up alone came to 9-11% of the statically linked server's ~16 MB, so the
check failed without a leak; measured from the 2,000th, a leak of about 100 bytes per edit still
fails it."""

from __future__ import annotations

import random

from rawclient import RawClient

URI = "file:///tmp/isolint-soak/Soak.swift"
EDITS = 20_000
WARM_EDITS = 2_000
SNIPPETS = ["é", "😀", "ß", "\r\n", "\n", " ", "var g = 0\r\n", "let k = 1\n", "func f() async {}\n",
            "Task { await f() }\n", "{", "}", "(", ")", "\"", "//", "/*", "*/", "@MainActor ", "static var s = 1\n",
            "final class C: ObservableObject {}\r\n", "DispatchQueue.main.async { }\n", "x", "é😀\r\n"]
BASE = ("import Foundation\r\n" + "".join(
    f"// Ligne {i} — données 😀\r\nfinal class Model{i} {{\r\n    var value = {i}\r\n    func load() {{ print(\"é\") }}\r\n}}\r\n"
    for i in range(40)) + "var counter = 0\n")


def position(text: str, index: int) -> dict[str, int]:
    line_start = text.rfind("\n", 0, index) + 1
    return {"line": text.count("\n", 0, index), "character": len(text[line_start:index].encode("utf-16-le")) // 2}


def safe(text: str, index: int) -> bool:
    # Never between the CR and LF of a line end.
    return not (0 < index < len(text) and text[index - 1] == "\r" and text[index] == "\n")


def random_edit(rng: random.Random, text: str) -> tuple[int, int, str]:
    while True:
        a = rng.randrange(len(text) + 1)
        b = min(len(text), a + rng.choice([0, 0, 1, 2, 5, 20]))
        new = rng.choice(SNIPPETS) if rng.random() < 0.7 else ""
        if safe(text, a) and safe(text, b) and (a != b or new):
            return a, b, new


def comparable(publish: dict) -> list:
    return [(d["range"], d["code"], d["message"], d["severity"]) for d in publish["diagnostics"]]


async def test_20000_random_edits(tmp_path):
    rng = random.Random(13)
    c = await RawClient.start()
    try:
        await c.initialize({})
        text = BASE
        c.open(URI, text, version=1)
        await c.wait_publish(URI, 1, timeout=30)
        version = 1
        warm_rss = 0
        for k in range(EDITS):
            a, b, new = random_edit(rng, text)
            version += 1
            c.change(URI, version, [{"range": {"start": position(text, a), "end": position(text, b)}, "text": new}])
            text = text[:a] + new + text[b:]
            if k % 100 == 99:
                # Let an analysis finish now and then (most are cancelled by the next edit).
                await c.drain()
                await c.wait_publish(URI, version, timeout=30)
                if k == WARM_EDITS - 1:
                    warm_rss = c.rss_kb()
        final = await c.wait_publish(URI, version, timeout=30)
        end_rss = c.rss_kb()
        versions = [p["version"] for p in c.publishes(URI)]
        assert versions == sorted(versions), "a publish for an older version came after a newer one"
        assert len(set(versions)) == len(versions)
        print(f"soak: {EDITS} edits, {len(versions)} publishes, text {len(text.encode())} bytes; "
              f"RSS after {WARM_EDITS} edits {warm_rss / 1024:.1f} MB, at the end {end_rss / 1024:.1f} MB")
        assert end_rss <= warm_rss * 1.10, (warm_rss, end_rss)
        assert await c.shutdown_and_exit() == 0
    finally:
        await c.close()
    fresh = await RawClient.start()
    try:
        await fresh.initialize({})
        fresh.open(URI, text, version=version)
        again = await fresh.wait_publish(URI, version, timeout=30)
        assert comparable(again) == comparable(final)
        assert again == final
        assert await fresh.shutdown_and_exit() == 0
    finally:
        await fresh.close()
