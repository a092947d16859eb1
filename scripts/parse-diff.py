#!/usr/bin/env python3
"""Differential test: isolint's parser against the Swift compiler's parser.

For every Swift file given (directories are searched recursively for *.swift,
skipping .build, .git, Pods, Carthage, DerivedData and node_modules), the
script

1. makes a copy with every ``#if`` / ``#elseif`` / ``#else`` / ``#endif``
   directive line blanked (line count and all other lines unchanged; a
   condition continued on following lines is blanked too; directive-looking
   lines inside multi-line string literals and block comments are left alone),
   so that both tools see every branch; one-line `#error("...")` lines are
   blanked as well, since they usually sit in a branch that is now active;
2. runs ``swift-frontend -frontend -dump-parse`` on the copy (many files per
   process; falls back to ``swiftc -dump-parse`` one file at a time) and turns
   the S-expression dump into records ``(kind, line, col, name)``;
3. runs ``$ISOLINT dump decls`` on the same copy and compares the two record
   multisets per file.

Results of step 2 are cached (see --cache-dir), keyed by the SHA-256 of the
parsed (blanked) content, the toolchain version, the compiler flags and this
script's CACHE_VERSION, so re-running after a parser change only re-runs
isolint.

Kind / position mapping (what swiftc -dump-parse prints -> record)
-----------------------------------------------------------------
Lines are 1-based; columns are 1-based UTF-8 byte columns (a tab is one byte;
a UTF-8 BOM counts as 3 bytes of line 1), exactly as swiftc reports them.

  import_decl            -> import     at `import`
  class_decl             -> class      at `class`
  class_decl ... actor   -> actor      at `actor` (swiftc prints actors and
                                       distributed actors as class_decl with
                                       an `actor` flag)
  struct_decl            -> struct     at `struct`
  enum_decl              -> enum       at `enum`
  protocol               -> protocol   at `protocol`
  extension_decl         -> extension  at `extension`
  func_decl              -> func       at `func` (also operator functions,
                                       local functions, protocol requirements)
  constructor_decl       -> init       at `init`
  destructor_decl        -> deinit     at `deinit`
  subscript_decl         -> subscript  at `subscript`
  var_decl               -> var / let  at the bound name; `let` when swiftc
                                       flags it `let`, else `var`
  typealias              -> typealias  at `typealias`
  associated_type_decl   -> associatedtype at `associatedtype`
  enum_element_decl      -> case       at the element name (one per element)
  closure_expr           -> closure    at its `{` (start of its body
                                       brace_stmt), NAME empty

"At the keyword" means after attributes and modifiers.  swiftc's own range
starts there for most decls, but for func / subscript it starts at a
`static` / `class` modifier; the script then scans forward over modifiers
(`nonisolated(unsafe)`, `private(set)`, ...), attributes and comments to the
keyword.  A backticked name (`` let `default` ``) is at its opening
backtick.

NAME is swiftc's name, without backticks: full names for func, init and
subscript (`f(_:b:)`, `==(_:_:)`, `init(x:)`, `subscript(_:)`), `deinit`;
enum cases with a payload also get a full name (`x(_:y:)`, plain `z`
otherwise); extension: the extended type as written (`Swift.Array`);
import: the module path (`Swift.Int` for `import struct Swift.Int`);
closure: empty.  Names are only compared with --by kind-line-col-name.

Not listed (swiftc prints them, but they are not records):
  * anything flagged `implicit` (e.g. `$interpolation`, the var_decls of
    `case let x` / `case .a(let x)` in switch cases and of `catch` /
    `catch let e` clauses, which swiftc prints as implicit
    case_body_variables);
  * accessor_decl (get/set/willSet/didSet/...), parameters (func, init,
    subscript, closure params, `$0`), generic parameters, enum_case_decl
    (its elements are listed instead), pattern_binding_decl;
  * capture-list entries (`[weak self, x = y]`): swiftc makes a
    pattern_binding_decl with an implicit pattern and NO var_decl;
  * conditional / loop bindings: `if let x`, `if let x {` (shorthand),
    `guard let` / `guard var`, `while let`, `if case let .some(x)`,
    `for x in`, `for var x in`, `for case let (a, b) in`: swiftc prints only
    patterns for these, NO var_decl;
  * `let _ = ...` (no name bound);
  * precedence_group_decl, infix/prefix/postfix_operator_decl, macro_decl,
    macro expansions (#Preview, #warning ...): no kind in the contract
    (closures passed to macro expansions ARE listed).

So var/let records are exactly the names bound by `var` / `let`
declarations in any context: stored and computed properties, protocol
requirements, globals, top-level code, function- and closure-local
`let`/`var`, `lazy`/`weak`/`async let`, and every name of a tuple pattern
(`let (a, b) = ...` gives two records).  Each closure literal is listed once
(swiftc prints a pattern initializer twice, as original_init and
processed_init; duplicates with the same kind and position are merged),
including closures in default arguments, attribute arguments and string
interpolations.

Statuses: a file "agrees" when the multisets of keys are equal (--by
kind-line: (kind, line); kind-line-col: (kind, line, col);
kind-line-col-name adds NAME).  A file for which swiftc reports an error is
"skipped (compiler error)"; an unreadable file is "skipped (unreadable)".
Agreement P = agree / (agree + disagree).

Examples:
  scripts/parse-diff.py /work/corpus                       # whole corpus
  ISOLINT=.build/debug/isolint scripts/parse-diff.py --by kind-line-col \\
      --cache-dir /work/corpus/.swiftc-cache /work/corpus/vapor
  scripts/parse-diff.py --swiftc-only --cache-dir DIR PATHS   # warm cache
  scripts/parse-diff.py --dump FILE...    # print swiftc's records in
                                          # `isolint dump decls` format
  scripts/parse-diff.py --self-test
"""

