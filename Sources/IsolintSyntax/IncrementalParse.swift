/// Incremental re-parsing for the language server: after an edit, only the top-level items
/// around the changed bytes are lexed and parsed again; the tokens and nodes of the others are
/// copied (moved by the edit's length). The result is the tree `SyntaxTree.parse` gives — the
/// tests and the fuzzer (`Fuzz/FuzzParser.swift`) compare the two after random edits.
///
/// Where it restarts: at a top-level item that starts a line, lies outside any string
/// interpolation, and has at least one whole item and `restartMargin` tokens between it and the
/// first changed token (a parser may peek past the end of the item it parses), and before any
/// token whose lexing read to the end of the file (`longLookaheads`).
/// Where it stops: lexing, at the first token past the change that the old lexer produced
/// identically from the same state; parsing, at the first item start after that where the
/// bracket pairs of everything that follows are unchanged too.
extension SyntaxTree {
    /// Tokens between the restart and the first changed token: more than any parser lookahead
    /// reads past its position (the generic-argument and attribute scans stop after 64).
    static let restartMargin = 80

    /// The tree of `newSource`, which is this tree's text after some edit.
    public func reparsed(_ newSource: SourceFile) -> SyntaxTree {
        let old = source.bytes
        let new = newSource.bytes
        let (prefix, suffix) = Self.commonAffixes(old, new)
        if prefix == old.count, prefix == new.count {
            return newSource.path == source.path
                ? self : SyntaxTree(source: newSource, stream: stream, nodes: nodes, items: items)
        }
        guard let restart = restartItem(changeStart: prefix) else { return .parse(newSource) }
        return new.withUnsafeBufferPointer { bytes in
            reparse(newSource, bytes, from: restart, changeEnd: new.count - suffix, delta: new.count - old.count)
        }
    }

    var stream: TokenStream {
        TokenStream(
            tokens: tokens, comments: comments, matching: matching,
            interpolatedStringEnds: interpolatedStringEnds, interpolationSpans: interpolationSpans,
            longLookaheads: longLookaheads)
    }

    /// Lengths of the longest common prefix and suffix (not overlapping in either array),
    /// compared eight bytes at a time (a keystroke compares the whole file).
    static func commonAffixes(_ a: [UInt8], _ b: [UInt8]) -> (prefix: Int, suffix: Int) {
        a.withUnsafeBufferPointer { x in
            b.withUnsafeBufferPointer { y in
                let limit = min(x.count, y.count)
                let rx = UnsafeRawBufferPointer(x)
                let ry = UnsafeRawBufferPointer(y)
                var p = 0
                while p + 8 <= limit,
                    rx.loadUnaligned(fromByteOffset: p, as: UInt64.self)
                        == ry.loadUnaligned(fromByteOffset: p, as: UInt64.self)
                {
                    p += 8
                }
                while p < limit, x[p] == y[p] { p += 1 }
                var s = 0
                while s + 8 <= limit - p,
                    rx.loadUnaligned(fromByteOffset: x.count - s - 8, as: UInt64.self)
                        == ry.loadUnaligned(fromByteOffset: y.count - s - 8, as: UInt64.self)
                {
                    s += 8
                }
                while s < limit - p, x[x.count - 1 - s] == y[y.count - 1 - s] { s += 1 }
                return (p, s)
            }
        }
    }

