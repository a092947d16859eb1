/// Where a list of items is parsed: decides whether `case` is an enum case and whether stray
/// tokens are statements.
enum ItemContext {
    case topLevel, members, statements
}

extension Parser {
    mutating func parseSourceFile() {
        let root = open(.sourceFile, at: 0)
        parseTopLevel { _ in false }
        close(root)
        nodes[Int(root)].endToken = Int32(toks.count)
    }

    /// Top-level items from `pos` until the end of file, or until `reuse` accepts the item
    /// starting at `pos` (an incremental re-parse takes the rest from the previous tree).
    /// Returns whether it stopped there. The parser's state is the same at every item start —
    /// the root as parent, depth 0 — which is what lets a re-parse start and stop at one.
    @discardableResult
    mutating func parseTopLevel(reuse: (Int) -> Bool) -> Bool {
        while !atEOF {
            if reuse(pos) { return true }
            items.append(TopLevelItem(firstToken: Int32(pos), firstNode: Int32(nodes.count)))
            let t = tok
            switch t.kind {
            case .rBrace:
                skipUnknown()
            case .semicolon:
                advance()
            case .poundDirective:
                if t.keyword == .poundIf {
                    parseIfConfig { p in p.parseItems(.topLevel, inIfConfig: true) }
                } else {
                    skipDirectiveLine()
                }
            default:
                let before = pos
                if isDeclStart(.topLevel) { parseDecl(.topLevel) } else { parseStatement() }
                if pos == before { skipUnknown() }
            }
        }
        return false
    }

    /// Items until `}` or end of file (and, inside `#if`, until the next directive).
    mutating func parseItems(_ context: ItemContext, inIfConfig: Bool) {
        while true {
            let t = tok
            switch t.kind {
            case .eof, .rBrace:
                return
            case .semicolon:
                advance()
                continue
            case .poundDirective:
                if t.keyword == .poundIf {
                    parseIfConfig { p in p.parseItems(context, inIfConfig: true) }
                    continue
                }
                if inIfConfig { return }
                skipDirectiveLine()
                continue
            default:
                break
            }
            let before = pos
            if context == .members || isDeclStart(context) {
                if isDeclStart(context) { parseDecl(context) } else { parseStatement() }
            } else {
                parseStatement()
            }
            if pos == before { skipUnknown() }
        }
    }

    /// A stray `#else`/`#endif`/`#sourceLocation(…)` line.
    mutating func skipDirectiveLine() {
        let start = pos
        advance()
        while !atEOF, !tok.isAtLineStart {
            if at(.lParen) { pos = afterMatching(pos) } else { advance() }
        }
        leaf(.unknown, from: start, to: pos)
    }

    /// `#if cond … #elseif cond … #else … #endif`, every branch parsed by `body`.
    mutating func parseIfConfig(_ body: (inout Parser) -> Void) {
        let n = open(.ifConfig)
        var first = true
        while at(.poundDirective) {
            let kw = tok.keyword
            if first ? kw != .poundIf : (kw != .poundElseif && kw != .poundElse) { break }
            first = false
            let clause = open(.ifConfigClause)
            nodes[Int(clause)].keyword = Int32(pos)
            advance()
            if kw != .poundElse {
                while !atEOF, !tok.isAtLineStart {
                    if at(.lParen) { pos = afterMatching(pos) } else { advance() }
                }
            }
            nested { p in body(&p) }
            close(clause)
        }
        if at(.poundDirective), tok.keyword == .poundEndif { advance() }
        close(n)
    }

    // MARK: Attributes and modifiers

    static let modifierWords = KeywordSet([
        .public, .private, .fileprivate, .internal, .package, .open, .static, .final, .override,
        .mutating, .nonmutating, .lazy, .weak, .unowned, .dynamic, .optional, .required,
        .convenience, .indirect, .nonisolated, .isolated, .distributed, .prefix, .postfix, .infix,
        .consuming, .borrowing, .underscore2Consuming,
    ])

    static let declKeywords = KeywordSet([
        .import, .class, .struct, .enum, .protocol, .extension, .func, .initKeyword, .deinit,
        .subscript, .var, .let, .typealias, .associatedtype, .operator, .precedencegroup,
    ])

    @inline(__always) func isModifier(_ k: Int) -> Bool {
        let t = token(k)
        guard t.kind == .keyword || t.kind == .identifier, !t.flags.contains(.backticked) else { return false }
        if t.keyword == .class {
            let next = token(k + 1)
            return Parser.declKeywords.contains(next.keyword) && next.keyword != .class && next.kind == .keyword
                || Parser.modifierWords.contains(next.keyword)
        }
        return Parser.modifierWords.contains(t.keyword)
    }

