import Foundation
import IsolintSyntax

/// The findings of one file, with its source for position conversion.
public struct FileReport: Sendable {
    public var path: String
    public var source: SourceFile
    public var findings: [Finding]
    public init(path: String, source: SourceFile, findings: [Finding]) {
        self.path = path
        self.source = source
        self.findings = findings
    }
}

/// `full` is the output for a person (the source, carets, fixes; `TerminalReporter`), the default
/// on a terminal; `text` is one line per finding, the default in a pipe.
public enum OutputFormat: String, Sendable, CaseIterable {
    case text, full, json, sarif, github, xcode
}

/// Renders findings for the command line. Lines and columns are 1-based; columns count UTF-8
/// bytes (SARIF: UTF-16 code units, as its default `columnKind` says).
public enum Reporter {
    public static func render(
        _ reports: [FileReport], format: OutputFormat, filesScanned: Int, color: Bool = false,
        absolutePath: (String) -> String = { $0 }
    ) -> String {
        switch format {
        case .text: return text(reports, filesScanned: filesScanned)
        case .full: return TerminalReporter.render(reports, filesScanned: filesScanned, color: color)
        case .json: return json(reports)
        case .sarif: return SARIFReporter.render(reports)
        case .github: return github(reports)
        case .xcode: return xcode(reports, absolutePath: absolutePath)
        }
    }

    static func position(_ s: SourceFile, _ offset: Int) -> (line: Int, column: Int) { s.lineColumn(of: offset) }

    public static func text(_ reports: [FileReport], filesScanned: Int) -> String {
        var out = ""
        for r in reports {
            for f in r.findings {
                let (l, c) = position(r.source, f.range.lowerBound)
                out += "\(r.path):\(l):\(c): \(f.severity.rawValue): \(f.message) [\(f.ruleID)]\n"
            }
        }
        return out + summaryLine(reports, filesScanned: filesScanned)
    }

    /// `N findings (counts by severity) in M files.`, or `No findings in M files.`
    public static func summaryLine(_ reports: [FileReport], filesScanned: Int) -> String {
        var counts: [Severity: Int] = [:]
        for r in reports {
            for f in r.findings { counts[f.severity, default: 0] += 1 }
        }
        let total = counts.values.reduce(0, +)
        let files = filesScanned == 1 ? "1 file" : "\(filesScanned) files"
        if total == 0 { return "No findings in \(files).\n" }
        let parts = Severity.allCases.reversed().compactMap { s -> String? in
            guard let n = counts[s], n > 0 else { return nil }
            let name = s == .info || s == .hint ? s.rawValue : s.rawValue + (n == 1 ? "" : "s")
            return "\(n) \(name)"
        }
        return "\(total) finding\(total == 1 ? "" : "s") (\(parts.joined(separator: ", "))) in \(files).\n"
    }

    static func jsonEdits(_ s: SourceFile, _ edits: [ByteEdit]) -> JSON {
        .array(
            edits.map { e in
                let (l, c) = position(s, e.range.lowerBound)
                let (el, ec) = position(s, e.range.upperBound)
                return .object([
                    ("line", .int(l)), ("column", .int(c)), ("endLine", .int(el)), ("endColumn", .int(ec)),
                    ("newText", .string(e.newText)),
                ])
            })
    }

    public static func jsonObject(_ r: FileReport, _ f: Finding) -> JSON {
        let (l, c) = position(r.source, f.range.lowerBound)
        let (el, ec) = position(r.source, f.range.upperBound)
        return .object([
            ("file", .string(r.path)), ("line", .int(l)), ("column", .int(c)), ("endLine", .int(el)),
            ("endColumn", .int(ec)),
            ("rule", .string(f.ruleID)), ("severity", .string(f.severity.rawValue)), ("message", .string(f.message)),
            (
                "fixes",
                .array(
                    f.fixes.map { fix in
                        .object([
                            ("title", .string(fix.title)), ("isPreferred", .bool(fix.isPreferred)),
                            ("edits", jsonEdits(r.source, fix.edits)),
                        ])
                    })
            ),
        ])
    }

    public static func json(_ reports: [FileReport]) -> String {
        JSON.array(reports.flatMap { r in r.findings.map { jsonObject(r, $0) } }).render(pretty: true) + "\n"
    }

    /// GitHub Actions workflow commands.
    public static func github(_ reports: [FileReport]) -> String {
        func escapeData(_ s: String) -> String {
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ s: String) -> String {
            escapeData(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        var out = ""
        for r in reports {
            for f in r.findings {
                let (l, c) = position(r.source, f.range.lowerBound)
                let (el, ec) = position(r.source, f.range.upperBound)
                let level = f.severity == .error ? "error" : (f.severity == .warning ? "warning" : "notice")
                out +=
                    "::\(level) file=\(escapeProperty(r.path)),line=\(l),col=\(c),endLine=\(el),endColumn=\(ec),title=\(escapeProperty("isolint " + f.ruleID))::\(escapeData(f.message))\n"
            }
        }
        return out
    }

    /// The format Xcode shows from a build phase: `/abs/path:line:col: error: message`.
    public static func xcode(_ reports: [FileReport], absolutePath: (String) -> String) -> String {
        var out = ""
        for r in reports {
            for f in r.findings {
                let (l, c) = position(r.source, f.range.lowerBound)
                let level = f.severity == .error ? "error" : (f.severity == .warning ? "warning" : "note")
                out += "\(absolutePath(r.path)):\(l):\(c): \(level): \(f.message) [\(f.ruleID)]\n"
            }
        }
        return out
    }
}
