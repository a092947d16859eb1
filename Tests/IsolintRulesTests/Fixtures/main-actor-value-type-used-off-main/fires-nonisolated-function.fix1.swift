// fixture: defaultIsolation=MainActor target=executable
// compile: linux
nonisolated struct Snapshot: Equatable { // expect: main-actor-value-type-used-off-main@1
    var values: [Int]
}

nonisolated func same(_ a: Snapshot, _ b: Snapshot) -> Bool {
    a == b
}