import argparse
import bisect
import collections
import concurrent.futures
import hashlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

CACHE_VERSION = "1"
SKIP_DIRS = {".build", ".git", "Pods", "Carthage", "DerivedData", "node_modules"}
DEFAULT_SWIFTC_FLAGS = ["-enable-bare-slash-regex"]
COMPARE_MODES = {
    "kind-line": lambda r: (r[0], r[1]),
    "kind-line-col": lambda r: (r[0], r[1], r[2]),
    "kind-line-col-name": lambda r: r,
}

# dump head -> (record kind, keyword to move the position to, or None to keep
# swiftc's position: var_decl and enum_element_decl are at the name,
# closures at their brace).
DUMP_KINDS = {
    "import_decl": ("import", b"import"),
    "class_decl": ("class", b"class"),
    "actor_decl": ("actor", b"actor"),
    "struct_decl": ("struct", b"struct"),
    "enum_decl": ("enum", b"enum"),
    "protocol": ("protocol", b"protocol"),
    "protocol_decl": ("protocol", b"protocol"),
    "extension_decl": ("extension", b"extension"),
    "func_decl": ("func", b"func"),
    "constructor_decl": ("init", b"init"),
    "destructor_decl": ("deinit", b"deinit"),
    "subscript_decl": ("subscript", b"subscript"),
    "var_decl": ("var", None),
    "typealias": ("typealias", b"typealias"),
    "typealias_decl": ("typealias", b"typealias"),
    "associated_type_decl": ("associatedtype", b"associatedtype"),
    "enum_element_decl": ("case", None),
    "closure_expr": ("closure", None),
}

_DECL_LINE_RE = re.compile(
    r"^( *)\((?:\w+=)?(" + "|".join(sorted(DUMP_KINDS, key=len, reverse=True))
    + r")(?=[ )\n]|$)([^\n]*)", re.M)
_RANGE_RE = re.compile(r"range=\[.*?:(\d+):(\d+) - line:\d+:\d+\]")
_HEADER_TOKEN_RE = re.compile(
    r'(\w+)=("(?:[^"\\]|\\.)*"|\[[^\]]*\]|[^\s()]*)'   # key=value
    r'|("(?:[^"\\]|\\.)*")'                           # bare quoted string
    r"|(<[^>]*>)"                                     # <anonymous @ 0x...>
    r'|([^\s()"]+)')                                  # bare word
_SOURCE_FILE_RE = re.compile(r'\(source_file "((?:[^"\\]|\\.)*)"')
_DIAG_ERROR_RE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$", re.M)
_BRACE_RE_CACHE = {}

_DIRECTIVE_RE = re.compile(rb"^[ \t]*#(?:if|elseif|else|endif|error)\b[^\n]*", re.M)
_CODE_TOKEN_RE = re.compile(rb'//[^\n]*|/\*|(#*)("""(?=[ \t]*\r?\n)|")|[()]')
_BLOCK_COMMENT_RE = re.compile(rb"/\*|\*/")
_STRING_TOKEN_RE_CACHE = {}
_KEYWORD_SKIP_RE = re.compile(
    rb"\s+|//[^\n]*|/\*.*?\*/"
    rb"|@[\w.]+(?:<[^<>\n]*>)?(?:\s*\((?:[^()]|\([^()]*\))*\))?"
    rb"|\w+(?:\s*\([^()]*\))?", re.S)


# --------------------------------------------------------------------------
# Files and #if blanking

def find_swift_files(paths):
    """Expand files and directories into a sorted list of Swift file paths.

    Directories are walked recursively for regular files named *.swift,
    pruning SKIP_DIRS; files named explicitly are kept whatever their name.
    Symbolic links to a file already listed are dropped (the first path in
    sorted order is kept).
    """
    found = []
    for path in paths:
        if os.path.isdir(path):
            for root, dirs, files in os.walk(path):
                dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
                for name in files:
                    full = os.path.join(root, name)
                    if name.endswith(".swift") and os.path.isfile(full):
                        found.append(full)
        else:
            found.append(path)
    unique = {}
    for path in sorted(os.path.abspath(p) for p in found):
        unique.setdefault(os.path.realpath(path), path)
    return sorted(unique.values())


def _string_token_re(hashes, multiline):
    """Regex for the interesting tokens inside a string literal body."""
    key = (hashes, multiline)
    if key not in _STRING_TOKEN_RE_CACHE:
        pounds = b"#" * hashes
        close = (b'"""' if multiline else b'"') + pounds
        alts = [rb"\\" + pounds + rb"(\()?", re.escape(close)]
        if not multiline:
            alts.append(rb"\n")
        _STRING_TOKEN_RE_CACHE[key] = re.compile(b"|".join(alts))
    return _STRING_TOKEN_RE_CACHE[key]


