// fixture: defaultIsolation=MainActor target=executable
import Foundation

struct Row: Equatable { // expect: main-actor-value-type-used-off-main@1
    var id: Int
    var title: String
}

enum Filter: Hashable { // expect: main-actor-value-type-used-off-main@1
    case all, unread
}

struct Theme { // expect: main-actor-value-type-used-off-main@1
    var accent = "blue"
}

/// Diffing off the main actor uses Row's Equatable conformance there.
@concurrent func changedRows(_ old: [Row], _ new: [Row]) async -> [Row] {
    new.filter { !old.contains($0) }
}

actor FilterCache {
    private var cached: [Filter: Int] = [:]
    func count(for filter: Filter) -> Int { cached[filter] ?? 0 }
}

func applyTheme() {
    Task.detached {
        let theme = Theme()
        print(theme.accent)
    }
}
