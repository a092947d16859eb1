/// Lists of plain values in two flat arrays, for the rule engine's tables that both cores read for
/// every node. An array of arrays hands out its inner arrays: each lookup retains and releases
/// one, and with two cores linting, the counts of those few shared arrays went back and forth
/// between them (a tenth of the lint phase's samples in a profile). Reading these retains
/// nothing.
struct FlatLists<Element: BitwiseCopyable & Equatable & Sendable>: Sendable {
    /// Where each list is in `items`; `start < 0` for an absent list.
    private struct Span: BitwiseCopyable, Sendable {
        var start: Int32
        var end: Int32
    }
    private let spans: [Span]
    private let items: [Element]

    init(_ lists: [[Element]?]) {
        var spans: [Span] = []
        var items: [Element] = []
        spans.reserveCapacity(lists.count)
        for list in lists {
            if let list {
                spans.append(Span(start: Int32(items.count), end: Int32(items.count + list.count)))
                items += list
            } else {
                spans.append(Span(start: -1, end: -1))
            }
        }
        self.spans = spans
        self.items = items
    }

    init(_ lists: [[Element]]) { self.init(lists.map { Optional($0) }) }

    /// The positions in `items` of list `k` (empty for an absent list or an index out of range).
    @inline(__always) func range(_ k: Int) -> Range<Int> {
        guard k >= 0, k < spans.count else { return 0..<0 }
        let span = spans[k]
        return span.start < 0 ? 0..<0 : Int(span.start)..<Int(span.end)
    }

    @inline(__always) subscript(item position: Int) -> Element { items[position] }

    /// Whether list `k` holds `element`; an absent list holds everything. Asked for every rule
    /// that names its callees at every call: the items are read over their buffer.
    @inline(__always) func allows(_ k: Int, _ element: Element) -> Bool {
        guard k >= 0, k < spans.count else { return true }
        let span = spans[k]
        if span.start < 0 { return true }
        return items.withUnsafeBufferPointer { items in
            guard Int(span.end) <= items.count else { return true }
            var p = Int(span.start)
            while p < Int(span.end) {
                if items[p] == element { return true }
                p += 1
            }
            return false
        }
    }
}

/// Per rule, the `NameHash`es of the callees it asks for (an absent list: every call), with a
/// 64-bit summary of each list beside it: at most calls, one bit test turns a rule away before
/// its list is read.
struct CalleeNameLists: Sendable {
    private let lists: FlatLists<UInt64>
    /// Per list, a bit for each of its hashes (`hash & 63`); every bit for an absent list.
    private let masks: [UInt64]

    init(_ lists: [[UInt64]?]) {
        self.lists = FlatLists(lists)
        masks = lists.map { list in list.map { $0.reduce(0) { $0 | 1 << ($1 & 63) } } ?? ~0 }
    }

    /// Whether rule `k` is handed a call whose callee name has this hash.
    @inline(__always) func allows(_ k: Int, _ hash: UInt64) -> Bool {
        guard k >= 0, k < masks.count else { return true }
        return masks[k] & (1 << (hash & 63)) != 0 && lists.allows(k, hash)
    }
}
