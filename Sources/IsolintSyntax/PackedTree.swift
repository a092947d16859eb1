/// A parsed file packed into bytes: its tokens (`PackedTokens`), its nodes and its top-level
/// items. A run keeps one for each file whose tree it cannot keep between its phases; the tree
/// is then made again from it for a fraction of a parse (decoding a node is a few loads, parsing
/// it was a descent through the grammar), in about a fifth of the tree's memory.
///
/// A node is a record of fixed fields: its kind and flags (three bytes), then, when they fit
/// (nearly always), its index's distance from its parent's (two bytes, signed: a wrapper such as
/// a call is created after its callee, so a parent can follow its child), its first token's
/// distance from the previous node's (one, signed), its token count (two), and its name and
/// introducer as distances from its first token plus one (one each; zero: none). Otherwise the
/// five values whole, four bytes each, the kind's top bit telling which. Any values round-trip.
public struct PackedTree: Sendable {
    private let tokens: PackedTokens
    private let nodeBytes: [UInt8]
    private let nodeCount: Int
    private let items: [TopLevelItem]

    /// Packs a parsed file.
    public init(_ tree: SyntaxTree) {
        tokens = PackedTokens(tree)
        nodeCount = tree.nodes.count
        items = tree.items
        nodeBytes = Self.pack(tree.nodes)
    }

    /// The bytes this takes in memory (beyond a few words).
    public var packedCount: Int {
        tokens.packedCount + nodeBytes.count + items.count * MemoryLayout<TopLevelItem>.stride
    }

    /// The tree again, if `source` holds the text it was parsed from; nil for another text (the
    /// file changed between the two reads): it is then parsed anew.
    public func unpack(for source: SourceFile) -> SyntaxTree? {
        guard let stream = tokens.unpack(for: source.bytes),
            let nodes = nodeBytes.withUnsafeBufferPointer({ unpackNodes($0) })
        else { return nil }
        return SyntaxTree(source: source, stream: stream, nodes: nodes, items: items)
    }

    /// The kind byte's bit that marks a long record (no node kind has it), and the two sizes.
    private static let long: UInt8 = 0x80
    private static let shortNode = 10
    private static let longNode = 23

    /// Zero bytes after the last node: more than any one record reads.
    private static let padding = 24

    private static func pack(_ nodes: [Node]) -> [UInt8] {
        // As `PackedTokens` does: written through a pointer to room for the longest encoding,
        // then copied to an array of the exact size.
        let most = nodes.count * longNode + padding
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: most) { scratch -> [UInt8] in
            guard let base = scratch.baseAddress else { return [UInt8](repeating: 0, count: padding) }
            var w = base
            var previousFirst: Int32 = 0
            nodes.withUnsafeBufferPointer { nodes in
                for i in nodes.indices {
                    let n = nodes[i]
                    let first = n.firstToken
                    let parent = Int32(truncatingIfNeeded: i) &- n.parent
                    let step = first &- previousFirst
                    let length = n.endToken &- first
                    // Distances plus one, so that zero is left for none.
                    let name = n.name == -1 ? 0 : n.name &- first &+ 1
                    let keyword = n.keyword == -1 ? 0 : n.keyword &- first &+ 1
                    let raw = UnsafeMutableRawPointer(w)
                    raw.storeBytes(of: n.flags.rawValue.littleEndian, toByteOffset: 1, as: UInt16.self)
                    if Int32(Int16.min)...Int32(Int16.max) ~= parent, Int32(Int8.min)...Int32(Int8.max) ~= step,
                        0...Int32(UInt16.max) ~= length, n.name == -1 || 1...255 ~= name,
                        n.keyword == -1 || 1...255 ~= keyword
                    {
                        w[0] = n.kind.rawValue
                        raw.storeBytes(
                            of: Int16(truncatingIfNeeded: parent).littleEndian, toByteOffset: 3, as: Int16.self)
                        w[5] = UInt8(bitPattern: Int8(truncatingIfNeeded: step))
                        raw.storeBytes(
                            of: UInt16(truncatingIfNeeded: length).littleEndian, toByteOffset: 6, as: UInt16.self)
                        w[8] = UInt8(truncatingIfNeeded: name)
                        w[9] = UInt8(truncatingIfNeeded: keyword)
                        w += shortNode
                    } else {
                        w[0] = n.kind.rawValue | long
                        raw.storeBytes(of: n.parent.littleEndian, toByteOffset: 3, as: Int32.self)
                        raw.storeBytes(of: first.littleEndian, toByteOffset: 7, as: Int32.self)
                        raw.storeBytes(of: n.endToken.littleEndian, toByteOffset: 11, as: Int32.self)
                        raw.storeBytes(of: n.name.littleEndian, toByteOffset: 15, as: Int32.self)
                        raw.storeBytes(of: n.keyword.littleEndian, toByteOffset: 19, as: Int32.self)
                        w += longNode
                    }
                    previousFirst = first
                }
            }
            w.initialize(repeating: 0, count: padding)
            w += padding
            return [UInt8](UnsafeBufferPointer(start: base, count: w - base))
        }
    }

    private func unpackNodes(_ p: UnsafeBufferPointer<UInt8>) -> [Node]? {
        guard let base = p.baseAddress, p.count >= Self.padding else { return nil }
        // Every record starts before `end`; the padding holds what the last reads.
        let end = base + (p.count - Self.padding)
        var r = base
        var failed = false
        let kinds = Self.kinds
        let nodes = [Node](unsafeUninitializedCapacity: nodeCount) { buffer, initialized in
            var previousFirst: Int32 = 0
            for i in 0..<nodeCount {
                guard r < end, let kind = kinds[Int(r[0] & ~Self.long)] else {
                    failed = true
                    return
                }
                let raw = UnsafeRawPointer(r)
                let flags = NodeFlags(
                    rawValue: UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 1, as: UInt16.self)))
                let node: Node
                if r[0] & Self.long == 0 {
                    let first = previousFirst &+ Int32(Int8(bitPattern: r[5]))
                    let name = Int32(r[8])
                    let keyword = Int32(r[9])
                    node = Node(
                        kind: kind, flags: flags,
                        parent: Int32(truncatingIfNeeded: i)
                            &- Int32(Int16(littleEndian: raw.loadUnaligned(fromByteOffset: 3, as: Int16.self))),
                        firstToken: first,
                        endToken: first
                            &+ Int32(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: 6, as: UInt16.self))),
                        name: name == 0 ? -1 : first &+ name &- 1, keyword: keyword == 0 ? -1 : first &+ keyword &- 1)
                    r += Self.shortNode
                } else {
                    node = Node(
                        kind: kind, flags: flags,
                        parent: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 3, as: Int32.self)),
                        firstToken: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 7, as: Int32.self)),
                        endToken: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 11, as: Int32.self)),
                        name: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 15, as: Int32.self)),
                        keyword: Int32(littleEndian: raw.loadUnaligned(fromByteOffset: 19, as: Int32.self)))
                    r += Self.longNode
                }
                previousFirst = node.firstToken
                buffer.initializeElement(at: i, to: node)
                initialized = i + 1
            }
        }
        guard !failed, r == end else { return nil }
        return nodes
    }

    /// Each byte's node kind, if any (a table, as `PackedTokens` has for token kinds).
    private static let kinds: [NodeKind?] = (0...255).map { NodeKind(rawValue: UInt8($0)) }
}
