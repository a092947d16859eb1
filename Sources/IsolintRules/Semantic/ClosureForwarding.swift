import IsolintSyntax

/// Where an escaping closure parameter goes inside its function: handed to another isolation
/// domain, or forwarded to another call (which the index follows to a fixpoint).
public enum ClosureSink: Sendable, Equatable {
    /// "captured by the `sending` closure of Task.detached", "passed to DispatchQueue.global().async".
    case handedOff(String)
    /// Passed as argument `position` of a call whose parameter is not `@Sendable`/`sending`.
    case forwarded(CallShape, position: Int)
}

/// One workspace function's escaping closure parameter and where it goes: what the index keeps
/// so that forwarding can be followed across files.
public struct ForwardingSummary: Sendable, Equatable {
    public var function: FunctionInfo
    public var parameter: Int
    public var sinks: [ClosureSink]
}

/// The hand-off a closure parameter reaches, and the functions it passes through on the way.
public struct ForwardedHandOff: Sendable, Equatable {
    public var description: String
    /// `schedule(after:then:)`, `runDetached(_:)`: the workspace functions in between, in order.
    public var chain: [String]
}

extension SemanticModel {
    /// Every use of a function's closure parameter that hands it off or forwards it, with the
    /// reference. `body` is the function's code block.
    public func closureSinks(ofParameter param: Int32, body: Int32) -> [(reference: Int32, sink: ClosureSink)] {
        let internalName = tree[param].keyword >= 0 ? tree[param].keyword : tree[param].name
        guard internalName >= 0 else { return [] }
        let name = tree.text(token: internalName)
        guard name != "_" else { return [] }
        var out: [(Int32, ClosureSink)] = []
        for r in tree.subtree(body)
        where tree[r].kind == .identifierExpr && tree.name(of: r, is: name) && resolveLocal(name, at: r)?.node == param
        {
            if let sink = sink(of: r, body: body) { out.append((r, sink)) }
        }
        return out
    }

    func sink(of reference: Int32, body: Int32) -> ClosureSink? {
        let direct = tree[reference].parent
        if tree[direct].kind == .argument, tree[tree[direct].parent].kind == .call {
            let call = tree[direct].parent
            if let h = handOff(ofArgument: direct) {
                return .handedOff(
                    "passed to \(h.via), whose closure is \(h.kind == .sendable ? "@Sendable" : "`sending`")")
            }
            if let position = tree.arguments(of: call).firstIndex(of: direct) {
                return .forwarded(callShape(call), position: position)
            }
        }
        var n = direct
        var steps = 0
        while n >= 0, n != body, steps < 4096 {
            steps += 1
            if tree[n].kind == .closure, let h = handOff(ofClosure: n) { return .handedOff("captured by \(h.phrase)") }
            n = tree[n].parent
        }
        return nil
    }

    /// Follows sinks through the workspace functions they are forwarded to (each function once,
    /// at most 8 calls deep) to the first hand-off.
    public func forwardedHandOff(_ sinks: [ClosureSink]) -> ForwardedHandOff? {
        var visited: Set<String> = []
        return follow(sinks, depth: 0, visited: &visited)
    }

    func follow(_ sinks: [ClosureSink], depth: Int, visited: inout Set<String>) -> ForwardedHandOff? {
        guard depth < 8 else { return nil }
        for case .handedOff(let d) in sinks { return ForwardedHandOff(description: d, chain: []) }
        for case .forwarded(let shape, let position) in sinks {
            for (info, p) in parameters(matching: shape, position: position) {
                // The flag before the signature's text is made.
                guard info.escapingClosureParameters[p] else { continue }
                let signature = "\(info.name)(\(info.labels.map { $0 + ":" }.joined()))"
                guard visited.insert("\(signature)#\(p)").inserted else { continue }
                for summary in index.forwarding(named: info.name)
                where summary.function == info && summary.parameter == p {
                    if var found = follow(summary.sinks, depth: depth + 1, visited: &visited) {
                        found.chain.insert(signature, at: 0)
                        return found
                    }
                }
            }
        }
        return nil
    }
}

extension IndexBuilder {
    /// Where each function of a file sends its escaping, non-Sendable closure parameters.
    /// Decided with the file's own part of the index (its types' isolation), once per file.
    static func forwardingSummaries(_ tree: SyntaxTree, _ part: WorkspaceIndex, settings: TargetSettings)
        -> [ForwardingSummary]
    {
        var functions: [(Int32, FunctionInfo)] = []
        for (i, node) in tree.nodes.enumerated() where node.kind == .funcDecl || node.kind == .initDecl {
            let n = Int32(i)
            guard node.kind == .initDecl || node.name >= 0, !LocalScopes.isLocalScope(tree, node.parent) else {
                continue
            }
            // Cheap test first, on the parameters' type flags (what `functionInfo` reads): an
            // escaping closure parameter that is neither `@Sendable` nor `sending`.
            guard let clause = tree.firstChild(n, kind: .parameterClause),
                tree.firstChild(
                    clause, kind: .parameter,
                    where: { p in
                        guard let type = tree.firstChild(p, kind: .type) else { return false }
                        let f = tree[type].flags
                        return f.contains(.isFunctionType) && (f.contains(.isEscaping) || f.contains(.isOptional))
                            && !f.contains(.isSendable) && !f.contains(.isSending)
                    }) != nil
            else { continue }
            let info = functionInfo(tree, n)
            let candidates = info.escapingClosureParameters.indices.contains {
                info.escapingClosureParameters[$0] && !info.sendableClosureParameters[$0] && !info.sendingParameters[$0]
            }
            if candidates { functions.append((n, info)) }
        }
        guard !functions.isEmpty else { return [] }
        var finalized = part
        finalized.finalize()
        let model = SemanticModel(tree: tree, index: finalized, settings: settings)
        var out: [ForwardingSummary] = []
        for (decl, info) in functions {
            guard let clause = tree.firstChild(decl, kind: .parameterClause),
                let body = tree.firstChild(decl, kind: .codeBlock)
            else { continue }
            for (k, param) in tree.children(clause, kind: .parameter).enumerated()
            where k < info.labels.count && info.escapingClosureParameters[k] && !info.sendableClosureParameters[k]
                && !info.sendingParameters[k]
            {
                let sinks = model.closureSinks(ofParameter: param, body: body).map(\.sink)
                if !sinks.isEmpty { out.append(ForwardingSummary(function: info, parameter: k, sinks: sinks)) }
            }
        }
        return out
    }
}
