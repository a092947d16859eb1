/// Lists of integers in two flat arrays (list `k` is `items[start[k]..<start[k + 1]]`), for the
/// rule engine's tables that both cores read for every node. An array of arrays hands out its
/// inner arrays: each lookup retains and releases one, and with two cores linting, the counts
/// of those few shared arrays went back and forth between them (a tenth of the lint phase in a
/// profile). Reading an element of these arrays retains nothing.
struct FlatLists<Element: BitwiseCopyable>: Sendable where Element: Sendable {
    private let start: [Int32]
    private let items: [Element]
    /// Lists that are absent (nil), as opposed to empty.
    private let absent: [Bool]

    init(_ lists: [[Element]?]) {
        var start: [Int32] = [0]
        var items: [Element] = []
        start.reserveCapacity(lists.count + 1)
        for list in lists {
            items += list ?? []
            start.append(Int32(items.count))
        }
        self.start = start
        self.items = items
        self.absent = lists.map { $0 == nil }
    }

    init(_ lists: [[Element]]) { self.init(lists.map { Optional($0) }) }

    /// The positions in `items` of list `k` (empty for an index out of range).
    @inline(__always) func range(_ k: Int) -> Range<Int> {
        guard k >= 0, k + 1 < start.count else { return 0..<0 }
        return Int(start[k])..<Int(start[k + 1])
    }

    @inline(__always) subscript(item position: Int) -> Element { items[position] }

    /// Whether list `k` is absent (nil).
    @inline(__always) func isAbsent(_ k: Int) -> Bool { k < 0 || k >= absent.count || absent[k] }
}

extension FlatLists where Element: Equatable {
    /// Whether list `k` holds `element`; an absent list holds everything.
    @inline(__always) func allows(_ k: Int, _ element: Element) -> Bool {
        if isAbsent(k) { return true }
        for p in range(k) where items[p] == element { return true }
        return false
    }
}