def literal_spans(data):
    """Sorted, disjoint byte spans of block comments and multi-line strings.

    A light scanner over code, strings (raw `#"..."#` included) and string
    interpolations; regex literals are not recognised.  Used only to avoid
    blanking directive-looking lines inside those spans.
    """
    spans = []
    # Frames: ("code", paren_depth or None at top level) or
    #         ("str", hashes, multiline, start_offset).
    stack = [("code", None)]
    pos, size = 0, len(data)
    while pos < size:
        frame = stack[-1]
        if frame[0] == "code":
            m = _CODE_TOKEN_RE.search(data, pos)
            if not m:
                break
            tok, pos = m.group(0), m.end()
            if tok.startswith(b"//"):
                continue
            if tok == b"/*":
                depth, end = 1, size
                for c in _BLOCK_COMMENT_RE.finditer(data, pos):
                    depth += 1 if c.group(0) == b"/*" else -1
                    if depth == 0:
                        end = c.end()
                        break
                spans.append((m.start(), end))
                pos = end
            elif m.group(2):
                stack.append(("str", len(m.group(1)), m.group(2) == b'"""', m.start()))
            elif frame[1] is not None:
                if tok == b"(":
                    stack[-1] = ("code", frame[1] + 1)
                elif frame[1] == 0:
                    stack.pop()
                else:
                    stack[-1] = ("code", frame[1] - 1)
        else:
            _, hashes, multiline, start = frame
            m = _string_token_re(hashes, multiline).search(data, pos)
            if not m:
                if multiline:
                    spans.append((start, size))
                break
            tok, pos = m.group(0), m.end()
            if tok.startswith(b"\\"):
                if m.group(1):
                    stack.append(("code", 0))
                else:
                    pos += 1  # skip the escaped character
            else:
                stack.pop()
                if multiline:
                    spans.append((start, pos))
    merged = []
    for start, end in sorted(spans):
        if merged and start < merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


def _strip_line_comment(line):
    """Drop a trailing // comment (good enough for directive conditions)."""
    cut = line.find(b"//")
    return line if cut < 0 else line[:cut]


def blank_directives(data):
    """Return `data` with #if/#elseif/#else/#endif and one-line #error lines emptied.

    Line terminators are kept, so line numbers and every other line are
    unchanged.  A `#if`/`#elseif` condition continued on following lines
    (open parenthesis, or a line ending or starting with && / ||) is blanked
    whole.  Directive lines inside block comments or multi-line string
    literals are left alone.
    """
    matches = list(_DIRECTIVE_RE.finditer(data))
    if not matches:
        return data
    spans = literal_spans(data)
    starts = [s for s, _ in spans]
    lines = data.split(b"\n")
    line_starts = [0]
    for line in lines[:-1]:
        line_starts.append(line_starts[-1] + len(line) + 1)
    blank = set()
    for m in matches:
        i = bisect.bisect_right(starts, m.start()) - 1
        if i >= 0 and spans[i][0] < m.start() < spans[i][1]:
            continue
        n = bisect.bisect_right(line_starts, m.start()) - 1
        text = m.group(0).lstrip()
        if text.startswith(b"#error"):
            cond = _strip_line_comment(text).rstrip()
            if cond.count(b"(") != cond.count(b")") or not cond.endswith(b")"):
                continue
        blank.add(n)
        if not (text.startswith(b"#if") or text.startswith(b"#elseif")):
            continue
        cond = _strip_line_comment(text).strip()
        balance = cond.count(b"(") - cond.count(b")")
        while n + 1 < len(lines):
            nxt = _strip_line_comment(lines[n + 1]).strip()
            if not (balance > 0 or cond.endswith((b"&&", b"||"))
                    or nxt.startswith((b"&&", b"||"))):
                break
            n += 1
            blank.add(n)
            cond = nxt
            balance += nxt.count(b"(") - nxt.count(b")")
    for n in blank:
        lines[n] = b"\r" if lines[n].endswith(b"\r") else b""
    return b"\n".join(lines)


# --------------------------------------------------------------------------
# swiftc side: dump parsing

def _unquote(text):
    """Undo the dump's string escaping for a "quoted" token."""
    return re.sub(r'\\(.)', r"\1", text[1:-1])


def parse_header(rest):
    """Split a dump node header into (bare words, first bare string, key/values)."""
    words, name, keys = set(), None, {}
    for m in _HEADER_TOKEN_RE.finditer(rest):
        if m.group(1):
            keys.setdefault(m.group(1), m.group(2))
        elif m.group(3):
            if name is None:
                name = _unquote(m.group(3))
        elif m.group(5):
            words.add(m.group(5))
    return words, name, keys


def line_offsets(source):
    """Byte offset of the start of each line (1-based line n at index n-1)."""
    return [0] + [m.end() for m in re.finditer(rb"\n", source)]


def keyword_position(source, offsets, line, col, keyword):
    """Move (line, col) forward over modifiers/attributes/comments to `keyword`.

    `source` is the file's bytes and `offsets` its line_offsets().  Returns
    the input position when the keyword is already there or cannot be found
    within a few tokens.
    """
    if not 0 < line <= len(offsets):
        return line, col
    pos = offsets[line - 1] + col - 1
    kw_len = len(keyword)
    for _ in range(64):
        if (source.startswith(keyword, pos)
                and not source[pos + kw_len:pos + kw_len + 1].isalnum()
                and source[pos + kw_len:pos + kw_len + 1] != b"_"):
            new_line = bisect.bisect_right(offsets, pos)
            return new_line, pos - offsets[new_line - 1] + 1
        m = _KEYWORD_SKIP_RE.match(source, pos)
        if not m or m.end() == pos:
            break
        pos = m.end()
    return line, col


def _closure_brace(body, indent, start):
    """Position of the brace_stmt child (indent+2) following offset `start`."""
    regex = _BRACE_RE_CACHE.get(indent)
    if regex is None:
        regex = re.compile(r"^ {%d}\((?:\w+=)?brace_stmt [^\n]*?range=\[.*?:(\d+):(\d+) - "
                           % (indent + 2), re.M)
        _BRACE_RE_CACHE[indent] = regex
    m = regex.search(body, start)
    return (int(m.group(1)), int(m.group(2))) if m else None


