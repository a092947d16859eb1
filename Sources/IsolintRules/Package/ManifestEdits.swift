import IsolintSyntax

/// Edits of a manifest that keep its formatting: one element more in a `swiftSettings:` array
/// (multi-line arrays get a line of their own, with the same trailing-comma style), a new
/// `swiftSettings:` argument where PackageDescription expects it, a newer tools version.
extension PackageManifest {
    /// Arguments that follow `swiftSettings:` in every target factory
    /// (`.target(name:dependencies:path:…:swiftSettings:linkerSettings:plugins:)`).
    static let argumentsAfterSwiftSettings: Set<String> = ["linkerSettings", "plugins", "pluginUsages"]

    /// Edits adding `setting` (such as `.enableUpcomingFeature("StrictConcurrency")`) to a
    /// target's Swift settings.
    public func addingSwiftSetting(_ setting: String, to target: Target) -> [ByteEdit]? {
        if let node = target.swiftSettingsNode {
            switch tree[node].kind {
            case .arrayExpr:
                return appending(setting, toArray: node)
            case .sequenceExpr:
                if let last = tree.children(node).last, tree[last].kind == .arrayExpr {
                    return appending(setting, toArray: last)
                }
            default:
                break
            }
            // A shared variable (or a helper's result): the target adds its own array to it.
            return [Edits.insert(" + [\(setting)]", at: tree.range(of: node).upperBound)]
        }
        return addingArgument("swiftSettings: [\(setting)]", to: target.callNode)
    }

    /// The edit that raises `// swift-tools-version:` to `version` when it is older.
    public func raisingToolsVersion(to version: (major: Int, minor: Int)) -> ByteEdit? {
        guard
            toolsVersion.major < version.major
                || (toolsVersion.major == version.major && toolsVersion.minor < version.minor),
            let range = toolsVersionRange
        else { return nil }
        return Edits.replace(range, with: "\(version.major).\(version.minor)")
    }

    /// One element more at the end of an array literal.
    func appending(_ element: String, toArray array: Int32) -> [ByteEdit] {
        let elements = tree.children(array, kind: .argument)
        let closing = tree[array].endToken - 1
        let closeStart = tree.startOf(token: closing)
        guard let last = elements.last else {
            return [Edits.insert(element, at: tree.startOf(token: tree[array].firstToken) + 1)]
        }
        let lastEnd = tree.range(of: last).upperBound
        let hasTrailingComma = tree.token(at: tree[last].endToken).kind == .comma
        let commaEnd = hasTrailingComma ? tree.end(ofToken: Int(tree[last].endToken)) : lastEnd
        let source = tree.source
        let multiLine = source.line(of: tree.start(last)) != source.line(of: tree.start(array))
        // `]` on a line of its own after the last element: the new element gets its own line,
        // indented like the last one, before the `]` line.
        if multiLine, source.line(of: closeStart) > source.line(of: lastEnd) {
            let indent = tree.indentation(at: tree.start(last))
            let lineAfter = Int(source.lineStarts[source.line(of: lastEnd) + 1])
            let line = indent + element + (hasTrailingComma ? "," : "") + tree.lineEnding
            if hasTrailingComma { return [Edits.insert(line, at: lineAfter)] }
            return [Edits.insert(",", at: lastEnd), Edits.insert(line, at: lineAfter)]
        }
        return [Edits.insert(hasTrailingComma ? " " + element : ", " + element, at: commaEnd)]
    }

    /// A new argument for a target call, before the arguments PackageDescription wants after it,
    /// else last: on a line of its own when the arguments are on lines of their own.
    func addingArgument(_ argument: String, to call: Int32) -> [ByteEdit]? {
        let args = tree.arguments(of: call).filter { !tree[$0].flags.contains(.isTrailingClosure) }
        guard let lastArg = args.last else { return nil }
        let source = tree.source
        let eol = tree.lineEnding
        func startsLine(_ n: Int32) -> Bool {
            let s = tree.start(n)
            return tree.lineStart(s) + tree.indentation(at: s).utf8.count == s
        }
        if let next = args.first(where: { tree.label(of: $0).map(Self.argumentsAfterSwiftSettings.contains) == true }) {
            let s = tree.start(next)
            if startsLine(next) {
                return [Edits.insert(tree.indentation(at: s) + argument + "," + eol, at: tree.lineStart(s))]
            }
            return [Edits.insert(argument + ", ", at: s)]
        }
        let lastEnd = tree.range(of: lastArg).upperBound
        let hasTrailingComma = tree.token(at: tree[lastArg].endToken).kind == .comma
        let commaEnd = hasTrailingComma ? tree.end(ofToken: Int(tree[lastArg].endToken)) : lastEnd
        let closeStart = tree.startOf(token: tree[call].endToken - 1)
        if startsLine(lastArg), source.line(of: closeStart) > source.line(of: lastEnd) {
            let lineAfter = Int(source.lineStarts[source.line(of: lastEnd) + 1])
            let line = tree.indentation(at: tree.start(lastArg)) + argument + (hasTrailingComma ? "," : "") + eol
            if hasTrailingComma { return [Edits.insert(line, at: lineAfter)] }
            return [Edits.insert(",", at: lastEnd), Edits.insert(line, at: lineAfter)]
        }
        return [Edits.insert(hasTrailingComma ? " " + argument : ", " + argument, at: commaEnd)]
    }
}
