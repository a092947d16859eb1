// libFuzzer entry point for the lexer, the parser, incremental re-parsing and packed trees.
// Built by scripts/fuzz.sh together with the IsolintSyntax sources (one module, so no import).
// Checks the invariants every consumer of the tree relies on; any violation, crash or hang is a
// bug.

@_cdecl("LLVMFuzzerTestOneInput")
public func isolintFuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let tree = SyntaxTree.parse(SourceFile(path: "fuzz.swift", bytes: bytes))
    let tokens = tree.tokens
    precondition(tokens.last?.kind == .eof, "token stream must end with eof")
    var previousStart: Int32 = 0
    for t in tokens {
        precondition(t.start >= 0 && t.start <= t.end && Int(t.end) <= size, "token out of bounds")
        precondition(t.start >= previousStart, "tokens out of order")
        previousStart = t.start
    }
    for (i, n) in tree.nodes.enumerated() {
        precondition(
            n.firstToken >= 0 && n.firstToken <= n.endToken && Int(n.endToken) <= tokens.count, "node token range")
        precondition(n.parent < Int32(tree.nodes.count) && (i == 0 || n.parent >= 0), "node parent")
        precondition(n.name < Int32(tokens.count) && n.keyword < Int32(tokens.count), "node token index")
        _ = tree.range(of: Int32(i))
    }
    _ = DeclDump.render(tree)
    // Position mapping round-trips for every token start.
    for t in tokens.prefix(2000) {
        for enc in [PositionEncoding.utf8, .utf16, .utf32] {
            let p = tree.source.position(of: Int(t.start), encoding: enc)
            let back = tree.source.offset(of: p, encoding: enc)
            precondition(back <= size, "offset out of bounds")
        }
    }
    checkIncremental(tree, bytes)
    checkPacked(tree)
    return 0
}

/// An edit derived from the input itself (where, how much to remove, what to insert), then the
/// incremental re-parse from the tree of the input must equal a full parse of the edited text.
func checkIncremental(_ tree: SyntaxTree, _ bytes: [UInt8]) {
    let edited = FuzzEdit.apply(to: bytes)
    let source = SourceFile(path: "fuzz.swift", bytes: edited)
    let incremental = tree.reparsed(source)
    let full = SyntaxTree.parse(source)
    checkSame(incremental.stream, full.stream, "incremental")
    precondition(incremental.items == full.items, "incremental items differ")
    precondition(incremental.nodes == full.nodes, "incremental nodes differ")
}

/// The trees a run keeps packed between its phases come back as the parser made them.
func checkPacked(_ tree: SyntaxTree) {
    guard let back = PackedTree(tree).unpack(for: tree.source) else {
        preconditionFailure("packed tree refused its own text")
    }
    checkSame(back.stream, tree.stream, "packed")
    precondition(back.nodes == tree.nodes, "packed nodes differ")
    precondition(back.items == tree.items, "packed items differ")
    precondition(back.childStart == tree.childStart && back.childList == tree.childList, "packed children differ")
}

func checkSame(_ a: TokenStream, _ b: TokenStream, _ what: String) {
    precondition(a.tokens == b.tokens, "\(what) tokens differ")
    precondition(a.comments == b.comments, "\(what) comments differ")
    precondition(a.matching == b.matching, "\(what) bracket matching differs")
    precondition(a.interpolatedStringEnds == b.interpolatedStringEnds, "\(what) string ends differ")
    precondition(a.interpolationSpans == b.interpolationSpans, "\(what) interpolation spans differ")
    precondition(a.longLookaheads == b.longLookaheads, "\(what) long lookaheads differ")
}
