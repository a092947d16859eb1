// compile: linux
import Foundation

/// Wraps a non-Sendable formatter that is configured once and never mutated.
final class ImmutableFormatterBox: @unchecked Sendable {
    let formatter: NumberFormatter
    let locale: Locale

    init(locale: Locale) {
        let formatter = NumberFormatter()
        formatter.locale = locale
        self.formatter = formatter
        self.locale = locale
    }

    var localeIdentifier: String {
        locale.identifier
    }
}

struct RenderJob: @unchecked Sendable {
    var pixels: [UInt8]
    var width: Int
    let context: NSObject
}

final class Theme: Sendable {
    let name: String
    let accentHex: String

    init(name: String, accentHex: String) {
        self.name = name
        self.accentHex = accentHex
    }
}

actor PrefetchQueue {
    private var urls: [URL] = []
}

final class FormState {
    var email = ""
    var password = ""
}

struct LintMessages {
    // final class Cache: @unchecked Sendable { var entries = [:] } -- the pattern this rule reports
    let explanation = "final class Cache: @unchecked Sendable { var hits = 0 }"
}
