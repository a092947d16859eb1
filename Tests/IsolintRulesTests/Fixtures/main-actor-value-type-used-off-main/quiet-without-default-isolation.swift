// compile: linux
struct Row: Equatable {
    var id: Int
}

@concurrent func same(_ a: Row, _ b: Row) async -> Bool { a == b }

actor Store {
    var rows: [Row] = []
}
