/// Every node's children in source order, in two flat arrays: node `p`'s children are
/// `list[start[p]..<start[p + 1]]`.
struct ChildTables {
    var start: [Int32]
    var list: [Int32]

    /// Grouped by parent (counting sort), then ordered by first token: nodes are created in
    /// source order except wrappers (a call around its callee), so each list is nearly sorted
    /// and insertion sort is linear in practice.
    init(_ nodes: [Node]) {
        let count = nodes.count
        // Counted two places up, summed, then each child placed at its parent's cursor one place
        // up: the cursors end as the starts (no second array of cursors). Wrapping arithmetic:
        // every value is at most `count`.
        var start = [Int32](repeating: 0, count: count + 2)
        var list: [Int32] = []
        // Over buffers (bounds checked by hand, once per node): the checked subscripts and the
        // insertion sort's call per node were a tenth of parsing.
        nodes.withUnsafeBufferPointer { nodes in
            start.withUnsafeMutableBufferPointer { start in
                for i in 1..<max(count, 1) {
                    let p = Int(nodes[i].parent)
                    if UInt(bitPattern: p) < UInt(count) { start[p &+ 2] &+= 1 }
                }
                for i in 2..<(count + 2) { start[i] &+= start[i &- 1] }
                let total = Int(start[count + 1])
                list = [Int32](unsafeUninitializedCapacity: total) { list, initialized in
                    for i in 1..<max(count, 1) {
                        let p = Int(nodes[i].parent)
                        guard UInt(bitPattern: p) < UInt(count) else { continue }
                        list[Int(start[p &+ 1])] = Int32(truncatingIfNeeded: i)
                        start[p &+ 1] &+= 1
                    }
                    initialized = total
                    for p in 0..<count where start[p &+ 1] &- start[p] > 1 {
                        Self.sortByFirstToken(list, Int(start[p])..<Int(start[p &+ 1]), nodes)
                    }
                }
            }
        }
        start.removeLast()
        self.start = start
        self.list = list
    }

    /// A re-parsed tree's tables from the old tree's, without regrouping what did not change.
    /// `nodes[1..<kept]` are the old tree's, `nodes[movedTo...]` are the old `nodes[movedFrom...]`
    /// moved by `movedTo - movedFrom` (their parents too), and every node of one top-level item
    /// has its parent in the same item or at the root: only the root and the nodes between are
    /// grouped afresh, the rest is copied. The result is the one `init(nodes)` computes (a test
    /// compares every node's children after random edits); out-of-range arguments fall back to it.
    static func spliced(_ nodes: [Node], from old: SyntaxTree, kept: Int, movedFrom: Int, movedTo: Int) -> ChildTables {
        let count = nodes.count
        let oldCount = old.nodes.count
        guard kept >= 1, kept <= movedTo, movedTo <= count, movedFrom >= kept, movedFrom <= oldCount,
            count - movedTo == oldCount - movedFrom, old.childStart.count == oldCount + 1
        else {
            return ChildTables(nodes)
        }
        let delta = Int32(movedTo - movedFrom)
        let oldStart = old.childStart
        let oldList = old.childList
        // The root's children: old ones of the kept part, new ones, old ones of the moved part
        // (in node order, as the counting sort would list them).
        var root: [Int32] = []
        for c in old.children(0) where c < Int32(kept) { root.append(c) }
        var fresh = [Int32](repeating: 0, count: movedTo - kept)
        for i in kept..<movedTo {
            let p = Int(nodes[i].parent)
            if p == 0 {
                root.append(Int32(i))
            } else if p >= kept, p < movedTo {
                fresh[p - kept] += 1
            } else if p > 0 {
                // A new node whose parent was kept or moved: not the shape this relies on.
                return ChildTables(nodes)
            }
        }
        for c in old.children(0) where c >= Int32(movedFrom) { root.append(c + delta) }

        var start = [Int32](repeating: 0, count: count + 1)
        start[1] = Int32(root.count)
        let keptBase = Int32(root.count) - oldStart[1]
        for p in 1..<kept { start[p + 1] = oldStart[p + 1] + keptBase }
        for p in kept..<movedTo { start[p + 1] = start[p] + fresh[p - kept] }
        let movedBase = start[movedTo] - oldStart[movedFrom]
        for p in movedTo..<count { start[p + 1] = oldStart[p - Int(delta) + 1] + movedBase }

        var list = [Int32](repeating: 0, count: Int(start[count]))
        for (k, c) in root.enumerated() { list[k] = c }
        Self.sortByFirstToken(&list, 0..<root.count, nodes)
        var at = root.count
        for k in Int(oldStart[1])..<Int(oldStart[kept]) {
            list[at] = oldList[k]
            at += 1
        }
        var fill = Array(start[kept..<movedTo])
        for i in kept..<movedTo {
            let p = Int(nodes[i].parent)
            guard p >= kept, p < movedTo else { continue }
            list[Int(fill[p - kept])] = Int32(i)
            fill[p - kept] += 1
        }
        for p in kept..<movedTo { Self.sortByFirstToken(&list, Int(start[p])..<Int(start[p + 1]), nodes) }
        at = Int(start[movedTo])
        for k in Int(oldStart[movedFrom])..<Int(oldStart[oldCount]) {
            list[at] = oldList[k] + delta
            at += 1
        }
        return ChildTables(start: start, list: list)
    }

    private init(start: [Int32], list: [Int32]) {
        self.start = start
        self.list = list
    }

    /// Insertion sort of one node's children by first token (stable: ties stay in node order).
    static func sortByFirstToken(_ list: inout [Int32], _ range: Range<Int>, _ nodes: [Node]) {
        guard range.count >= 2, range.lowerBound >= 0, range.upperBound <= list.count else { return }
        list.withUnsafeMutableBufferPointer { list in
            nodes.withUnsafeBufferPointer { nodes in sortByFirstToken(list, range, nodes) }
        }
    }

    /// Insertion sort of `list[range]` by each node's first token (the entries are indices into
    /// `nodes`, as the tables make them).
    static func sortByFirstToken(
        _ list: UnsafeMutableBufferPointer<Int32>, _ range: Range<Int>, _ nodes: UnsafeBufferPointer<Node>
    ) {
        if range.count < 2 { return }
        var k = range.lowerBound + 1
        while k < range.upperBound {
            let v = list[k]
            let key = nodes[Int(v)].firstToken
            var j = k - 1
            while j >= range.lowerBound, nodes[Int(list[j])].firstToken > key {
                list[j + 1] = list[j]
                j -= 1
            }
            list[j + 1] = v
            k += 1
        }
    }
}
