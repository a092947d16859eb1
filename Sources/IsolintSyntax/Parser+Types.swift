extension Parser {
    /// A type, with its attributes (`@escaping`, `@Sendable`, `@MainActor`, `@unchecked`) as
    /// `attribute` children and what they mean in `flags`.
    @discardableResult
    mutating func parseType() -> Int32 {
        let t = open(.type)
        nested { p in p.parseTypeBody(t) }
        close(t)
        return t
    }

    mutating func parseTypeBody(_ t: Int32) {
        // Attributes and specifiers.
        while true {
            if at(.at) {
                let name = peek()
                if name.isWord { noteTypeAttribute(t, name) }
                parseAttribute()
                continue
            }
            let k = tok.keyword
            guard tok.kind == .identifier || tok.kind == .keyword else { break }
            switch k {
            case .inout:
                nodes[Int(t)].flags.insert(.isInout)
            case .sending:
                nodes[Int(t)].flags.insert(.isSending)
            case .borrowing, .consuming, .underscore2Owned, .underscore2Shared, .isolated, .some, .any, .each, .repeat:
                break
            default:
                // Not a specifier: the type itself.
                parseTypeComposition(t)
                parseFunctionTypeTail(t)
                return
            }
            // A specifier only when another type part follows on the same construct.
            let next = peek()
            if next.kind == .colon || next.kind == .comma || next.kind == .rParen || next.kind == .equal {
                parseTypeComposition(t)
                return
            }
            advance()
        }
        parseTypeComposition(t)
        parseFunctionTypeTail(t)
    }

    mutating func noteTypeAttribute(_ t: Int32, _ name: Token) {
        let len = Int(name.end - name.start)
        let s = Int(name.start)
        func word(_ w: StaticString) -> Bool {
            guard w.utf8CodeUnitCount == len else { return false }
            for k in 0..<len where src[s + k] != w.utf8Start[k] { return false }
            return true
        }
        if word("Sendable") {
            nodes[Int(t)].flags.insert(.isSendable)
        } else if word("escaping") {
            nodes[Int(t)].flags.insert(.isEscaping)
        } else if len >= 5, src[s + len - 5] == UInt8(ascii: "A"), src[s + len - 4] == UInt8(ascii: "c"),
            src[s + len - 3] == UInt8(ascii: "t"), src[s + len - 2] == UInt8(ascii: "o"),
            src[s + len - 1] == UInt8(ascii: "r")
        {
            // `@MainActor` and custom global actors, named `…Actor` by convention.
            nodes[Int(t)].flags.insert(.hasGlobalActor)
        }
    }

    /// `A & B & C`, each a simple type with generic arguments, members and `?`/`!`.
    mutating func parseTypeComposition(_ t: Int32) {
        while true {
            parseSimpleType(t)
            if isOperator(tok, UInt8(ascii: "&")) {
                advance()
                continue
            }
            return
        }
    }

    mutating func parseSimpleType(_ t: Int32) {
        if isOperator(tok, UInt8(ascii: "~")) || (at(.operator) && src[Int(tok.start)] == UInt8(ascii: "~")) {
            advance()
        }
        switch tok.kind {
        case .lParen:
            let open = pos
            pos = afterMatching(pos)
            // `(…) -> R` is handled by the caller; a parenthesised function type or a closure
            // in parentheses (`(() -> Void)?`) is a function type too.
            if !at(.arrow), !isKeyword(.async), !isKeyword(.throws), parenthesisedFunctionType(open) {
                nodes[Int(t)].flags.insert(.isFunctionType)
                markAttributesInsideParens(t, open)
            }
        case .lBracket:
            pos = afterMatching(pos)
        case .identifier, .keyword:
            if tok.kind == .keyword, ![.capitalSelf, .capitalAny, .selfKeyword, .underscore].contains(tok.keyword) {
                return
            }
            nodes[Int(t)].name = Int32(pos)
            advance()
            var selected = nodes[Int(t)].name
            skipModuleSelectors(&selected)
            nodes[Int(t)].name = selected
            genericArgumentsIfAdjacent()
            while at(.period), peek().isWord {
                advance()
                nodes[Int(t)].name = Int32(pos)
                advance()
                genericArgumentsIfAdjacent()
            }
        default:
            return
        }
        // Optionals, and leftovers of `>?` split by skipAngles.
        while at(.postfixQuestion) || at(.postfixExclaim)
            || (at(.operator) && !tok.flags.contains(.spaceBefore)
                && (src[Int(tok.start)] == UInt8(ascii: "?") || src[Int(tok.start)] == UInt8(ascii: "!")))
        {
            nodes[Int(t)].flags.insert(.isOptional)
            advance()
        }
        if at(.period), peek().isWord, !tok.flags.contains(.spaceBefore) {
            // `.Type`, `.Protocol`
            advance()
            advance()
        }
    }

    mutating func genericArgumentsIfAdjacent() {
        if isOperator(startingWith: UInt8(ascii: "<")), !tok.flags.contains(.spaceBefore) {
            let before = pos
            skipAngles()
            // `>?` lexes as one operator: the optional marker is inside it.
            let last = token(pos - 1)
            if pos > before, last.kind == .operator, last.end - last.start > 1 {
                let c = src[Int(last.end) - 1]
                if c == UInt8(ascii: "?") || c == UInt8(ascii: "!") { nodes[Int(current)].flags.insert(.isOptional) }
            }
        }
    }

    /// `… async throws -> R` after a parameter tuple.
    mutating func parseFunctionTypeTail(_ t: Int32) {
        var isFunction = false
        while true {
            if isKeyword(.async) {
                nodes[Int(t)].flags.insert(.isAsync)
                advance()
            } else if isKeyword(.throws) || isKeyword(.rethrows) {
                nodes[Int(t)].flags.insert(.isThrowing)
                advance()
                if at(.lParen), !tok.flags.contains(.spaceBefore) { pos = afterMatching(pos) }
            } else if at(.arrow) {
                advance()
                isFunction = true
                parseType()
                break
            } else {
                break
            }
        }
        if isFunction { nodes[Int(t)].flags.insert(.isFunctionType) }
    }

    /// Whether `( … )` starting at `open` holds exactly one element that is a function type.
    func parenthesisedFunctionType(_ open: Int) -> Bool {
        let close = Int(match[open])
        guard close > open else { return false }
        var k = open + 1
        while k < close {
            let t = token(k)
            switch t.kind {
            case .comma: return false
            case .arrow: return true
            case .lParen, .lBracket: k = afterMatching(k)
            default: k += 1
            }
        }
        return false
    }

}

extension Parser {
    /// Flags for attributes written inside a parenthesised function type: `(@Sendable () -> Void)?`.
    mutating func markAttributesInsideParens(_ t: Int32, _ open: Int) {
        let close = Int(match[open])
        var k = open + 1
        while k < close {
            if token(k).kind == .at, token(k + 1).isWord { noteTypeAttribute(t, token(k + 1)) }
            if token(k).kind == .arrow { return }
            k += 1
        }
    }
}
