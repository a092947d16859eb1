// compile: linux
import Foundation

@MainActor
final class Player: Equatable, Identifiable, CustomDebugStringConvertible {
    let id: UUID
    var volume = 0.5

    init(id: UUID) {
        self.id = id
    }

    nonisolated static func == (lhs: Player, rhs: Player) -> Bool { lhs.id == rhs.id }

    nonisolated var debugDescription: String { "Player(\(id))" }
}

/// Synthesized conformances: nothing written, nothing isolated.
@MainActor
struct Position: Hashable, Codable {
    var x: Double
    var y: Double
}

@MainActor
enum Theme: String, CaseIterable, Identifiable {
    case light, dark
    nonisolated var id: String { rawValue }
}

protocol Refreshable: AnyObject {
    func refresh()
}

@MainActor
protocol ScreenDelegate: AnyObject {
    func screenDidAppear()
}

@MainActor
final class FeedScreen: Refreshable, ScreenDelegate {
    nonisolated func refresh() {}
    func screenDidAppear() {}
}

protocol IconProviding {
    @MainActor var icon: String { get }
    func reload() async
}

@MainActor
final class FolderRow: IconProviding {
    var icon: String { "folder" }
    func reload() async {}
}
