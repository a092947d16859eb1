// compile: linux
// isolint:disable-file prefer-mutex
import Foundation

enum SessionDefaults {
    // isolint:disable-next-line unsafe-opt-out-undocumented
    nonisolated(unsafe) static var resumeToken: String?

    nonisolated(unsafe) static var lastActive: Date? // isolint:disable-line unsafe-opt-out-undocumented,global-mutable-state
}

// isolint:disable unchecked-sendable-unguarded , unsafe-opt-out-undocumented
final class SessionCache: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String: Data] = [:]
}
// isolint:enable unchecked-sendable-unguarded , unsafe-opt-out-undocumented

@MainActor
final class SessionBanner {
    private(set) var message = ""

    func show(_ text: String) {
        // isolint:disable-next-line redundant-main-dispatch, prefer-task-main-actor, weak-self-guard-outside-loop
        DispatchQueue.main.async {
            self.message = text
        }
    }

    func clear() {
        // isolint:disable-next-line all
        DispatchQueue.main.async {
            self.message = ""
        }
    }
}

// isolint:disable-next-line detached-task, long-lived-task-retains-self, stored-task-never-cancelled, reflexive-weak-self
func warmUp() {
    Task.detached { await Task.yield() }
}

// isolint:disable conformance-isolation, continuation-misuse, unsafe-continuation, completion-handler-async-alternative, deinit-isolation
// isolint:enable conformance-isolation, continuation-misuse, unsafe-continuation, completion-handler-async-alternative, deinit-isolation
// isolint:disable-next-line xctest-main-actor-isolation, swift-testing-shared-state, model-context-crosses-isolation
// isolint:disable-next-line model-object-crosses-actor, cloudkit-model-requirements, background-insert-query-refresh
// isolint:disable-next-line swift5-mode-without-complete-checking, default-isolation-in-library, migration-order
// isolint:disable-next-line weak-self-inner-closure-only, async-work-on-main-actor, prefer-task-modifier
// isolint:disable-next-line public-type-missing-sendable, escaping-closure-missing-sendable, observable-object-missing-main-actor
// isolint:disable-next-line sendable-closure-touches-main-actor, combine-receive-off-main, unknown-rule-in-suppression
