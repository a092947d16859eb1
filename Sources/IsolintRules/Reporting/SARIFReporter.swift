import IsolintSyntax

/// SARIF 2.1.0 as GitHub code scanning accepts it: one run, the rule catalog with help text,
/// results with locations and fixes. Columns are UTF-16 code units (SARIF's default).
public enum SARIFReporter {
    static func level(_ s: Severity) -> String {
        switch s {
        case .error: "error"
        case .warning: "warning"
        case .info, .hint: "note"
        }
    }

    static func region(_ s: SourceFile, _ range: Range<Int>) -> JSON {
        let a = s.position(of: range.lowerBound, encoding: .utf16)
        let b = s.position(of: range.upperBound, encoding: .utf16)
        return .object([
            ("startLine", .int(a.line + 1)), ("startColumn", .int(a.character + 1)),
            ("endLine", .int(b.line + 1)), ("endColumn", .int(b.character + 1)),
        ])
    }

    static func uri(_ path: String) -> String {
        var p = path
        if p.hasPrefix("./") { p.removeFirst(2) }
        return p.split(separator: "/", omittingEmptySubsequences: false).map { component in
            var out = ""
            for byte in component.utf8 {
                let c = Character(Unicode.Scalar(byte))
                if c.isLetter && byte < 0x80 || c.isNumber && byte < 0x80 || "-._~".contains(c) {
                    out.append(c)
                } else {
                    out += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            }
            return out
        }.joined(separator: "/")
    }

    public static func render(_ reports: [FileReport], version: String = isolintVersionString) -> String {
        let descriptors = RuleCatalog.descriptors
        var ruleIndex: [String: Int] = [:]
        for (i, d) in descriptors.enumerated() { ruleIndex[d.id] = i }
        let rules: [JSON] = descriptors.map { d in
            .object([
                ("id", .string(d.id)),
                ("name", .string(d.id)),
                ("shortDescription", .object([("text", .string(d.summary))])),
                ("fullDescription", .object([("text", .string(d.summary))])),
                ("help", .object([("text", .string(d.explanation)), ("markdown", .string(d.explanation))])),
                (
                    "defaultConfiguration",
                    .object([("level", .string(level(d.defaultSeverity))), ("enabled", .bool(d.enabledByDefault))])
                ),
                ("properties", .object([("tags", .array([.string("concurrency"), .string("swift6")]))])),
            ])
        }
        var results: [JSON] = []
        for r in reports {
            let location: (Range<Int>) -> JSON = { range in
                .object([
                    (
                        "physicalLocation",
                        .object([
                            (
                                "artifactLocation",
                                .object([("uri", .string(uri(r.path))), ("uriBaseId", .string("%SRCROOT%"))])
                            ),
                            ("region", region(r.source, range)),
                        ])
                    )
                ])
            }
            for f in r.findings {
                var pairs: [(String, JSON)] = [
                    ("ruleId", .string(f.ruleID)),
                    ("level", .string(level(f.severity))),
                    ("message", .object([("text", .string(f.message))])),
                    ("locations", .array([location(f.range)])),
                ]
                if let i = ruleIndex[f.ruleID] { pairs.insert(("ruleIndex", .int(i)), at: 1) }
                if !f.notes.isEmpty {
                    pairs.append(
                        (
                            "relatedLocations",
                            .array(
                                f.notes.enumerated().map { i, n in
                                    .object([
                                        ("id", .int(i)), ("message", .object([("text", .string(n.message))])),
                                        (
                                            "physicalLocation",
                                            .object([
                                                (
                                                    "artifactLocation",
                                                    .object([
                                                        ("uri", .string(uri(r.path))),
                                                        ("uriBaseId", .string("%SRCROOT%")),
                                                    ])
                                                ), ("region", region(r.source, n.range)),
                                            ])
                                        ),
                                    ])
                                })
                        ))
                }
                if !f.fixes.isEmpty {
                    pairs.append(
                        (
                            "fixes",
                            .array(
                                f.fixes.map { fix in
                                    .object([
                                        ("description", .object([("text", .string(fix.title))])),
                                        (
                                            "artifactChanges",
                                            .array([
                                                .object([
                                                    (
                                                        "artifactLocation",
                                                        .object([
                                                            ("uri", .string(uri(r.path))),
                                                            ("uriBaseId", .string("%SRCROOT%")),
                                                        ])
                                                    ),
                                                    (
                                                        "replacements",
                                                        .array(
                                                            fix.edits.map { e in
                                                                .object([
                                                                    ("deletedRegion", region(r.source, e.range)),
                                                                    (
                                                                        "insertedContent",
                                                                        .object([("text", .string(e.newText))])
                                                                    ),
                                                                ])
                                                            })
                                                    ),
                                                ])
                                            ])
                                        ),
                                    ])
                                })
                        ))
                }
                results.append(.object(pairs))
            }
        }
        let run: JSON = .object([
            (
                "tool",
                .object([
                    (
                        "driver",
                        .object([
                            ("name", .string("isolint")),
                            ("version", .string(version)),
                            ("semanticVersion", .string(version)),
                            ("rules", .array(rules)),
                        ])
                    )
                ])
            ),
            ("columnKind", .string("utf16CodeUnits")),
            ("results", .array(results)),
        ])
        return JSON.object([
            ("$schema", .string("https://json.schemastore.org/sarif-2.1.0.json")),
            ("version", .string("2.1.0")),
            ("runs", .array([run])),
        ]).render(pretty: true) + "\n"
    }
}

/// The tool's version, shared by the CLI, SARIF and the language server's `serverInfo`.
public let isolintVersionString = "0.1.0"
