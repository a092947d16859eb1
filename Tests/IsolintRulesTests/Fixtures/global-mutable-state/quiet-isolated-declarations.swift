// compile: linux
import Foundation

@MainActor var selectedTabIndex = 0

@MainActor
var recentSearches: [String] = []

struct AppearanceSettings {
    @MainActor static var accentColorName = "blue"
    @MainActor
    static var prefersLargeTitles = true
}

@MainActor
final class NavigationRouter {
    static var pendingDeepLinks: [URL] = []
    var path: [String] = []
}

@MainActor
extension NavigationRouter {
    static var lastHandledLink: URL?
}

struct Toolbar {}

@MainActor
extension Toolbar {
    static var customItems: [String] = []
}

@globalActor
actor DatabaseActor {
    static let shared = DatabaseActor()
}

@DatabaseActor
enum MigrationState {
    static var appliedVersions: Set<Int> = []
}

struct ConnectionPool {
    @DatabaseActor static var openConnections = 0
}

actor ReportBuilder {
    @MainActor static var lastExportDate: Date?
}

#if DEBUG
@MainActor var debugOverlayEnabled = false
#endif
