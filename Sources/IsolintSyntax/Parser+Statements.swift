extension Parser {
    mutating func parseStatement() {
        nested { p in p.parseStatementBody() }
    }

    mutating func parseStatementBody() {
        // `label: for …`
        if tok.kind == .identifier, peek().kind == .colon,
            [.for, .while, .repeat, .if, .switch, .do, .guard].contains(peek(2).keyword)
        {
            advance()
            advance()
        }
        let t = tok
        guard t.kind == .keyword || t.kind == .identifier else {
            parseExpr(basic: false)
            return
        }
        switch t.keyword {
        case .if: parseIf()
        case .guard: parseGuard()
        case .while: parseWhile()
        case .repeat: parseRepeat()
        case .for: parseFor()
        case .switch: parseSwitch()
        case .do: parseDo()
        case .defer:
            let s = open(.deferStmt)
            nodes[Int(s)].keyword = Int32(pos)
            advance()
            parseCodeBlock()
            close(s)
        case .return:
            let s = open(.returnStmt)
            advance()
            if startsExpressionAfterReturn() { parseExpr(basic: false) }
            close(s)
        case .throw:
            let s = open(.throwStmt)
            advance()
            parseExpr(basic: false)
            close(s)
        case .break, .continue:
            let s = open(t.keyword == .break ? .breakStmt : .continueStmt)
            advance()
            if tok.kind == .identifier, !tok.isAtLineStart { nodes[Int(s)].name = Int32(pos); advance() }
            close(s)
        case .fallthrough:
            let s = open(.fallthroughStmt)
            advance()
            close(s)
        default:
            parseExpr(basic: false)
        }
    }

    func startsExpressionAfterReturn() -> Bool {
        let t = tok
        switch t.kind {
        case .rBrace, .semicolon, .eof, .poundDirective: return false
        case .keyword:
            return ![.case, .default, .var, .let, .func, .class, .struct, .enum, .import, .typealias].contains(
                t.keyword)
        default: return true
        }
    }

    mutating func parseIf() {
        let s = open(.ifStmt)
        nodes[Int(s)].keyword = Int32(pos)
        advance()
        parseConditions()
        parseCodeBlock()
        if isKeyword(.else) {
            advance()
            if isKeyword(.if) { nested { p in p.parseIf() } } else { parseCodeBlock() }
        }
        close(s)
    }

    mutating func parseGuard() {
        let s = open(.guardStmt)
        nodes[Int(s)].keyword = Int32(pos)
        advance()
        parseConditions()
        eatKeyword(.else)
        parseCodeBlock()
        close(s)
    }

    mutating func parseWhile() {
        let s = open(.whileStmt)
        nodes[Int(s)].keyword = Int32(pos)
        advance()
        parseConditions()
        parseCodeBlock()
        close(s)
    }

    mutating func parseRepeat() {
        let s = open(.repeatStmt)
        nodes[Int(s)].keyword = Int32(pos)
        advance()
        parseCodeBlock()
        if isKeyword(.while) {
            advance()
            parseExpr(basic: false)
        }
        close(s)
    }

    mutating func parseFor() {
        let s = open(.forStmt)
        nodes[Int(s)].keyword = Int32(pos)
        advance()
        if isKeyword(.try) { advance() }
        if isKeyword(.await) { nodes[Int(s)].flags.insert(.isAsync); advance() }
        if isKeyword(.case) { advance() }
        // The pattern, up to `in`.
        let pat = open(.pattern)
        while !atEOF, !isKeyword(.in), !at(.lBrace) {
            if at(.lParen) || at(.lBracket) { pos = afterMatching(pos) } else { advance() }
        }
        close(pat)
        if eatKeyword(.in) { parseExpr(basic: true) }
        if isKeyword(.where) {
            advance()
            parseExpr(basic: true)
        }
        parseCodeBlock()
        close(s)
    }

    /// `cond, let x = e, case .p = e, #available(…)` up to the body.
    mutating func parseConditions() {
        while true {
            let before = pos
            if isKeyword(.let) || isKeyword(.var) {
                let b = open(.optionalBinding)
                if isKeyword(.let) { nodes[Int(b)].flags.insert(.isLet) }
                nodes[Int(b)].keyword = Int32(pos)
                advance()
                if tok.isWord { nodes[Int(b)].name = Int32(pos); advance() } else if at(.lParen) { parseTuplePattern() }
                if eat(.colon) { parseType() }
                if at(.equal) {
                    advance()
                    parseExpr(basic: true)
                }
                close(b)
            } else if isKeyword(.case) {
                let b = open(.optionalBinding)
                nodes[Int(b)].keyword = Int32(pos)
                advance()
                let pat = open(.pattern)
                skipPattern(stopAtEqual: true)
                close(pat)
                if eat(.equal) { parseExpr(basic: true) }
                close(b)
            } else {
                parseExpr(basic: true)
            }
            if pos == before { return }
            if !eat(.comma) { return }
        }
    }

    /// Skims a pattern up to `=` (conditions), `:` (switch cases) or the body.
    mutating func skipPattern(stopAtEqual: Bool) {
        while true {
            let t = tok
            switch t.kind {
            case .eof, .lBrace, .rBrace, .colon:
                return
            case .equal where stopAtEqual:
                return
            case .comma where stopAtEqual:
                return
            case .lParen, .lBracket:
                pos = afterMatching(pos)
            default:
                if t.kind == .keyword, t.keyword == .where, !stopAtEqual {
                    advance()
                    parseExpr(basic: true)
                    return
                }
                advance()
            }
        }
    }

    mutating func parseSwitch() {
        let s = open(.switchStmt)
        nodes[Int(s)].keyword = Int32(pos)
        advance()
        parseExpr(basic: true)
        if at(.lBrace) {
            let end = Int(match[pos])
            advance()
            parseSwitchCases(inIfConfig: false)
            finishBlock(end)
        }
        close(s)
    }

    mutating func parseSwitchCases(inIfConfig: Bool) {
        while !atEOF, !at(.rBrace) {
            let before = pos
            if at(.poundDirective) {
                if tok.keyword == .poundIf {
                    parseIfConfig { p in p.parseSwitchCases(inIfConfig: true) }
                    continue
                }
                if inIfConfig { return }
                skipDirectiveLine()
                continue
            }
            let c = open(.switchCase)
            while at(.at) { parseAttribute() }
            nodes[Int(c)].keyword = Int32(pos)
            if isKeyword(.case) {
                advance()
                let pat = open(.pattern)
                while true {
                    skipPattern(stopAtEqual: false)
                    if !eat(.comma) { break }
                }
                close(pat)
            } else if isKeyword(.default) {
                advance()
            }
            eat(.colon)
            let body = open(.codeBlock)
            nested { p in p.parseCaseBody(inIfConfig: inIfConfig) }
            close(body)
            close(c)
            if pos == before { skipUnknown() }
        }
    }

    /// Statements of one case, up to the next `case`/`default` or the end of the switch.
    mutating func parseCaseBody(inIfConfig: Bool) {
        while true {
            let t = tok
            if t.kind == .eof || t.kind == .rBrace { return }
            if t.kind == .keyword, t.keyword == .case || t.keyword == .default { return }
            if t.kind == .at, token(pos + 1).kind == .identifier, isKeyword(.default) == false,
                token(afterAttribute(pos)).keyword == .default
            {
                return
            }
            if t.kind == .semicolon { advance(); continue }
            if t.kind == .poundDirective {
                if t.keyword == .poundIf {
                    if ifConfigHoldsCases() { return }
                    parseIfConfig { p in p.parseItems(.statements, inIfConfig: true) }
                    continue
                }
                if inIfConfig { return }
                // `#endif` of an enclosing `#if` that wraps cases.
                return
            }
            let before = pos
            parseItemInCase()
            if pos == before { skipUnknown() }
        }
    }

    mutating func parseItemInCase() {
        if isDeclStart(.statements) { parseDecl(.statements) } else { parseStatement() }
    }

    /// Whether the `#if` here wraps `case` labels rather than statements.
    func ifConfigHoldsCases() -> Bool {
        var k = pos + 1
        while token(k).kind != .eof, !token(k).isAtLineStart { k += 1 }
        let t = token(k)
        return (t.kind == .keyword && (t.keyword == .case || t.keyword == .default)) || t.kind == .at
    }

    mutating func parseDo() {
        let s = open(.doStmt)
        nodes[Int(s)].keyword = Int32(pos)
        advance()
        if isKeyword(.throws) {
            advance()
            if at(.lParen) { pos = afterMatching(pos) }
        }
        parseCodeBlock()
        while isKeyword(.catch) {
            let c = open(.catchClause)
            nodes[Int(c)].keyword = Int32(pos)
            advance()
            if !at(.lBrace) {
                let pat = open(.pattern)
                while true {
                    skipPattern(stopAtEqual: false)
                    if !eat(.comma) { break }
                }
                close(pat)
            }
            parseCodeBlock()
            close(c)
        }
        close(s)
    }
}