def records_from_dump_body(body, source=None):
    """Records (kind, line, col, name) of one source_file's dump, sorted.

    `source` (bytes) is needed to move func/subscript positions from a
    `static`/`class` modifier to the keyword; without it swiftc's range
    start is used.  Duplicates (same kind and position) are merged.
    """
    seen, offsets = {}, None
    for m in _DECL_LINE_RE.finditer(body):
        indent, head, rest = len(m.group(1)), m.group(2), m.group(3)
        words, name, keys = parse_header(rest)
        if "implicit" in words:
            continue
        kind, keyword = DUMP_KINDS[head]
        if head == "closure_expr":
            pos = _closure_brace(body, indent, m.end())
            name = ""
        else:
            r = _RANGE_RE.search(rest)
            pos = (int(r.group(1)), int(r.group(2))) if r else None
        if pos is None:
            continue
        if kind == "class" and "actor" in words:
            kind, keyword = "actor", b"actor"
        elif kind == "var" and "let" in words:
            kind = "let"
        if kind == "import" and keys.get("module", "").startswith('"'):
            name = _unquote(keys["module"])
        if keyword is not None and source is not None:
            offsets = offsets or line_offsets(source)
            pos = keyword_position(source, offsets, pos[0], pos[1], keyword)
        seen.setdefault((kind, pos[0], pos[1]), name or "")
    return sorted(((k, l, c, n) for (k, l, c), n in seen.items()), key=record_order)


def record_order(record):
    """Sort key: by position, then kind."""
    return record[1], record[2], record[0], record[3]


def split_dump(text):
    """Split a multi-file dump into {path as printed: body text}."""
    parts = _SOURCE_FILE_RE.split(text)
    return {_unquote('"%s"' % parts[i]): parts[i + 1] for i in range(1, len(parts) - 1, 2)}


# --------------------------------------------------------------------------
# swiftc side: running the compiler, with a cache

def find_toolchain(swiftc):
    """Return (swiftc path, swift-frontend path or None, version string) or None."""
    swiftc = shutil.which(swiftc)
    if not swiftc:
        return None
    frontend = os.path.join(os.path.dirname(os.path.realpath(swiftc)), "swift-frontend")
    if not os.access(frontend, os.X_OK):
        frontend = shutil.which("swift-frontend")
    version = subprocess.run([swiftc, "--version"], capture_output=True, text=True).stdout.strip()
    return swiftc, frontend, version


