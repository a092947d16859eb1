#!/usr/bin/env python3
"""Record a JSON-RPC session against the real `isolint lsp`.

    python3 protocol/record.py DRAFT.jsonl [-o OUT.jsonl] [--server .build/debug/isolint]

DRAFT.jsonl has the format of protocol/sessions/*.jsonl; only its `send` lines are used
(its `recv` lines, if any, are ignored). Each `send` line is written to the server framed
with Content-Length; then every message the server writes is collected until it has been
quiet for --quiet seconds (and, for a request, until its response has arrived). The output
is the send lines interleaved with the server's actual messages as `recv` lines.

Normalisation (the replay test undoes it):
  * ids of server→client requests become "server-1", "server-2", … in order of appearance;
    a `send` line answering one uses the same placeholder as its id.
A `send` line may carry `"raw": "TEXT"` instead of `"msg"`: TEXT is framed as the body as
is (for malformed JSON), and `"rawFrame": "TEXT"` writes TEXT with no framing at all (for
broken headers).

The result must be reviewed by hand against the LSP specification before it is kept.
"""
import argparse
import json
import os
import queue
import subprocess
import sys
import threading
import time


def read_frames(stream, out):
    """Reader thread: parse Content-Length frames from `stream` into `out` (None at EOF)."""
    buf = b""
    while True:
        chunk = os.read(stream.fileno(), 65536)
        if not chunk:
            out.put(None)
            return
        buf += chunk
        while True:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                break
            length = None
            for line in buf[:end].split(b"\r\n"):
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value.strip())
            if length is None:
                raise SystemExit("server wrote a frame without Content-Length: %r" % buf[:end])
            if len(buf) < end + 4 + length:
                break
            body = buf[end + 4:end + 4 + length]
            buf = buf[end + 4 + length:]
            out.put(json.loads(body.decode("utf-8")))


def frame(body: bytes) -> bytes:
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("draft")
    ap.add_argument("-o", "--output")
    ap.add_argument("--server", default=os.path.join(os.path.dirname(__file__), "..", ".build", "debug", "isolint"))
    ap.add_argument("--quiet", type=float, default=0.5, help="seconds of silence that end a reply group")
    ap.add_argument("--timeout", type=float, default=10.0)
    args = ap.parse_args()

    with open(args.draft, encoding="utf-8") as f:
        sends = [json.loads(l) for l in f if l.strip()]
    sends = [s for s in sends if s["dir"] == "send"]

    proc = subprocess.Popen([args.server, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, cwd="/")
    incoming = queue.Queue()
    threading.Thread(target=read_frames, args=(proc.stdout, incoming), daemon=True).start()

    placeholder_to_real = {}
    real_to_placeholder = {}
    out_lines = []
    eof = False

    def collect(wait_for_id=None):
        nonlocal eof
        deadline = time.monotonic() + args.timeout
        got_response = wait_for_id is None
        while not eof:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                print("timeout waiting for the server", file=sys.stderr)
                return
            try:
                m = incoming.get(timeout=min(remaining, args.quiet if got_response else remaining))
            except queue.Empty:
                if got_response:
                    return
                continue
            if m is None:
                eof = True
                return
            if "method" in m and "id" in m:
                real = json.dumps(m["id"])
                if real not in real_to_placeholder:
                    ph = "server-%d" % (len(real_to_placeholder) + 1)
                    real_to_placeholder[real] = ph
                    placeholder_to_real[ph] = m["id"]
                m = dict(m, id=real_to_placeholder[real])
                got_response = True  # the server waits for our answer: stop waiting for its response
            elif wait_for_id is not None and "method" not in m and m.get("id") == wait_for_id:
                got_response = True
            out_lines.append({"dir": "recv", "msg": m})

    for s in sends:
        out_lines.append(s)
        if "rawFrame" in s:
            data = s["rawFrame"].encode("utf-8")
            wait = None
        elif "raw" in s:
            data = frame(s["raw"].encode("utf-8"))
            wait = None
        else:
            msg = s["msg"]
            if "method" not in msg and isinstance(msg.get("id"), str) and msg["id"] in placeholder_to_real:
                msg = dict(msg, id=placeholder_to_real[msg["id"]])
            data = frame(json.dumps(msg, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
            wait = msg["id"] if "method" in msg and "id" in msg else None
        proc.stdin.write(data)
        proc.stdin.flush()
        collect(wait)
    proc.stdin.close()
    collect()
    try:
        code = proc.wait(timeout=args.timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        code = "killed (no exit)"
    print("server exit code: %s" % code, file=sys.stderr)

    text = "".join(json.dumps(l, ensure_ascii=False, separators=(",", ":")) + "\n" for l in out_lines)
    if args.output:
        with open(args.output, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main()
