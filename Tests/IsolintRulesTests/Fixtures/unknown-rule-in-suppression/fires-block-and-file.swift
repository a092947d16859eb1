// compile: linux
// isolint:disable-file unsafe-opt-out-undocumented, global-state // expect: unknown-rule-in-suppression@1
import Foundation

enum FeatureOverrides {
    nonisolated(unsafe) static var forceNewOnboarding = false
}

// isolint:disable unchecked-sendable-unguarded, prefer-mutex
final class OverrideStore: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Bool] = [:]

    func set(_ value: Bool, for key: String) {
        lock.withLock { values[key] = value }
    }
}
// isolint:enable unchecked-sendable-unguarded, prefer-mutex-rule // expect: unknown-rule-in-suppression@1

#if DEBUG
enum DebugOverrides {
    // isolint:disable-next-line unsafe-opt-out // expect: unknown-rule-in-suppression@5
    nonisolated(unsafe) static var slowAnimations = false
}
#endif