def _run(cmd, timeout):
    """Run cmd, returning (returncode, stdout, stderr); rc None on timeout."""
    try:
        p = subprocess.run(cmd, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", "timeout after %ss" % timeout
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"))


def _errors_by_file(stderr):
    """Map file path -> first error message from swiftc diagnostics."""
    errors = {}
    for m in _DIAG_ERROR_RE.finditer(stderr):
        errors.setdefault(m.group(1), "%s:%s: error: %s" % (m.group(2), m.group(3), m.group(4)))
    return errors


def run_swiftc(paths, sources, opts):
    """Parse `paths` with the compiler.

    Returns {path: ("ok", records) | ("error", message)}.  With
    swift-frontend, files are parsed as primary files of one process; the
    frontend stops dumping after a file with an error, and a file with
    top-level code is an error unless it is the only input, so files that
    error (or were not dumped) in a batch are re-parsed one per process.
    """
    _, frontend, _ = opts.toolchain
    base = ["-diagnostic-style", "llvm", "-no-color-diagnostics"] + opts.swiftc_flags
    results, pending, single = {}, list(paths), []
    while frontend and len(pending) > 1:
        cmd = [frontend, "-frontend", "-dump-parse"] + base
        for p in pending:
            cmd += ["-primary-file", p]
        rc, out, err = _run(cmd, opts.timeout + len(pending))
        errors = _errors_by_file(err)
        dumped = split_dump(out) if rc is not None else {}
        rest = []
        for p in pending:
            if p in errors:
                single.append(p)
            elif p in dumped:
                results[p] = ("ok", records_from_dump_body(dumped[p], sources.get(p)))
            else:
                rest.append(p)
        if len(rest) == len(pending):
            break
        pending = rest
    for p in single + pending:
        if frontend:
            cmd = [frontend, "-frontend", "-dump-parse"] + base + [p]
        else:
            cmd = [opts.toolchain[0], "-dump-parse"] + base + [p]
        rc, out, err = _run(cmd, opts.timeout)
        errors = _errors_by_file(err)
        if rc is None:
            results[p] = ("error", "swiftc " + err)
        elif rc != 0 or errors or re.search(r"(^|: )error: ", err, re.M):
            msg = errors.get(p) or next((l for l in err.splitlines() if "error:" in l),
                                        "exit status %s" % rc)
            results[p] = ("error", msg)
        else:
            body = next(iter(split_dump(out).values()), "")
            results[p] = ("ok", records_from_dump_body(body, sources.get(p)))
    return results


def cache_key(data, opts):
    """Cache key for swiftc's result on (blanked) content `data`."""
    h = hashlib.sha256()
    for part in (CACHE_VERSION, opts.toolchain[2], " ".join(opts.swiftc_flags)):
        h.update(part.encode() + b"\0")
    h.update(data)
    return h.hexdigest()


def cache_get(opts, key):
    """Cached swiftc result for `key`, or None."""
    if not opts.cache_dir:
        return None
    try:
        with open(os.path.join(opts.cache_dir, key[:2], key + ".json")) as f:
            entry = json.load(f)
    except (OSError, ValueError):
        return None
    if entry["status"] == "ok":
        return ("ok", [tuple(r) for r in entry["records"]])
    return ("error", entry["error"])


def cache_put(opts, key, path, result):
    """Store a swiftc result (atomically) under `key`."""
    if not opts.cache_dir:
        return
    directory = os.path.join(opts.cache_dir, key[:2])
    os.makedirs(directory, exist_ok=True)
    entry = {"path": path, "status": result[0]}
    entry["records" if result[0] == "ok" else "error"] = result[1]
    tmp = os.path.join(directory, "%s.%d.tmp" % (key, os.getpid()))
    with open(tmp, "w") as f:
        json.dump(entry, f, separators=(",", ":"))
    os.replace(tmp, os.path.join(directory, key + ".json"))


# --------------------------------------------------------------------------
# isolint side

def parse_isolint_output(text, paths):
    """Parse `dump decls` output into {path: [records]}.

    With one path the `# PATH` header is optional.  A line that is not
    `KIND<TAB>LINE:COL<TAB>NAME` becomes a record of kind "?" so that it
    shows up in the diff.
    """
    out = {p: [] for p in paths}
    by_name = {p: p for p in paths}
    for p in paths:
        by_name.setdefault(os.path.normpath(p), p)
        by_name.setdefault(os.path.realpath(p), p)
    current = paths[0] if len(paths) == 1 else None
    for line in text.splitlines():
        if line.startswith("# "):
            header = line[2:]
            current = by_name.get(header) or by_name.get(os.path.realpath(header))
            if current is None:
                current = "?"
                out.setdefault("?", [])
            continue
        if not line.strip():
            continue
        m = re.match(r"^(\w+)\t(\d+):(\d+)\t(.*)$", line)
        record = ((m.group(1), int(m.group(2)), int(m.group(3)), m.group(4)) if m
                  else ("?", 0, 0, line))
        out.setdefault(current if current else "?", []).append(record)
    return out


def run_isolint(paths, opts):
    """Run `isolint dump decls` on paths: {path: ("ok", records) | ("error", msg)}.

    A batch that fails (non-zero exit, timeout) is retried one file at a
    time so that the failure is pinned on the right files.
    """
    def once(batch):
        rc, out, err = _run([opts.isolint, "dump", "decls"] + batch, opts.timeout + len(batch))
        if rc != 0:
            tail = err.strip().splitlines()[-1:] if err.strip() else []
            return None, ("isolint %s%s" % ("timeout" if rc is None else "exit %d" % rc,
                                            (": " + tail[0]) if tail else ""))
        return parse_isolint_output(out, batch), None

    if not paths:
        return {}
    parsed, error = once(paths)
    if parsed is not None:
        return {p: ("ok", parsed.get(p, [])) for p in paths}
    if len(paths) == 1:
        return {paths[0]: ("error", error)}
    results = {}
    for p in paths:
        results.update(run_isolint([p], opts))
    return results


# --------------------------------------------------------------------------
# Comparison and the per-batch pipeline

def compare(expected, actual, by):
    """Return (missing, extra) records: in swiftc only / in isolint only."""
    key = COMPARE_MODES[by]
    want = collections.Counter(key(r) for r in expected)
    got = collections.Counter(key(r) for r in actual)
    missing_keys, extra_keys = want - got, got - want

    def pick(records, keys):
        picked = []
        for r in records:
            if keys[key(r)] > 0:
                keys[key(r)] -= 1
                picked.append(r)
        return picked

    return pick(expected, missing_keys), pick(actual, extra_keys)


def process_batch(paths, opts):
    """Run the whole pipeline on a batch of files; one result dict per file."""
    results, sources, tool_path, keys, swiftc_results = {}, {}, {}, {}, {}
    timing = {"swiftc": 0.0, "isolint": 0.0, "swiftc_files": 0}
    with tempfile.TemporaryDirectory(prefix="parse-diff-") as tmp:
        for i, path in enumerate(paths):
            try:
                with open(path, "rb") as f:
                    data = f.read()
            except OSError as e:
                results[path] = {"path": path, "status": "skipped", "reason": "unreadable",
                                 "message": str(e)}
                continue
            blanked = blank_directives(data)
            copy = path
            if blanked != data:
                copy = os.path.join(tmp, str(i), os.path.basename(path))
                os.makedirs(os.path.dirname(copy))
                with open(copy, "wb") as f:
                    f.write(blanked)
            tool_path[path] = copy
            sources[copy] = blanked
            keys[path] = cache_key(blanked, opts)
            cached = cache_get(opts, keys[path])
            if cached:
                swiftc_results[path] = cached
        todo = [p for p in tool_path if p not in swiftc_results]
        if todo:
            start = time.time()
            fresh = run_swiftc([tool_path[p] for p in todo], sources, opts)
            timing["swiftc"] += time.time() - start
            timing["swiftc_files"] += len(todo)
            for p in todo:
                swiftc_results[p] = fresh[tool_path[p]]
                cache_put(opts, keys[p], p, swiftc_results[p])
        ok = [p for p in tool_path if swiftc_results[p][0] == "ok"]
        for p in tool_path:
            if swiftc_results[p][0] != "ok":
                results[p] = {"path": p, "status": "skipped", "reason": "compiler error",
                              "message": swiftc_results[p][1]}
        if opts.isolint and ok:
            start = time.time()
            linted = run_isolint([tool_path[p] for p in ok], opts)
            timing["isolint"] += time.time() - start
        for p in ok:
            expected = swiftc_results[p][1]
            entry = {"path": p, "swiftc": len(expected)}
            if not opts.isolint:
                entry.update(status="swiftc-only", records=expected)
            elif linted[tool_path[p]][0] != "ok":
                entry.update(status="disagree", message=linted[tool_path[p]][1],
                             missing=expected, extra=[])
            else:
                actual = linted[tool_path[p]][1]
                missing, extra = compare(expected, actual, opts.by)
                entry.update(isolint=len(actual), missing=missing, extra=extra,
                             status="disagree" if missing or extra else "agree")
            results[p] = entry
    return [results[p] for p in paths], timing


def _init_worker(opts):
    """Process-pool initializer: make `opts` global in the worker."""
    global _WORKER_OPTS
    _WORKER_OPTS = opts


def _worker(paths):
    """Process-pool entry point."""
    return process_batch(paths, _WORKER_OPTS)


def run_all(files, opts, progress=None):
    """Run process_batch over `files` in parallel; returns (results, timing)."""
    batches = [files[i:i + opts.batch] for i in range(0, len(files), opts.batch)]
    results, timing = [], collections.Counter()
    if opts.jobs <= 1 or len(batches) <= 1:
        outputs = (process_batch(b, opts) for b in batches)
        pool = None
    else:
        pool = concurrent.futures.ProcessPoolExecutor(opts.jobs, initializer=_init_worker,
                                                      initargs=(opts,))
        outputs = pool.map(_worker, batches)
    try:
        for batch_results, batch_timing in outputs:
            results.extend(batch_results)
            timing.update(batch_timing)
            if progress:
                progress(len(results), len(files))
    finally:
        if pool:
            pool.shutdown()
    return results, timing


# --------------------------------------------------------------------------
# Reporting

def format_record(sign, record):
    """One diff line: `-swiftc KIND L:C NAME` or `+isolint ...`."""
    kind, line, col, name = record
    return "%s %-14s %d:%d\t%s" % (sign, kind, line, col, name)


def summarize(results):
    """Counts and agreement percentage of a result list."""
    count = collections.Counter(r["status"] for r in results)
    compared = count["agree"] + count["disagree"]
    return {"files": len(results), "agree": count["agree"], "skipped": count["skipped"],
            "disagree": count["disagree"],
            "agreement": 100.0 * count["agree"] / compared if compared else 100.0}


def text_report(results, summary, opts):
    """Human-readable report: summary line, then diffs of disagreeing files."""
    lines = ["%(files)d files, %(agree)d agree (%(agreement).2f%%), %(skipped)d skipped, "
             "%(disagree)d disagree" % summary]
    skipped = collections.Counter(r["reason"] for r in results if r["status"] == "skipped")
    if skipped:
        lines.append("skipped: " + ", ".join("%d %s" % (n, k) for k, n in sorted(skipped.items())))
    if opts.verbose:
        lines += ["  skipped %s: %s" % (r["path"], r.get("message", r["reason"]))
                  for r in results if r["status"] == "skipped"]
    shown = 0
    for r in results:
        if r["status"] != "disagree" or shown >= opts.show:
            continue
        shown += 1
        lines.append("")
        lines.append("--- %s (swiftc %d, isolint %s, -%d +%d)%s" % (
            r["path"], r["swiftc"], r.get("isolint", "-"), len(r["missing"]), len(r["extra"]),
            ("  [%s]" % r["message"]) if r.get("message") else ""))
        diff = sorted([(x[1], x[2], 0, x) for x in r["missing"]] +
                      [(x[1], x[2], 1, x) for x in r["extra"]])
        for _, _, side, record in diff[:opts.max_lines]:
            lines.append(format_record("-swiftc " if side == 0 else "+isolint", record))
        if len(diff) > opts.max_lines:
            lines.append("... %d more" % (len(diff) - opts.max_lines))
    remaining = summary["disagree"] - shown
    if remaining > 0:
        lines.append("\n(%d more disagreeing files not shown; see --show)" % remaining)
    return "\n".join(lines)


# --------------------------------------------------------------------------
# Self-test

SELF_TEST_SOURCE = """\
import Foundation
@MainActor public final class C {
    var x = 1, y: Int = 2
    static func s() {}
    func f(_ a: Int) {
        let cl = { [weak self] (p: Int) in p }
        if let q = Int("1") { print(q) }
        do {} catch { print(error) }
    }
}
public actor A {}
enum E { case a = 1, b(Int) }
"""

# `swiftc -dump-parse` of SELF_TEST_SOURCE (Swift 6.3), trimmed of the parts
# that do not matter to the parser.
SELF_TEST_DUMP = """\
(source_file "t.swift"
  (import_decl decl_context=0x1 range=[t.swift:1:1 - line:1:8] module="Foundation")
  (class_decl decl_context=0x1 range=[t.swift:2:25 - line:10:1] "C" final inherits="<null>"
    (custom_attr range=[t.swift:2:1 - line:2:2] init_context=0x0
      (type_unqualified_ident id="MainActor" unbound))
    (pattern_binding_decl decl_context=0x2 range=[t.swift:3:5 - line:3:25]
      (pattern_entry init_context=0x3
        (pattern_named "x")))
    (var_decl decl_context=0x2 range=[t.swift:3:9 - line:3:9] "x")
    (var_decl decl_context=0x2 range=[t.swift:3:16 - line:3:16] "y")
    (func_decl decl_context=0x2 range=[t.swift:4:5 - line:4:22] "s()" static
      (parameter "self" decl_context=0x4) thrown_type="<null>"
      (parameter_list range=[t.swift:4:17 - line:4:18])
      (brace_stmt range=[t.swift:4:21 - line:4:22]))
    (func_decl decl_context=0x2 range=[t.swift:5:5 - line:9:5] "f(_:)"
      (parameter "self" decl_context=0x5) thrown_type="<null>"
      (parameter_list range=[t.swift:5:11 - line:5:20]
        (parameter "a" decl_context=0x5))
      (brace_stmt range=[t.swift:5:22 - line:9:5]
        (pattern_binding_decl decl_context=0x5 range=[t.swift:6:9 - line:6:45]
          (pattern_entry
            (pattern_named "cl")
            (original_init=capture_list type="<null>"
              (pattern_binding_decl decl_context=0x5 range=[t.swift:6:27 - line:6:27]
                (pattern_entry
                  (pattern_named implicit "self")))
              (closure_expr type="<null>" discriminator=65535 single_expression
                (parameter_list range=[t.swift:6:32 - line:6:39]
                  (parameter "p" decl_context=0x6))
                (brace_stmt range=[t.swift:6:18 - line:6:45]
                  (unresolved_decl_ref_expr type="<null>" name="p" function_ref=unapplied))))
            (processed_init=capture_list type="<null>"
              (closure_expr type="<null>" discriminator=65535 single_expression
                (parameter_list range=[t.swift:6:32 - line:6:39]
                  (parameter "p" decl_context=0x6))
                (brace_stmt range=[t.swift:6:18 - line:6:45]
                  (unresolved_decl_ref_expr type="<null>" name="p" function_ref=unapplied))))))
        (var_decl decl_context=0x5 range=[t.swift:6:13 - line:6:13] "cl" let)
        (if_stmt range=[t.swift:7:9 - line:7:40]
          (conditions=array
            (pattern
              (pattern_binding implicit kind=let
                (pattern_named "q"))))
          (brace_stmt range=[t.swift:7:29 - line:7:40]))
        (do_catch_stmt range=[t.swift:8:9 - line:8:36] decl_context=0x5 nothrow
          (body=brace_stmt range=[t.swift:8:12 - line:8:13])
          (catch_stmts=array
            (case_stmt range=[t.swift:8:15 - line:8:36]
              (case_body_variables=array
                (var_decl decl_context=0x5 implicit range=[t.swift:8:21 - line:8:21] "error" let))
              (brace_stmt range=[t.swift:8:21 - line:8:36]))))))
  (class_decl decl_context=0x1 range=[t.swift:11:8 - line:11:17] "A" actor)
  (enum_decl decl_context=0x1 range=[t.swift:12:1 - line:12:29] "E" inherits="<null>"
    (enum_case_decl decl_context=0x7 range=[t.swift:12:10 - line:12:27]
      (enum_element_decl decl_context=0x7 range=[t.swift:12:15 - line:12:19] "a")
      (enum_element_decl decl_context=0x7 range=[t.swift:12:22 - line:12:27] "b(_:)"))
    (enum_element_decl decl_context=0x7 range=[t.swift:12:15 - line:12:19] "a")
    (enum_element_decl decl_context=0x7 range=[t.swift:12:22 - line:12:27] "b(_:)")))"""

SELF_TEST_RECORDS = [
    ("import", 1, 1, "Foundation"), ("class", 2, 25, "C"), ("var", 3, 9, "x"),
    ("var", 3, 16, "y"), ("func", 4, 12, "s()"), ("func", 5, 5, "f(_:)"),
    ("closure", 6, 18, ""), ("let", 6, 13, "cl"), ("actor", 11, 8, "A"),
    ("enum", 12, 1, "E"), ("case", 12, 15, "a"), ("case", 12, 22, "b(_:)"),
]

SELF_TEST_BLANKING = [
    # (input, expected output)
    (b"#if os(Linux) ||\n    os(Android)\nimport Glibc\n#else\nimport Darwin\n#endif\n",
     b"\n\nimport Glibc\n\nimport Darwin\n\n"),
    (b"let s = \"\"\"\n#if inside\n\\(f(\"\"\"\n  #endif\n  \"\"\"))\n\"\"\"\n  #if X // c\r\nx\n",
     b"let s = \"\"\"\n#if inside\n\\(f(\"\"\"\n  #endif\n  \"\"\"))\n\"\"\"\n\r\nx\n"),
    (b"/* #if A\n#endif /* nested */ */\n#elseif (A &&\n B) || C\n&& D\nlet x = #\"\"\"#\n#if Y\n",
     b"/* #if A\n#endif /* nested */ */\n\n\n\nlet x = #\"\"\"#\n\n"),
    (b"let q = \"#if\"\n#ifdef\n", b"let q = \"#if\"\n#ifdef\n"),
    (b'#error("x") // y\n#error("""\n  a\n  """)\n', b'\n#error("""\n  a\n  """)\n'),
]


def self_test(opts):
    """Check the dump parser, #if blanking and keyword scan; live check if swiftc exists."""
    failures, passed = [], 0

    def check(name, got, want):
        nonlocal passed
        if got == want:
            passed += 1
        else:
            failures.append("%s:\n  got  %r\n  want %r" % (name, got, want))

    source = SELF_TEST_SOURCE.encode()
    body = split_dump(SELF_TEST_DUMP)["t.swift"]
    check("dump records", records_from_dump_body(body, source),
          sorted(SELF_TEST_RECORDS, key=record_order))
    for i, (given, want) in enumerate(SELF_TEST_BLANKING):
        check("blanking %d" % i, blank_directives(given), want)
    src = b"  @objc(x) nonisolated(unsafe) /* c */ static\n  public func f() {}\n"
    check("keyword scan", keyword_position(src, line_offsets(src), 1, 3, b"func"), (2, 10))
    check("keyword scan miss", keyword_position(src, line_offsets(src), 1, 3, b"init"), (1, 3))
    check("isolint output", parse_isolint_output("# /a.swift\nfunc\t1:2\tf()\n# /b.swift\nbad\n",
                                                 ["/a.swift", "/b.swift"]),
          {"/a.swift": [("func", 1, 2, "f()")], "/b.swift": [("?", 0, 0, "bad")]})
    check("compare", compare([("func", 1, 1, "f"), ("var", 2, 5, "x")],
                             [("func", 1, 3, "f"), ("let", 2, 5, "x")], "kind-line"),
          ([("var", 2, 5, "x")], [("let", 2, 5, "x")]))
    if opts.toolchain:
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "t.swift")
            with open(path, "wb") as f:
                f.write(source)
            live = run_swiftc([path], {path: source}, opts)[path]
        check("live swiftc", live, ("ok", sorted(SELF_TEST_RECORDS, key=record_order)))
    for failure in failures:
        print("FAIL " + failure)
    print("%d passed, %d failed" % (passed, len(failures)))
    return 1 if failures else 0