    /// Index after a modifier at `k` (with `(set)`, `(unsafe)`, `(nonsending)` details).
    /// Words a modifier may take in parentheses: `private(set)`, `nonisolated(unsafe)`,
    /// `nonisolated(nonsending)`, `unowned(safe)`.
    static let modifierDetails: Set<String> = ["set", "unsafe", "safe", "nonsending"]

    func afterModifier(_ k: Int) -> Int {
        let next = token(k + 1)
        if next.kind == .lParen, !next.flags.contains(.spaceBefore), token(k + 3).kind == .rParen,
            token(k + 2).kind == .identifier
        {
            let detail = token(k + 2)
            let text = String(
                decoding: UnsafeBufferPointer(rebasing: src[Int(detail.start)..<Int(detail.end)]), as: UTF8.self)
            if Parser.modifierDetails.contains(text) { return k + 4 }
        }
        return k + 1
    }

    /// Index after an attribute starting with `@` at `k`.
    func afterAttribute(_ k: Int) -> Int {
        var j = k + 1
        guard token(j).isWord else { return j }
        j += 1
        while token(j).kind == .period, token(j + 1).isWord, !token(j).flags.contains(.spaceBefore) { j += 2 }
        let t = token(j)
        if t.kind == .operator, !t.flags.contains(.spaceBefore), src[Int(t.start)] == UInt8(ascii: "<") {
            var d = 0
            repeat {
                let u = token(j)
                if u.kind == .operator { d += angleDelta(u) }
                if u.kind == .eof || u.kind == .lBrace || u.kind == .rBrace { return j }
                j += 1
                // Bounded like `genericArgumentsInExpression`: no lookahead reads more than
                // ~64 tokens ahead, which incremental re-parsing relies on (`restartMargin`).
                if j - k > 64 { return j }
            } while d > 0
        }
        if token(j).kind == .lParen, !token(j).flags.contains(.spaceBefore) { j = afterMatching(j) }
        return j
    }

    /// Whether a declaration starts here (after any attributes and modifiers).
    func isDeclStart(_ context: ItemContext) -> Bool {
        var k = pos
        var sawAttribute = false
        while true {
            let t = token(k)
            if t.kind == .at {
                k = afterAttribute(k)
                sawAttribute = true
            } else if isModifier(k) {
                k = afterModifier(k)
            } else {
                break
            }
            if k >= toks.count - 1 { break }
        }
        let t = token(k)
        switch t.kind {
        case .keyword:
            if Parser.declKeywords.contains(t.keyword) { return true }
            if t.keyword == .case { return context == .members }
            return sawAttribute
        case .identifier:
            if t.flags.contains(.backticked) { return sawAttribute }
            if t.keyword == .actor || t.keyword == .macro {
                let next = token(k + 1)
                return next.kind == .identifier && !next.isAtLineStart || sawAttribute
            }
            return sawAttribute
        case .poundIdentifier:
            return context != .statements || sawAttribute
        default:
            return sawAttribute
        }
    }

    mutating func parseAttribute() {
        let a = open(.attribute)
        let end = afterAttribute(pos)
        advance()
        if tok.isWord { nodes[Int(a)].name = Int32(pos) }
        // Custom attributes (`@Test(…)`, property wrappers) take expressions, closures
        // included; built-in ones (`@available(…)`) have their own syntax and are skipped.
        let custom =
            tok.kind == .identifier && src[Int(tok.start)] >= UInt8(ascii: "A")
            && src[Int(tok.start)] <= UInt8(ascii: "Z")
        if custom, token(end - 1).kind == .rParen {
            let open = Int(match[end - 1])
            if open > pos {
                pos = open
                parseArguments(closing: .rParen)
            }
        }
        pos = end
        close(a)
    }

    mutating func parseAttributesAndModifiers() {
        while true {
            if at(.at) {
                parseAttribute()
            } else if isModifier(pos) {
                let start = pos
                pos = afterModifier(pos)
                leaf(.modifier, from: start, to: pos, name: start)
            } else if at(.poundDirective), tok.keyword == .poundIf, attributesOnlyIfConfig() {
                // `#if hasAttribute(x) @x #endif` before a declaration.
                parseIfConfig { p in p.parseAttributesAndModifiers() }
            } else {
                return
            }
        }
    }

