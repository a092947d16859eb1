// fixture: defaultIsolation=MainActor target=executable
// compile: linux
struct Item: Equatable {
    var name: String
}

nonisolated struct Point: Equatable, Sendable {
    var x = 0
    var y = 0
}

@MainActor struct Label {
    var text = ""
}

func onMain(_ a: Item, _ b: Item) -> Bool { a == b }

nonisolated func distance(_ p: Point, _ q: Point) -> Bool { p == q }

final class Model {
    var items: [Item] = []
    func contains(_ item: Item) -> Bool { items.contains(item) }
}
