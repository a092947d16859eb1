import Foundation

/// `.isolint.json`: rule severities, exclusions, and settings for files no Package.swift
/// target claims. Bad entries are reported and skipped; the rest still applies.
public struct Configuration: Sendable, Equatable {
    /// Rule id → severity, or nil for `off`.
    public var ruleOverrides: [String: Severity?] = [:]
    public var exclude: [String] = []
    public var swiftVersion: Int?
    public var defaultIsolationMainActor: Bool?
    public var upcomingFeatures: [String] = []
    public var docsBaseURL: String?
    /// Language server: show the inferred isolation as inlay hints.
    public var inlayHints: Bool?

    public init() {}

    public struct Problem: Error, Sendable, Equatable, CustomStringConvertible {
        public var file: String
        public var key: String
        public var message: String
        public var description: String { "\(file): '\(key)': \(message)" }
    }

    public static let knownKeys: Set<String> = [
        "rules", "exclude", "swiftVersion", "defaultIsolation", "upcomingFeatures", "docsBaseURL", "inlayHints",
    ]

    /// Keys read and ignored: `$schema` points editors at the file's JSON Schema.
    public static let ignoredKeys: Set<String> = ["$schema"]

    /// Parses configuration JSON. Returns the configuration built from the valid entries and a
    /// problem for each invalid one.
    public static func parse(_ data: Data, file: String, knownRules: Set<String>) -> (Configuration, [Problem]) {
        var config = Configuration()
        var problems: [Problem] = []
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: data, options: [])
        } catch {
            return (
                config, [Problem(file: file, key: "(file)", message: "not valid JSON: \(error.localizedDescription)")]
            )
        }
        guard let dict = object as? [String: Any] else {
            return (config, [Problem(file: file, key: "(file)", message: "expected a JSON object at the top level")])
        }
        for key in dict.keys.sorted() where !knownKeys.contains(key) && !ignoredKeys.contains(key) {
            problems.append(
                Problem(
                    file: file, key: key, message: "unknown key (known: \(knownKeys.sorted().joined(separator: ", ")))")
            )
        }
        if let rules = dict["rules"] {
            if let rules = rules as? [String: Any] {
                for (id, value) in rules.sorted(by: { $0.key < $1.key }) {
                    guard knownRules.contains(id) else {
                        problems.append(Problem(file: file, key: "rules.\(id)", message: "unknown rule id"))
                        continue
                    }
                    guard let s = value as? String else {
                        problems.append(
                            Problem(
                                file: file, key: "rules.\(id)",
                                message: "expected \"off\", \"error\", \"warning\", \"info\" or \"hint\""))
                        continue
                    }
                    if s == "off" {
                        config.ruleOverrides[id] = .some(nil)
                    } else if let sev = Severity(rawValue: s) {
                        config.ruleOverrides[id] = sev
                    } else {
                        problems.append(
                            Problem(
                                file: file, key: "rules.\(id)",
                                message: "expected \"off\", \"error\", \"warning\", \"info\" or \"hint\", got \"\(s)\"")
                        )
                    }
                }
            } else {
                problems.append(
                    Problem(file: file, key: "rules", message: "expected an object mapping rule ids to severities"))
            }
        }
        if let exclude = dict["exclude"] {
            if let globs = exclude as? [String] {
                config.exclude = globs
            } else {
                problems.append(Problem(file: file, key: "exclude", message: "expected an array of glob strings"))
            }
        }
        if let v = dict["swiftVersion"] {
            if let s = v as? String, s == "5" || s == "6" {
                config.swiftVersion = Int(s)
            } else if let n = v as? Int, n == 5 || n == 6 {
                config.swiftVersion = n
            } else {
                problems.append(Problem(file: file, key: "swiftVersion", message: "expected \"5\" or \"6\""))
            }
        }
        if let v = dict["defaultIsolation"] {
            if let s = v as? String, s == "MainActor" || s == "nonisolated" {
                config.defaultIsolationMainActor = s == "MainActor"
            } else {
                problems.append(
                    Problem(file: file, key: "defaultIsolation", message: "expected \"MainActor\" or \"nonisolated\""))
            }
        }
        if let v = dict["upcomingFeatures"] {
            if let list = v as? [String] {
                config.upcomingFeatures = list
            } else {
                problems.append(
                    Problem(file: file, key: "upcomingFeatures", message: "expected an array of feature names"))
            }
        }
        if let v = dict["inlayHints"] {
            if let b = v as? Bool {
                config.inlayHints = b
            } else {
                problems.append(Problem(file: file, key: "inlayHints", message: "expected true or false"))
            }
        }
        if let v = dict["docsBaseURL"] {
            if let s = v as? String {
                config.docsBaseURL = s
            } else {
                problems.append(Problem(file: file, key: "docsBaseURL", message: "expected a string"))
            }
        }
        return (config, problems)
    }

    /// Whether a path matches one of the `exclude` globs (`*` within a path component, `**`
    /// across components; a glob without `/` matches any path component).
    public func isExcluded(_ path: String) -> Bool {
        exclude.contains { Glob.matches($0, path) }
    }
}

enum Glob {
    static func matches(_ pattern: String, _ path: String) -> Bool {
        let p = pattern.hasPrefix("./") ? String(pattern.dropFirst(2)) : pattern
        let components = path.split(separator: "/").map(String.init)
        if !p.contains("/") {
            return components.contains { match(Array(p.utf8), Array($0.utf8)) }
        }
        let pathText = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        // Anchored anywhere: try every suffix of the path.
        var suffix = pathText
        while true {
            if matchPath(p.split(separator: "/").map(String.init), suffix.split(separator: "/").map(String.init)) {
                return true
            }
            guard let slash = suffix.firstIndex(of: "/") else { return false }
            suffix = String(suffix[suffix.index(after: slash)...])
        }
    }

    static func matchPath(_ pattern: [String], _ parts: [String]) -> Bool {
        // Iterative DP over components with `**`.
        var states: Set<Int> = [0]
        for part in parts {
            var next: Set<Int> = []
            for s in states where s < pattern.count {
                if pattern[s] == "**" {
                    next.insert(s)
                    if s + 1 < pattern.count, match(Array(pattern[s + 1].utf8), Array(part.utf8)) { next.insert(s + 2) }
                } else if match(Array(pattern[s].utf8), Array(part.utf8)) {
                    next.insert(s + 1)
                }
            }
            states = next
            if states.isEmpty { return false }
        }
        return states.contains { s in
            s == pattern.count || (s < pattern.count && pattern[s...].allSatisfy { $0 == "**" })
        }
    }

    /// `*` and `?` within one component, without recursion.
    static func match(_ p: [UInt8], _ s: [UInt8]) -> Bool {
        var pi = 0, si = 0, star = -1, mark = 0
        while si < s.count {
            if pi < p.count, p[pi] == UInt8(ascii: "?") || p[pi] == s[si] {
                pi += 1; si += 1
            } else if pi < p.count, p[pi] == UInt8(ascii: "*") {
                star = pi; mark = si; pi += 1
            } else if star >= 0 {
                pi = star + 1; mark += 1; si = mark
            } else {
                return false
            }
        }
        while pi < p.count, p[pi] == UInt8(ascii: "*") { pi += 1 }
        return pi == p.count
    }
}