    /// Whether the `#if` here holds only attributes/modifiers (and a declaration follows).
    func attributesOnlyIfConfig() -> Bool {
        var k = pos + 1
        while token(k).kind != .eof, !token(k).isAtLineStart { k += 1 }
        let t = token(k)
        return t.kind == .at || isModifier(k)
    }

    // MARK: Declarations

    mutating func parseDecl(_ context: ItemContext) {
        nested { p in p.parseDeclBody(context) }
    }

    mutating func parseDeclBody(_ context: ItemContext) {
        let d = open(.unknownDecl)
        parseAttributesAndModifiers()
        let t = tok
        nodes[Int(d)].keyword = Int32(pos)
        func setKind(_ p: inout Parser, _ k: NodeKind) { p.nodes[Int(d)].kind = k }
        switch t.keyword {
        case .import:
            setKind(&self, .importDecl)
            parseImport(d)
        case .class where t.kind == .keyword:
            setKind(&self, .classDecl)
            parseNominal(d)
        case .struct:
            setKind(&self, .structDecl)
            parseNominal(d)
        case .enum:
            setKind(&self, .enumDecl)
            parseNominal(d)
        case .protocol:
            setKind(&self, .protocolDecl)
            parseNominal(d)
        case .actor where t.kind == .identifier:
            setKind(&self, .actorDecl)
            parseNominal(d)
        case .extension:
            setKind(&self, .extensionDecl)
            advance()
            let ty = parseType()
            nodes[Int(d)].name = nodes[Int(ty)].name
            parseInheritance()
            parseWhereClause()
            parseMemberBlock()
        case .func:
            setKind(&self, .funcDecl)
            parseFunction(d)
        case .initKeyword:
            setKind(&self, .initDecl)
            parseFunction(d)
        case .deinit:
            setKind(&self, .deinitDecl)
            advance()
            parseEffects(d)
            parseBody(d)
        case .subscript:
            setKind(&self, .subscriptDecl)
            parseFunction(d)
        case .var, .let:
            setKind(&self, .varDecl)
            parseVar(d)
        case .typealias:
            setKind(&self, .typealiasDecl)
            advance()
            parseName(d)
            parseGenericParams()
            if eat(.equal) { parseType() }
            parseWhereClause()
        case .associatedtype:
            setKind(&self, .associatedtypeDecl)
            advance()
            parseName(d)
            parseInheritance()
            if eat(.equal) { parseType() }
            parseWhereClause()
        case .case where context == .members:
            setKind(&self, .enumCaseDecl)
            parseEnumCase()
        case .macro where t.kind == .identifier:
            setKind(&self, .macroDecl)
            parseFunction(d)
            if at(.equal) { parseInitializer() }
        case .operator:
            setKind(&self, .operatorDecl)
            advance()
            if at(.operator) || tok.isWord { nodes[Int(d)].name = Int32(pos); advance() }
            if eat(.colon), tok.isWord { advance() }
        case .precedencegroup:
            setKind(&self, .precedenceGroupDecl)
            advance()
            parseName(d)
            if at(.lBrace) { pos = afterMatching(pos) }
        default:
            if t.kind == .poundIdentifier {
                setKind(&self, .macroExpansion)
                nodes[Int(d)].name = Int32(pos)
                parseMacroExpansionTail(basic: false)
            } else {
                nodes[Int(d)].keyword = -1
                nodes[Int(d)].flags.insert(.isError)
            }
        }
        close(d)
    }

    mutating func parseName(_ d: Int32) {
        let k = tok.kind
        if tok.isWord || k == .operator || k == .prefixAmp || k == .postfixQuestion || k == .infixQuestion
            || k == .postfixExclaim || k == .equal
        {
            nodes[Int(d)].name = Int32(pos)
            advance()
        }
    }

    mutating func parseImport(_ d: Int32) {
        advance()
        if tok.kind == .keyword,
            [.struct, .class, .enum, .protocol, .typealias, .func, .var, .let].contains(tok.keyword),
            !peek().isAtLineStart
        {
            advance()
        }
        if tok.isWord, !tok.isAtLineStart { nodes[Int(d)].name = Int32(pos); advance() }
        while at(.period), !tok.flags.contains(.spaceBefore) || !tok.isAtLineStart {
            advance()
            if tok.isWord || at(.operator) { advance() } else { break }
        }
    }

    /// class/struct/enum/protocol/actor: name, generics, inheritance, where, members.
    mutating func parseNominal(_ d: Int32) {
        advance()
        parseName(d)
        parseGenericParams()
        parseInheritance()
        parseWhereClause()
        parseMemberBlock()
    }

