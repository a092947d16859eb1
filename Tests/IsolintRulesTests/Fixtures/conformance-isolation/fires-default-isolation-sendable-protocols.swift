// fixture: defaultIsolation=MainActor
import Foundation

/// Explicitly main-actor isolated: `LocalizedError` refines Sendable, so no isolated conformance
/// can satisfy it even with default MainActor isolation.
@MainActor
enum ExportFailure: LocalizedError { // expect: conformance-isolation@21
    case diskFull
    case cancelled

    var errorDescription: String? {
        switch self {
        case .diskFull: "The disk is full."
        case .cancelled: "The export was cancelled."
        }
    }
}

/// Not declared main-actor: a type conforming to an error protocol stays nonisolated.
enum ImportFailure: LocalizedError {
    case unreadable

    var errorDescription: String? { "The file cannot be read." }
}
