import IsolintSyntax

/// How much of a file the parser could not make sense of: error tokens (an unterminated
/// string, a stray character), brackets without a partner, and nodes made by error recovery.
/// `isolint fix` keeps a file's count from growing; `isolint plan` names the first problem of a
/// malformed manifest.
public struct SyntaxHealth: Sendable, Equatable {
    /// Number of problems found.
    public var problems: Int
    /// Byte offset of the first problem, if any.
    public var firstProblem: Int?

    public init(_ tree: SyntaxTree) {
        var count = 0
        var first: Int?
        func note(_ offset: Int) {
            count += 1
            if first.map({ offset < $0 }) ?? true { first = offset }
        }
        for (i, t) in tree.tokens.enumerated() {
            if t.flags.contains(.unterminated) {
                note(Int(t.start))
                continue
            }
            switch t.kind {
            case .error:
                note(Int(t.start))
            case .lParen, .rParen, .lBrace, .rBrace, .lBracket, .rBracket:
                if i < tree.matching.count, tree.matching[i] < 0 { note(Int(t.start)) }
            default:
                break
            }
        }
        for node in tree.nodes where node.flags.contains(.isError) {
            let t = Int(node.firstToken)
            note(t >= 0 && t < tree.tokens.count ? Int(tree.tokens[t].start) : 0)
        }
        problems = count
        firstProblem = first
    }

    public var isClean: Bool { problems == 0 }
}