    mutating func parseGenericParams() {
        guard isOperator(startingWith: UInt8(ascii: "<")) else { return }
        let g = open(.genericParams)
        skipAngles()
        close(g)
    }

    mutating func parseInheritance() {
        guard at(.colon) else { return }
        let c = open(.inheritanceClause)
        advance()
        while true {
            let before = pos
            let it = open(.inheritedType)
            let ty = parseType()
            nodes[Int(it)].name = nodes[Int(ty)].name
            close(it)
            if pos == before { break }
            if !eat(.comma) { break }
        }
        close(c)
    }

    mutating func parseWhereClause() {
        guard isKeyword(.where) else { return }
        let w = open(.whereClause)
        advance()
        while true {
            let t = tok
            switch t.kind {
            case .lBrace, .rBrace, .semicolon, .eof, .equal:
                close(w)
                return
            case .lParen, .lBracket:
                pos = afterMatching(pos)
            default:
                if t.isAtLineStart, t.kind == .at || isModifier(pos) || Parser.declKeywords.contains(t.keyword) {
                    close(w)
                    return
                }
                advance()
            }
        }
    }

    mutating func parseMemberBlock() {
        guard at(.lBrace) else { return }
        let b = open(.memberBlock)
        let end = Int(match[pos])
        advance()
        parseItems(.members, inIfConfig: false)
        finishBlock(end)
        close(b)
    }

    /// After a block's items: skips what is left before its `}` and consumes it.
    mutating func finishBlock(_ end: Int) {
        while end > pos, !atEOF { skipUnknown() }
        if end == pos { advance() }
    }

    mutating func parseCodeBlock() {
        guard at(.lBrace) else { return }
        let b = open(.codeBlock)
        let end = Int(match[pos])
        advance()
        nested { p in p.parseItems(.statements, inIfConfig: false) }
        finishBlock(end)
        close(b)
    }

    mutating func parseBody(_ d: Int32) {
        if at(.lBrace) {
            nodes[Int(d)].flags.insert(.hasBody)
            parseCodeBlock()
        }
    }

    /// func / init / subscript / macro: name, generics, parameters, effects, result, where, body.
    mutating func parseFunction(_ d: Int32) {
        let kind = nodes[Int(d)].kind
        advance()
        if kind == .funcDecl || kind == .macroDecl {
            parseName(d)
            // `func ==<T>(…)` lexes `==<` as one operator: its `<` opens the generic parameters.
            let name = token(pos - 1)
            if name.kind == .operator, name.end - name.start > 1, src[Int(name.end) - 1] == UInt8(ascii: "<"),
                nodes[Int(d)].name == Int32(pos - 1)
            {
                let g = open(.genericParams, at: pos - 1)
                skipAngles(initialDepth: 1)
                close(g)
            }
        } else if kind == .initDecl,
            at(.postfixQuestion) || at(.postfixExclaim) || isOperator(tok, UInt8(ascii: "?"))
                || isOperator(tok, UInt8(ascii: "!"))
        {
            advance()
        }
        parseGenericParams()
        parseParameterClause()
        parseEffects(d)
        if eat(.arrow) { parseType() }
        parseWhereClause()
        if kind == .subscriptDecl {
            if at(.lBrace) {
                nodes[Int(d)].flags.insert(.hasBody)
                parseAccessorBlock(hasInitializer: false)
            }
        } else {
            parseBody(d)
        }
    }

    /// `async`, `throws`, `throws(E)`, `rethrows`, `reasync` in any order.
    mutating func parseEffects(_ d: Int32) {
        while true {
            switch tok.keyword {
            case .async, .reasync:
                nodes[Int(d)].flags.insert(.isAsync)
                advance()
            case .throws, .rethrows:
                nodes[Int(d)].flags.insert(.isThrowing)
                advance()
                if at(.lParen), !tok.flags.contains(.spaceBefore) { pos = afterMatching(pos) }
            default:
                return
            }
        }
    }

    mutating func parseParameterClause() {
        guard at(.lParen) else { return }
        let pc = open(.parameterClause)
        let end = Int(match[pos])
        advance()
        while !at(.rParen), !atEOF, end < 0 || pos < end {
            let before = pos
            let p = open(.parameter)
            while at(.at) { parseAttribute() }
            if tok.isWord, peek().kind == .colon || (peek().isWord && peek(2).kind == .colon) {
                nodes[Int(p)].name = Int32(pos)
                advance()
                if tok.isWord { nodes[Int(p)].keyword = Int32(pos); advance() }
            }
            if eat(.colon) || nodes[Int(p)].name < 0 {
                parseType()
            }
            if at(.operator), tok.end - tok.start == 3, src[Int(tok.start)] == UInt8(ascii: ".") { advance() }
            if at(.equal) { parseInitializer() }
            close(p)
            if pos == before { skipUnknown() }
            if !eat(.comma) { break }
        }
        if end > pos { while pos < end, !atEOF { skipUnknown() } }
        if end == pos { advance() }
        close(pc)
    }

