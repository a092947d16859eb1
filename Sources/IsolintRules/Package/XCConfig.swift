import Foundation

/// Build settings files (`.xcconfig`): `KEY = value` lines, `#include "file"` and `#include?
/// "file"` (optional), `//` comments. Assignments apply in order, includes where they stand;
/// `$(inherited)` is the value the key had before (from an earlier line, an include, or the level
/// below). Conditional assignments (`KEY[sdk=iphoneos*] = …`) are skipped: isolint plans for the
/// settings every platform shares.
public enum XCConfig {
    /// Includes nested deeper than this are reported, not followed (an include cycle).
    public static let maximumIncludeDepth = 16

    /// The settings after applying the file at `path` over `base`. `read` gives a file's bytes
    /// (nil when it does not exist); problems name the file and line.
    public static func apply(
        _ path: String, over base: [String: String], read: (String) -> [UInt8]?
    ) -> (settings: [String: String], problems: [PlanProblem]) {
        var settings = base
        var problems: [PlanProblem] = []
        // (file, its lines, next line to read)
        var stack: [(path: String, lines: [Substring], next: Int)] = []
        guard let bytes = read(path) else {
            return (base, [PlanProblem(file: path, line: nil, message: "the build settings file cannot be read")])
        }
        stack.append((path, lines(bytes), 0))
        while var top = stack.popLast() {
            guard top.next < top.lines.count else { continue }
            let raw = top.lines[top.next]
            let lineNumber = top.next + 1
            top.next += 1
            stack.append(top)
            var line = Substring(raw)
            if let comment = line.firstRangeASCII(of: "//") { line = line[..<comment.lowerBound] }
            line = line.drop { $0 == " " || $0 == "\t" }
            while let last = line.last, last == " " || last == "\t" || last == "\r" || last == ";" {
                line = line.dropLast()
            }
            if line.isEmpty { continue }
            if line.hasPrefix("#include") {
                let optional = line.hasPrefix("#include?")
                guard let open = line.firstIndex(where: { $0 == "\"" || $0 == "<" }),
                    let close = line[line.index(after: open)...].firstIndex(where: { $0 == "\"" || $0 == ">" })
                else {
                    problems.append(PlanProblem(file: top.path, line: lineNumber, message: "malformed #include"))
                    continue
                }
                let name = String(line[line.index(after: open)..<close])
                let included = name.hasPrefix("/") ? name : directory(of: top.path) + "/" + name
                if stack.count >= maximumIncludeDepth || stack.contains(where: { $0.path == included }) {
                    problems.append(
                        PlanProblem(file: top.path, line: lineNumber, message: "#include \"\(name)\" makes a cycle"))
                    continue
                }
                guard let bytes = read(included) else {
                    if !optional {
                        problems.append(
                            PlanProblem(file: top.path, line: lineNumber, message: "#include \"\(name)\" is missing"))
                    }
                    continue
                }
                stack.append((included, lines(bytes), 0))
                continue
            }
            guard let equals = line.firstIndex(of: "=") else {
                problems.append(
                    PlanProblem(file: top.path, line: lineNumber, message: "expected `KEY = value`, found '\(line)'"))
                continue
            }
            let key = line[..<equals].trimmingSpaces
            guard !key.isEmpty, !key.contains("[") else { continue }
            guard Self.isSettingName(key) else {
                problems.append(
                    PlanProblem(file: top.path, line: lineNumber, message: "'\(key)' is not a build setting name"))
                continue
            }
            let value = line[line.index(after: equals)...].trimmingSpaces
            settings[String(key)] = substitutingInherited(String(value), settings[String(key)])
        }
        return (settings, problems)
    }

    /// Letters, digits and `_` (by bytes for ASCII: a Character's properties cost hundreds of
    /// instructions each).
    static func isSettingName(_ key: Substring) -> Bool {
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            return key.utf8.allSatisfy { b in
                let lower = b | 0x20
                return (lower >= 0x61 && lower <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x5F
            }
        }
        return key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `$(inherited)` / `${inherited}` replaced by the value below (empty when there is none).
    public static func substitutingInherited(_ value: String, _ inherited: String?) -> String {
        guard value.firstRangeASCII(of: "inherited") != nil else { return value }
        let below = inherited ?? ""
        let replaced = value.replacingOccurrences(of: "$(inherited)", with: below)
            .replacingOccurrences(of: "${inherited}", with: below)
        return replaced.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
    }

    /// Lines split on `\n` bytes (a `\r\n` string is one Character, so a String split would not).
    static func lines(_ bytes: [UInt8]) -> [Substring] {
        bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map {
            Substring(String(decoding: $0, as: UTF8.self))
        }
    }

    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}

extension Substring {
    var trimmingSpaces: Substring {
        var s = self.drop { $0 == " " || $0 == "\t" }
        while let last = s.last, last == " " || last == "\t" || last == "\r" { s = s.dropLast() }
        return s
    }
}