# --------------------------------------------------------------------------
# Command line

def default_isolint():
    """$ISOLINT, else the repo's .build/release or .build/debug isolint."""
    if os.environ.get("ISOLINT"):
        return os.environ["ISOLINT"]
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    for config in ("release", "debug"):
        candidate = os.path.join(repo, ".build", config, "isolint")
        if os.access(candidate, os.X_OK):
            return candidate
    return None


def parse_args(argv):
    """Command-line options."""
    ap = argparse.ArgumentParser(
        description="Compare `isolint dump decls` with `swiftc -dump-parse`.",
        epilog="The kind/position mapping is documented at the top of this script.")
    ap.add_argument("paths", nargs="*", help="Swift files and/or directories")
    ap.add_argument("--by", choices=sorted(COMPARE_MODES), default="kind-line",
                    help="what must match (default: kind-line)")
    ap.add_argument("--isolint", default=default_isolint(),
                    help="isolint binary (default: $ISOLINT, else .build/{release,debug}/isolint)")
    ap.add_argument("--swiftc", default="swiftc", help="swiftc to use (default: from PATH)")
    ap.add_argument("--swiftc-flag", action="append", dest="swiftc_flags",
                    help="extra flag for swiftc, repeatable (default: %s)"
                    % " ".join(DEFAULT_SWIFTC_FLAGS))
    ap.add_argument("--cache-dir", default=os.environ.get("PARSE_DIFF_CACHE"),
                    help="cache of swiftc results (default: $PARSE_DIFF_CACHE, else "
                    "~/.cache/isolint-parse-diff)")
    ap.add_argument("--no-cache", action="store_true", help="neither read nor write the cache")
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1,
                    help="parallel worker processes (default: CPU count)")
    ap.add_argument("--batch", type=int, default=100, help="files per process (default 100)")
    ap.add_argument("--timeout", type=float, default=30,
                    help="seconds allowed per file for each tool (default 30)")
    ap.add_argument("--show", type=int, default=20, help="disagreeing files to show (default 20)")
    ap.add_argument("--max-lines", type=int, default=40,
                    help="diff lines shown per file (default 40)")
    ap.add_argument("--min-agreement", type=float, default=100.0,
                    help="exit 1 when agreement (%%) is below this (default 100)")
    ap.add_argument("--json", action="store_true", help="machine-readable output")
    ap.add_argument("-v", "--verbose", action="store_true", help="list skipped files and timings")
    ap.add_argument("--swiftc-only", action="store_true",
                    help="only run (and cache) the swiftc side")
    ap.add_argument("--dump", action="store_true",
                    help="print swiftc's records in `isolint dump decls` format")
    ap.add_argument("--self-test", action="store_true", help="test this script and exit")
    opts = ap.parse_args(argv)
    if opts.swiftc_flags is None:
        opts.swiftc_flags = list(DEFAULT_SWIFTC_FLAGS)
    if opts.no_cache:
        opts.cache_dir = None
    elif not opts.cache_dir:
        opts.cache_dir = os.path.join(os.environ.get("XDG_CACHE_HOME")
                                      or os.path.expanduser("~/.cache"), "isolint-parse-diff")
    opts.jobs, opts.batch = max(1, opts.jobs), max(1, opts.batch)
    if not opts.self_test and not opts.paths:
        ap.error("no files or directories given")
    return opts