    mutating func parseInitializer() {
        let i = open(.initializer)
        advance()
        parseExpr(basic: false)
        close(i)
    }

    mutating func parseVar(_ d: Int32) {
        if tok.keyword == .let { nodes[Int(d)].flags.insert(.isLet) }
        advance()
        while true {
            let b = open(.binding)
            let before = pos
            if tok.isWord, !at(.lParen) {
                nodes[Int(b)].name = Int32(pos)
                advance()
            } else if at(.lParen) {
                parseTuplePattern()
            }
            if eat(.colon) { parseType() }
            let hasInit = at(.equal)
            if hasInit { parseInitializer() }
            if at(.lBrace), !hasInit || startsAccessorList(pos) {
                nodes[Int(b)].flags.insert(.hasAccessors)
                parseAccessorBlock(hasInitializer: hasInit)
            }
            close(b)
            if pos == before { break }
            if !eat(.comma) { break }
        }
    }

    /// `(a, b)` / `(a, (b, _))` as `patternName` leaves.
    mutating func parseTuplePattern() {
        let end = afterMatching(pos)
        var k = pos + 1
        while k < end - 1 {
            let t = token(k)
            if t.kind == .identifier, token(k + 1).kind != .colon { leaf(.patternName, from: k, to: k + 1, name: k) }
            k += 1
        }
        pos = end
    }

    /// Whether the `{` at `k` opens an accessor list (`get`, `set`, `willSet`, `didSet`, …).
    func startsAccessorList(_ k: Int) -> Bool {
        var j = k + 1
        while token(j).kind == .at { j = afterAttribute(j) }
        while [.mutating, .nonmutating, .underscore2Consuming, .consuming, .borrowing, .nonisolated].contains(
            token(j).keyword)
        { j = afterModifier(j) }
        let t = token(j)
        switch t.keyword {
        case .get, .set, .willSet, .didSet, .underscoreRead, .underscoreModify, .unsafeAddress, .unsafeMutableAddress:
            return t.kind == .identifier
        case .initKeyword:
            return true
        default:
            return false
        }
    }

    mutating func parseAccessorBlock(hasInitializer: Bool) {
        guard startsAccessorList(pos) else {
            parseCodeBlock()
            return
        }
        let blk = open(.accessorBlock)
        let end = Int(match[pos])
        advance()
        while !at(.rBrace), !atEOF {
            let before = pos
            if at(.poundDirective), tok.keyword == .poundIf {
                parseIfConfig { p in p.parseAccessors() }
                continue
            }
            parseAccessor()
            if pos == before { skipUnknown() }
        }
        finishBlock(end)
        close(blk)
    }

    mutating func parseAccessors() {
        while !at(.rBrace), !atEOF, !at(.poundDirective) {
            let before = pos
            parseAccessor()
            if pos == before { skipUnknown() }
        }
    }

    mutating func parseAccessor() {
        let a = open(.accessor)
        parseAttributesAndModifiers()
        if tok.isWord, !at(.lBrace) { nodes[Int(a)].name = Int32(pos); advance() }
        if at(.lParen) { pos = afterMatching(pos) }
        parseEffects(a)
        parseBody(a)
        close(a)
    }

    mutating func parseEnumCase() {
        advance()
        while true {
            let before = pos
            let e = open(.enumElement)
            if tok.isWord { nodes[Int(e)].name = Int32(pos); advance() }
            if at(.lParen) { parseParameterClause() }
            if at(.equal) { parseInitializer() }
            close(e)
            if pos == before || !eat(.comma) { break }
        }
    }

    /// After `#name`: generic arguments, arguments, trailing closures.
    mutating func parseMacroExpansionTail(basic: Bool) {
        let name = tok
        advance()
        if isOperator(startingWith: UInt8(ascii: "<")), !tok.flags.contains(.spaceBefore) { skipAngles() }
        if at(.lParen), !tok.isAtLineStart { parseArguments(closing: .rParen) }
        // `#available(…) {` is a condition followed by the body, never a trailing closure.
        if at(.lBrace), !basic, name.keyword != .poundAvailable, name.keyword != .poundUnavailable {
            parseTrailingClosures()
        }
    }
}
