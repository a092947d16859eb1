// compile: linux
import Foundation

struct DraftMetadata {
    let id: UUID
    let createdAt: Date
}

enum ScreenState {
    case loading
    case loaded([String])
}

private struct CacheKey: Hashable {
    let path: String
}

fileprivate enum Shortcut {
    case search, compose
}

struct Namespace {
    /// Public in name only: the enclosing type is internal, so the compiler infers Sendable.
    public struct Token {
        let value: String
    }
}

/// Code sample for the docs:
///
///     public struct Point { public var x: Double }
///
struct DocumentationSnippets {
    // public struct Legacy { let id: Int } was removed in 3.0
    let sample = "public struct Settings { public var darkMode: Bool }"
}