def main(argv=None):
    """Entry point; returns the exit status."""
    opts = parse_args(sys.argv[1:] if argv is None else argv)
    opts.toolchain = find_toolchain(opts.swiftc)
    if opts.self_test:
        return self_test(opts)
    if not opts.toolchain:
        print("skipped: no swiftc on PATH")
        return 0
    if opts.swiftc_only or opts.dump:
        opts.isolint = None
    elif not opts.isolint or not os.access(opts.isolint, os.X_OK):
        print("parse-diff: no isolint binary (set ISOLINT or --isolint; build with "
              "`swift build -c release`)", file=sys.stderr)
        return 2
    files = find_swift_files(opts.paths)
    show_progress = sys.stderr.isatty() and not opts.dump and len(files) > opts.batch

    def progress(done, total):
        print("\r%d/%d files" % (done, total), end="", file=sys.stderr, flush=True)

    start = time.time()
    results, timing = run_all(files, opts, progress if show_progress else None)
    elapsed = time.time() - start
    if show_progress:
        print(file=sys.stderr)
    if opts.dump:
        for r in results:
            if len(results) > 1:
                print("# " + r["path"])
            if r["status"] == "skipped":
                print("# skipped (%s): %s" % (r["reason"], r.get("message", "")))
            for kind, line, col, name in r.get("records", []):
                print("%s\t%d:%d\t%s" % (kind, line, col, name))
        return 0
    summary = summarize(results)
    timing_line = ("time: %.1fs wall; swiftc ran on %d files (%.1fs summed), isolint %.1fs summed"
                   % (elapsed, timing["swiftc_files"], timing["swiftc"], timing["isolint"]))
    if opts.json:
        json.dump({"summary": summary, "by": opts.by, "elapsed": round(elapsed, 2),
                   "timing": dict(timing), "results": [
                       {k: v for k, v in r.items() if k != "records"} for r in results]},
                  sys.stdout, indent=1)
        print()
    elif opts.swiftc_only:
        print("%d files, %d parsed by swiftc, %d skipped" % (
            len(results), sum(r["status"] != "skipped" for r in results),
            sum(r["status"] == "skipped" for r in results)))
        print(timing_line)
    else:
        print(text_report(results, summary, opts))
        if opts.verbose:
            print(timing_line)
    return 0 if opts.swiftc_only or summary["agreement"] >= opts.min_agreement else 1


if __name__ == "__main__":
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # quiet under `| head`
    sys.exit(main())
