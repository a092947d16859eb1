extension Parser {
    /// An expression: operands joined by binary operators, `=`, casts and ternaries. `basic`
    /// is the compiler's "expr-basic" (conditions of `if`/`while`/`guard`/`for`/`switch`), where
    /// a `{` starts the statement body rather than a trailing closure.
    mutating func parseExpr(basic: Bool) {
        nested { p in p.parseSequence(basic: basic) }
    }

    mutating func parseSequence(basic: Bool) {
        let first = Int32(nodes.count)
        let parent = current
        guard parseUnary(basic: basic) else { return }
        var seq: Int32 = -1
        while true {
            let t = tok
            var isBinary = false
            switch t.kind {
            case .operator:
                isBinary = !t.flags.contains(.prefixOperator) && !t.flags.contains(.postfixOperator)
            case .equal, .arrow:
                isBinary = true
            case .infixQuestion:
                isBinary = true
            case .keyword:
                isBinary = t.keyword == .is || t.keyword == .as
            default:
                break
            }
            if !isBinary { break }
            if seq < 0 {
                // Wrap the operand parsed so far: it is the node created first under `parent`.
                var base = first
                while base < Int32(nodes.count), nodes[Int(base)].parent != parent { base += 1 }
                guard base < Int32(nodes.count) else { return }
                seq = wrap(base, .sequenceExpr)
            }
            if t.kind == .keyword {
                advance()
                if at(.postfixQuestion) || at(.postfixExclaim) { advance() }
                parseType()
                continue
            }
            advance()
            if t.kind == .infixQuestion {
                parseExpr(basic: basic)
                if !eat(.colon) { break }
            }
            if !parseUnary(basic: basic) { break }
        }
        if seq >= 0 { close(seq) }
    }

    /// `try`, `await`, prefix operators, then a postfix expression. Returns false when no
    /// expression starts here (nothing consumed).
    @discardableResult
    mutating func parseUnary(basic: Bool) -> Bool {
        let t = tok
        if t.kind == .keyword, t.keyword == .try {
            let n = open(.tryExpr)
            advance()
            if at(.postfixQuestion) || at(.postfixExclaim)
                || (at(.operator)
                    && (src[Int(tok.start)] == UInt8(ascii: "?") || src[Int(tok.start)] == UInt8(ascii: "!"))
                    && tok.end - tok.start == 1)
            {
                advance()
            }
            nested { p in p.parseUnary(basic: basic) }
            close(n)
            return true
        }
        if t.kind == .identifier,
            t.keyword == .await || t.keyword == .consume || t.keyword == .copy || t.keyword == .unsafe,
            startsOperand(peek()), !peek().isAtLineStart || t.keyword == .await
        {
            let n = open(t.keyword == .await ? .awaitExpr : .prefixExpr)
            advance()
            nested { p in p.parseUnary(basic: basic) }
            close(n)
            return true
        }
        let packExpansion =
            (t.kind == .keyword && t.keyword == .repeat) || (t.kind == .identifier && t.keyword == .each)
        if t.kind == .prefixAmp || (t.kind == .operator && t.flags.contains(.prefixOperator))
            || (packExpansion && peek().isWord && !peek().isAtLineStart)
        {
            let n = open(.prefixExpr)
            advance()
            nested { p in p.parseUnary(basic: basic) }
            close(n)
            return true
        }
        return parsePostfix(basic: basic)
    }

    /// Whether `t` can begin an operand (used to tell `await x` from a variable named `await`).
    func startsOperand(_ t: Token) -> Bool {
        switch t.kind {
        case .identifier, .keyword, .integerLiteral, .floatLiteral, .stringLiteral, .regexLiteral,
            .lParen, .lBracket, .lBrace, .period, .backslash, .poundIdentifier, .prefixAmp:
            return true
        case .operator:
            return t.flags.contains(.prefixOperator)
        default:
            return false
        }
    }

    mutating func parsePostfix(basic: Bool) -> Bool {
        var base = parsePrimary(basic: basic)
        guard base >= 0 else { return false }
        while true {
            let t = tok
            switch t.kind {
            case .period:
                let next = peek()
                guard next.isWord || next.kind == .integerLiteral else { return true }
                let m = wrap(base, .memberAccess)
                advance()
                nodes[Int(m)].name = Int32(pos)
                advance()
                var selected = nodes[Int(m)].name
                skipModuleSelectors(&selected)
                nodes[Int(m)].name = selected
                genericArgumentsInExpression()
                close(m)
                base = m
            case .lParen where !t.isAtLineStart:
                let c = wrap(base, .call)
                parseArguments(closing: .rParen)
                if at(.lBrace), trailingClosureAllowed(basic: basic, base: c) { parseTrailingClosures() }
                close(c)
                base = c
            case .lBracket where !t.isAtLineStart:
                let s = wrap(base, .subscriptExpr)
                parseArguments(closing: .rBracket)
                close(s)
                base = s
            case .lBrace:
                guard trailingClosureAllowed(basic: basic, base: base) else { return true }
                let c = wrap(base, .call)
                parseTrailingClosures()
                close(c)
                base = c
            case .postfixQuestion, .postfixExclaim:
                advance()
                nodes[Int(base)].endToken = Int32(pos)
            case .operator where t.flags.contains(.postfixOperator):
                advance()
                nodes[Int(base)].endToken = Int32(pos)
            case .poundDirective where t.isAtLineStart && postfixIfConfigFollows():
                // `view\n#if os(iOS)\n.modifier()\n#endif`: the directive lines are transparent.
                advance()
                while !atEOF, !tok.isAtLineStart {
                    if at(.lParen) { pos = afterMatching(pos) } else { advance() }
                }
            default:
                return true
            }
        }
    }

    /// Whether the directive here is part of a postfix `#if` (its body starts with `.member`
    /// or it closes such a block).
    func postfixIfConfigFollows() -> Bool {
        let kw = tok.keyword
        var k = pos + 1
        if kw != .poundElse, kw != .poundEndif {
            while token(k).kind != .eof, !token(k).isAtLineStart { k += 1 }
        }
        let next = token(k)
        if kw == .poundEndif { return next.kind == .period }
        return next.kind == .period || (next.kind == .poundDirective && next.keyword != .poundIf)
    }

    /// `<T>` directly after a name in an expression, when it parses as generic arguments
    /// followed by `(`, `.`, `)` or the like (the compiler's heuristic).
    mutating func genericArgumentsInExpression() {
        guard isOperator(startingWith: UInt8(ascii: "<")), !tok.flags.contains(.spaceBefore),
            tok.end - tok.start == 1
        else { return }
        var k = pos
        var d = 0
        repeat {
            let u = token(k)
            switch u.kind {
            case .operator:
                for b in Int(u.start)..<Int(u.end) {
                    let c = src[b]
                    if c == UInt8(ascii: "<") {
                        d += 1
                    } else if c == UInt8(ascii: ">") {
                        d -= 1
                    } else if c != UInt8(ascii: "?") && c != UInt8(ascii: "!") && c != UInt8(ascii: "&")
                        && c != UInt8(ascii: ".") && c != UInt8(ascii: "~")
                    {
                        return
                    }
                }
            case .identifier, .keyword, .period, .comma, .colon, .postfixQuestion, .postfixExclaim, .arrow, .at:
                if u.kind == .keyword, ![.capitalSelf, .capitalAny, .some, .any, .selfKeyword].contains(u.keyword) {
                    return
                }
            case .lParen, .lBracket:
                k = afterMatching(k) - 1
            default:
                return
            }
            k += 1
            if k - pos > 64 { return }
        } while d > 0
        let after = token(k)
        switch after.kind {
        case .lParen, .period, .rParen, .rBracket, .comma, .lBrace, .colon, .semicolon, .eof, .postfixQuestion,
            .postfixExclaim, .equal:
            pos = k
        default:
            if after.isAtLineStart || (after.kind == .operator && after.flags.contains(.spaceBefore)) { pos = k }
        }
    }

    /// The compiler's `isValidTrailingClosure`: never before `willSet`/`didSet`/`init` accessor
    /// blocks; in expr-basic positions only when the closure is followed by something that
    /// cannot begin the statement body.
    func trailingClosureAllowed(basic: Bool, base: Int32) -> Bool {
        let k = tok.kind == .lBrace ? pos : -1
        guard k >= 0 else { return false }
        let next = token(k + 1)
        if next.keyword == .willSet || next.keyword == .didSet
            || (next.keyword == .initKeyword && next.kind == .keyword)
        {
            return false
        }
        if next.kind == .at, startsAccessorList(k) { return false }
        let kind = nodes[Int(base)].kind
        if kind == .literalExpr { return false }
        if !basic { return true }
        guard kind == .identifierExpr || kind == .memberAccess || kind == .call else { return false }
        let close = Int(match[k])
        guard close > k else { return false }
        let after = token(close + 1)
        switch after.kind {
        case .lBrace, .comma:
            return true
        case .keyword where after.keyword == .where:
            return true
        case .lBracket, .lParen, .period, .postfixQuestion, .infixQuestion, .postfixExclaim, .colon, .equal, .operator:
            return !after.isAtLineStart
        case .keyword where after.keyword == .is || after.keyword == .as:
            return !after.isAtLineStart
        default:
            return false
        }
    }

    /// `{ … }` then `label: { … }` for each further trailing closure.
    mutating func parseTrailingClosures() {
        var first = true
        while true {
            if first, at(.lBrace) {
                let a = open(.argument)
                nodes[Int(a)].flags.insert(.isTrailingClosure)
                parseClosure()
                close(a)
                first = false
                continue
            }
            if !first, tok.isWord, peek().kind == .colon, peek(2).kind == .lBrace {
                let a = open(.argument)
                nodes[Int(a)].flags.insert(.isTrailingClosure)
                nodes[Int(a)].name = Int32(pos)
                advance()
                advance()
                parseClosure()
                close(a)
                continue
            }
            return
        }
    }

    /// `( label: expr, … )` or `[ … ]`, as `argument` children of the current node.
    mutating func parseArguments(closing: TokenKind) {
        let end = Int(match[pos])
        advance()
        while !at(closing), !atEOF, end < 0 || pos < end {
            let before = pos
            let a = open(.argument)
            if tok.isWord, peek().kind == .colon {
                nodes[Int(a)].name = Int32(pos)
                advance()
                advance()
            }
            if at(.comma) || at(closing) {
                // Empty argument (`foo(x:)` references, `[:]`).
            } else if (tok.kind == .operator || tok.kind == .equal) && (peek().kind == .comma || peek().kind == closing)
            {
                // An operator passed as a function: `reduce(0, +)`.
                leaf(.operatorExpr, from: pos, to: pos + 1)
                advance()
            } else {
                parseExpr(basic: false)
                if at(.colon) {
                    // Dictionary literal `key: value`.
                    advance()
                    parseExpr(basic: false)
                }
            }
            close(a)
            if pos == before { skipUnknown() }
            if !eat(.comma) {
                if !at(closing), end > pos { while pos < end, !atEOF { skipUnknown() } }
                break
            }
        }
        if end > pos { while pos < end, !atEOF { skipUnknown() } }
        if end == pos || at(closing) { advance() }
    }

    /// A primary expression; returns its node or -1 when nothing here starts one.
    mutating func parsePrimary(basic: Bool) -> Int32 {
        let t = tok
        switch t.kind {
        case .identifier:
            let n = leaf(.identifierExpr, from: pos, to: pos + 1, name: pos)
            advance()
            var selected = nodes[Int(n)].name
            skipModuleSelectors(&selected)
            nodes[Int(n)].name = selected
            genericArgumentsInExpression()
            nodes[Int(n)].endToken = Int32(pos)
            return n
        case .keyword:
            switch t.keyword {
            case .selfKeyword:
                let n = leaf(.selfExpr, from: pos, to: pos + 1, name: pos)
                advance()
                return n
            case .super:
                let n = leaf(.superExpr, from: pos, to: pos + 1, name: pos)
                advance()
                return n
            case .true, .false, .nil:
                let n = leaf(.literalExpr, from: pos, to: pos + 1)
                advance()
                return n
            case .capitalSelf, .capitalAny, .underscore, .initKeyword:
                let n = leaf(.identifierExpr, from: pos, to: pos + 1, name: pos)
                advance()
                genericArgumentsInExpression()
                nodes[Int(n)].endToken = Int32(pos)
                return n
            case .if:
                let start = Int32(nodes.count)
                parseIf()
                return start
            case .switch:
                let start = Int32(nodes.count)
                parseSwitch()
                return start
            case .do:
                let start = Int32(nodes.count)
                parseDo()
                return start
            default:
                return -1
            }
        case .stringLiteral where t.flags.contains(.hasInterpolation):
            // Interpolations follow the literal's token as `( … )` groups inside its range.
            let n = open(.literalExpr)
            advance()
            while Int(tok.start) < Int(t.end), !atEOF {
                if at(.lParen) { parseArguments(closing: .rParen) } else { skipUnknown() }
            }
            close(n)
            return n
        case .integerLiteral, .floatLiteral, .stringLiteral, .regexLiteral:
            let n = leaf(.literalExpr, from: pos, to: pos + 1)
            advance()
            return n
        case .lParen:
            let n = open(.tupleExpr)
            parseArguments(closing: .rParen)
            close(n)
            return n
        case .lBracket:
            let n = open(.arrayExpr)
            parseArguments(closing: .rBracket)
            close(n)
            return n
        case .lBrace:
            return parseClosure()
        case .period:
            guard peek().isWord || peek().kind == .integerLiteral else { return -1 }
            let n = open(.memberAccess)
            advance()
            nodes[Int(n)].name = Int32(pos)
            advance()
            close(n)
            return n
        case .backslash:
            let n = open(.keyPathExpr)
            advance()
            parseKeyPathComponents()
            close(n)
            return n
        case .poundIdentifier:
            let n = open(.macroExpansion)
            nodes[Int(n)].name = Int32(pos)
            parseMacroExpansionTail(basic: basic)
            close(n)
            return n
        case .operator:
            // An operator in operand position (`foo(<)`, a stray operator): keep it.
            if t.flags.contains(.postfixOperator) { return -1 }
            let n = leaf(.operatorExpr, from: pos, to: pos + 1)
            advance()
            return n
        default:
            return -1
        }
    }

    /// `\Type.a.b?[0]` / `\.a`: names, dots, optionals and subscripts written without spaces.
    mutating func parseKeyPathComponents() {
        while true {
            let t = tok
            if t.flags.contains(.spaceBefore), t.kind != .period || t.isAtLineStart { return }
            switch t.kind {
            case .identifier, .keyword, .period, .postfixQuestion, .postfixExclaim, .integerLiteral:
                if t.kind == .keyword,
                    ![.selfKeyword, .capitalSelf, .initKeyword].contains(t.keyword) && token(pos - 1).kind != .period
                {
                    return
                }
                advance()
            case .lBracket:
                pos = afterMatching(pos)
            case .operator where isOperator(startingWith: UInt8(ascii: "<")):
                skipAngles()
            default:
                return
            }
        }
    }

    /// `{ [captures] (params) async throws -> R in statements }`.
    @discardableResult
    mutating func parseClosure() -> Int32 {
        let c = open(.closure)
        let end = Int(match[pos])
        advance()
        if let inToken = closureSignatureEnd() {
            nodes[Int(c)].flags.insert(.hasSignature)
            nodes[Int(c)].keyword = Int32(inToken)
            parseClosureSignature(c, inToken: inToken)
        }
        nested { p in p.parseItems(.statements, inIfConfig: false) }
        finishBlock(end)
        close(c)
        return c
    }

    /// If a closure signature follows (attributes, capture list, parameters, effects, result,
    /// then `in`), the index of its `in`.
    func closureSignatureEnd() -> Int? {
        var k = pos
        while token(k).kind == .at { k = afterAttribute(k) }
        if token(k).kind == .lBracket {
            k = afterMatching(k)
        }
        let t = token(k)
        if t.kind == .lParen {
            k = afterMatching(k)
        } else {
            // `a, b in` / `_ in`
            while token(k).isWord, token(k).keyword != .in {
                k += 1
                if token(k).kind == .comma { k += 1 } else { break }
            }
        }
        // effects and result type
        var steps = 0
        while steps < 256 {
            let u = token(k)
            if u.kind == .keyword, u.keyword == .in { return k }
            switch u.kind {
            case .identifier where u.keyword == .async:
                k += 1
            case .keyword where u.keyword == .throws || u.keyword == .rethrows:
                k += 1
                if token(k).kind == .lParen { k = afterMatching(k) }
            case .arrow:
                k += 1
                // Skim the result type up to `in`.
                while steps < 256 {
                    let v = token(k)
                    if v.kind == .keyword, v.keyword == .in { return k }
                    switch v.kind {
                    case .identifier, .period, .postfixQuestion, .postfixExclaim, .operator, .comma, .colon, .arrow,
                        .at:
                        k += 1
                    case .keyword where [.capitalSelf, .capitalAny, .some, .any, .throws].contains(v.keyword):
                        k += 1
                    case .lParen, .lBracket:
                        k = afterMatching(k)
                    default:
                        return nil
                    }
                    steps += 1
                }
                return nil
            default:
                return nil
            }
            steps += 1
        }
        return nil
    }

    mutating func parseClosureSignature(_ c: Int32, inToken: Int) {
        while at(.at) {
            if peek().isWord {
                let name = peek()
                let len = Int(name.end - name.start)
                if len == 8, src[Int(name.start)] == UInt8(ascii: "S") { nodes[Int(c)].flags.insert(.isSendable) }
            }
            parseAttribute()
        }
        if at(.lBracket) {
            let list = open(.captureList)
            let end = Int(match[pos])
            advance()
            while !at(.rBracket), !atEOF, pos < end {
                let before = pos
                let item = open(.captureItem)
                if [.weak, .unowned].contains(tok.keyword), peek().isWord || peek().kind == .lParen {
                    nodes[Int(item)].keyword = Int32(pos)
                    pos = afterModifier(pos)
                }
                if tok.isWord { nodes[Int(item)].name = Int32(pos); advance() }
                if at(.equal) { parseInitializer() }
                close(item)
                if pos == before { skipUnknown() }
                if !eat(.comma) { break }
            }
            while pos < end, !atEOF { skipUnknown() }
            if pos == end { advance() }
            close(list)
        }
        if at(.lParen) {
            parseParameterClause()
        } else {
            while tok.isWord, pos < inToken {
                leaf(.closureParam, from: pos, to: pos + 1, name: pos)
                advance()
                if !eat(.comma) { break }
            }
        }
        parseEffects(c)
        if eat(.arrow), pos < inToken { parseType() }
        while pos < inToken, !atEOF { skipUnknown() }
        if pos == inToken { advance() }
    }
}
