// compile: linux
import Foundation

/// Explains the opt-outs in the migration guide. Mentions `nonisolated(unsafe)` and
/// `@unchecked Sendable` without using them.
struct MigrationGuide {
    let title = "When to use nonisolated(unsafe)"
    let example = """
        final class Cache: @unchecked Sendable {
            nonisolated(unsafe) var hits = 0
        }
        """

    // Before: final class Cache: @unchecked Sendable
    // After:  final class Cache: Sendable
    func summary() -> String {
        "Replace @unchecked Sendable with a checked conformance where you can."
    }
}

final class Settings: Sendable {
    let locale: Locale
    let region: String

    init(locale: Locale, region: String) {
        self.locale = locale
        self.region = region
    }
}

actor Uploader {
    let id = UUID()
    nonisolated var identifier: String { id.uuidString }

    nonisolated func describe() -> String {
        "Uploader \(identifier)"
    }
}

struct SyncClient {
    nonisolated(nonsending) func flush() async {
        await Task.yield()
    }
}