    /// The latest item it is safe to restart at, or nil (restarting at the first token is a
    /// full parse).
    func restartItem(changeStart: Int) -> Int? {
        // The first token the change can touch: one ending at or after it (typing right after
        // an identifier extends it).
        var lo = 0, hi = tokens.count - 1
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(tokens[mid].end) >= changeStart { hi = mid } else { lo = mid + 1 }
        }
        // A token that read to the end of the file counts as touched.
        let touched = min(lo, longLookaheads.first.map(Int.init) ?? lo)
        // The item holding it, then one more back.
        var k = items.count - 1
        while k >= 0, Int(items[k].firstToken) > touched { k -= 1 }
        k -= 1
        while k >= 0 {
            let a = Int(items[k].firstToken)
            if a > 0, a + Self.restartMargin <= touched, tokens[a].isAtLineStart, !Self.inSpan(a, interpolationSpans) {
                return k
            }
            k -= 1
        }
        return nil
    }

    static func inSpan(_ token: Int, _ spans: [Range<Int32>]) -> Bool {
        var lo = 0, hi = spans.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(spans[mid].upperBound) <= token { lo = mid + 1 } else { hi = mid }
        }
        return lo < spans.count && spans[lo].contains(Int32(token))
    }

    private func reparse(
        _ newSource: SourceFile, _ bytes: UnsafeBufferPointer<UInt8>, from restart: Int, changeEnd: Int, delta: Int
    ) -> SyntaxTree {
        let a = Int(items[restart].firstToken)
        // Lex from the end of the token before the restart item (its trivia is unchanged).
        let resume = Int(interpolatedStringEnds[Int32(a - 1)] ?? tokens[a - 1].end)
        var lexer = LexerState(bytes, tokens: TokenBuffer(capacity: LexerState.tokenCapacity(bytes: bytes.count)))
        lexer.i = resume
        // Past the end of a token, the lexer is at a line start only after a one-line string
        // whose unterminated interpolation a newline closed (its end is past that newline).
        lexer.lineStart = resume > 0 && (bytes[resume - 1] == 0x0A || bytes[resume - 1] == 0x0D)
        lexer.tokens.append(contentsOf: tokens[0..<a])
        lexer.comments = comments.filter { Int($0.start) < resume }
        lexer.interpolatedStringEnds = interpolatedStringEnds.filter { Int($0.key) < a }
        lexer.interpolationSpans = interpolationSpans.filter { Int($0.upperBound) <= a }
        lexer.longLookaheads = longLookaheads.filter { Int($0) < a }

        // Relex until a token past the change (and past the two bytes a later token's
        // left-binding looks back at) comes out as the old lexer made it, from the same state.
        var synced: (new: Int, old: Int)?
        var cursor = 0
        let ignored = TokenFlags.spaceAfter
        while lexer.lexNext() {
            let t = lexer.tokens[lexer.tokens.count - 1]
            // The same state: no string open, and the lexer right after the token (not after
            // the rest of a string whose last interpolation this `)` closed).
            guard lexer.frames.isEmpty, lexer.i == Int(t.end), Int(t.start) > changeEnd else { continue }
            let target = Int(t.start) - delta
            if cursor == 0 {
                // First candidate: jump to it by binary search.
                var lo = 0, hi = tokens.count - 1
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if Int(tokens[mid].start) >= target { hi = mid } else { lo = mid + 1 }
                }
                cursor = lo
            }
            while cursor < tokens.count - 1, Int(tokens[cursor].start) < target { cursor += 1 }
            let o = tokens[cursor]
            if cursor < tokens.count - 1, Int(o.start) == target, Int(o.end) == Int(t.end) - delta, o.kind == t.kind,
                o.keyword == t.keyword, o.flags.union(ignored) == t.flags.union(ignored),
                !Self.inSpan(cursor, interpolationSpans),
                interpolatedStringEnds[Int32(cursor)] == nil
            {
                synced = (lexer.tokens.count - 1, cursor)
                break
            }
        }
        var stream = TokenStream(tokens: [], comments: [], matching: [])
        var tokenDelta = 0
        if let (j, jo) = synced {
            tokenDelta = j - jo
            lexer.tokens[j].flags = tokens[jo].flags
            let d32 = Int32(delta)
            lexer.tokens.append(contentsOf: tokens[(jo + 1)...], shiftedBy: d32)
            let after = tokens[jo].end
            for c in comments where c.start >= after {
                lexer.comments.append(
                    Comment(start: c.start + d32, end: c.end + d32, isBlock: c.isBlock, isDoc: c.isDoc))
            }
            for (key, value) in interpolatedStringEnds where Int(key) > jo {
                lexer.interpolatedStringEnds[key + Int32(tokenDelta)] = value + d32
            }
            for s in interpolationSpans where Int(s.lowerBound) > jo {
                lexer.interpolationSpans.append((s.lowerBound + Int32(tokenDelta))..<(s.upperBound + Int32(tokenDelta)))
            }
            for t in longLookaheads where Int(t) > jo { lexer.longLookaheads.append(t + Int32(tokenDelta)) }
        }
        stream.tokens = lexer.tokens.finish()
        stream.comments = lexer.comments
        stream.interpolatedStringEnds = lexer.interpolatedStringEnds
        stream.interpolationSpans = lexer.interpolationSpans
        stream.longLookaheads = lexer.longLookaheads
        stream.matching = Lexer.matchBrackets(stream.tokens)

        // Bracket pairs agree with the old ones (moved) from `pairsAgree` on.
        var pairsAgree = stream.tokens.count
        if let (j, _) = synced {
            let d = Int32(tokenDelta)
            var k = stream.tokens.count - 1
            while k > j {
                let m = matching[k - tokenDelta]
                if stream.matching[k] != (m < 0 ? -1 : m + d) { break }
                k -= 1
            }
            pairsAgree = k + 1
        }

        // Items before the restart were parsed with the old bracket pairs; where a pair among
        // their tokens changed (a bracket added after them now closes one of theirs), parsing
        // restarts one item before the first such token.
        var parseRestart = restart
        if let k0 = (0..<a).first(where: { stream.matching[$0] != matching[$0] }) {
            var k = restart
            while k > 0, Int(items[k].firstToken) > k0 { k -= 1 }
            parseRestart = max(0, k - 1)
        }
        let parseStart = Int(items[parseRestart].firstToken)
        let firstNode = Int(items[parseRestart].firstNode)
        let (newNodes, newItems, moved) = stream.tokens.withUnsafeBufferPointer { toks in
            stream.matching.withUnsafeBufferPointer { match in
                var parser = Parser(
                    tokens: toks, matching: match, source: bytes,
                    nodes: PlainBuffer(capacity: Parser.nodeCapacity(tokens: toks.count)))
                parser.nodes.append(contentsOf: nodes[0..<firstNode])
                parser.items.append(contentsOf: items[0..<parseRestart])
                parser.pos = parseStart
                parser.current = 0
                var reuseFrom = -1
                // Old nodes from `moved.from` on, appended at `moved.to`.
                var moved = (from: nodes.count, to: 0)
                let stopped = parser.parseTopLevel { pos in
                    guard let (j, _) = synced, pos > j, pos >= pairsAgree else { return false }
                    guard let q = itemIndex(startingAt: pos - tokenDelta) else { return false }
                    reuseFrom = q
                    return true
                }
                if stopped, reuseFrom >= 0 {
                    let nodeDelta = Int32(parser.nodes.count) - items[reuseFrom].firstNode
                    let d = Int32(tokenDelta)
                    let from = Int(items[reuseFrom].firstNode)
                    moved = (from, parser.nodes.count)
                    parser.nodes.reserveCapacity(parser.nodes.count + nodes.count - from)
                    if d == 0 && nodeDelta == 0 {
                        // The common keystroke (a comment or a word typed): the later nodes are
                        // the old ones exactly, copied whole.
                        parser.nodes.append(contentsOf: nodes[from...])
                    } else {
                        for n in nodes[from...] {
                            var m = n
                            m.firstToken += d
                            m.endToken += d
                            if m.name >= 0 { m.name += d }
                            if m.keyword >= 0 { m.keyword += d }
                            if m.parent > 0 { m.parent += nodeDelta }
                            parser.nodes.append(m)
                        }
                    }
                    for item in items[reuseFrom...] {
                        parser.items.append(
                            TopLevelItem(firstToken: item.firstToken + d, firstNode: item.firstNode + nodeDelta))
                    }
                }
                if moved.from == nodes.count { moved.to = parser.nodes.count }
                parser.nodes[0].endToken = Int32(toks.count)
                return (parser.nodes.finish(), parser.items, moved)
            }
        }
        let children = ChildTables.spliced(
            newNodes, from: self, kept: firstNode, movedFrom: moved.from, movedTo: moved.to)
        return SyntaxTree(source: newSource, stream: stream, nodes: newNodes, items: newItems, children: children)
    }

    /// The index of the item starting at `token`, if one does.
    func itemIndex(startingAt token: Int) -> Int? {
        var lo = 0, hi = items.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(items[mid].firstToken) < token { lo = mid + 1 } else { hi = mid }
        }
        return lo < items.count && Int(items[lo].firstToken) == token ? lo : nil
    }
}
