import Foundation

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, without Foundation for ASCII text (type names,
    /// labels, rule ids): spaces and tabs are all it trims there. Foundation's trim bridged every
    /// string (15,000 instructions a call in the index builder); other text still goes to it,
    /// which knows every Unicode space.
    @inlinable
    public func trimmingSpaces() -> String {
        var first: UTF8View.Index?
        var end = utf8.startIndex
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            if b >= 0x80 { return trimmingCharacters(in: .whitespaces) }
            let next = utf8.index(after: i)
            if b != 0x20 && b != 0x09 {
                if first == nil { first = i }
                end = next
            }
            i = next
        }
        guard let first else { return "" }
        return String(decoding: utf8[first..<end], as: UTF8.self)
    }
}

extension StringProtocol where Index == String.Index, UTF8View.Index == String.Index, SubSequence == Substring {
    /// `split(separator:)` on an ASCII separator (the `.` of a type path, the `/` of a file
    /// path), byte by byte for ASCII text: splitting a String compares Characters, thousands of
    /// instructions for a short path. Other text takes `split(separator:)` itself. Native text is
    /// read from its contiguous bytes: through the view's indices, each byte cost a retain and a
    /// release of the storage (forty instructions).
    @inlinable
    public func splitASCII(_ separator: UInt8) -> [Substring] {
        let fast = utf8.withContiguousStorageIfAvailable { bytes -> [Substring]? in
            var parts: [Substring] = []
            var start = 0
            for k in bytes.indices {
                let b = bytes[k]
                if b >= 0x80 { return nil }
                if b == separator {
                    if start < k { parts.append(self[offset(start)..<offset(k)]) }
                    start = k + 1
                }
            }
            if start < bytes.count { parts.append(self[offset(start)..<utf8.endIndex]) }
            return parts
        }
        if let fast, let parts = fast { return parts }
        var parts: [Substring] = []
        var start = utf8.startIndex
        var i = start
        while i < utf8.endIndex {
            let b = utf8[i]
            if b >= 0x80 { return split(separator: Character(Unicode.Scalar(separator))) }
            if b == separator {
                if start < i { parts.append(self[start..<i]) }
                start = utf8.index(after: i)
            }
            i = utf8.index(after: i)
        }
        if start < utf8.endIndex { parts.append(self[start..<utf8.endIndex]) }
        return parts
    }

    /// `lastIndex(of:)` an ASCII character, searched by bytes for ASCII text (as `splitASCII`).
    @inlinable
    public func lastIndexASCII(_ byte: UInt8) -> Index? {
        let fast = utf8.withContiguousStorageIfAvailable { bytes -> Index?? in
            var found: Int?
            for k in bytes.indices {
                let b = bytes[k]
                if b >= 0x80 { return nil }
                if b == byte { found = k }
            }
            return .some(found.map(offset))
        }
        if let fast, let index = fast { return index }
        var found: Index?
        var i = utf8.startIndex
        while i < utf8.endIndex {
            let b = utf8[i]
            if b >= 0x80 { return lastIndex(of: Character(Unicode.Scalar(byte))) }
            if b == byte { found = i }
            i = utf8.index(after: i)
        }
        return found
    }

    /// The first range of an ASCII needle, found by bytes (ASCII bytes in UTF-8 text are always
    /// those characters): Foundation's `range(of:)` bridged the text on each call.
    @inlinable
    public func firstRangeASCII(of needle: StaticString) -> Range<Index>? {
        needle.withUTF8Buffer { n -> Range<Index>? in
            func search(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
                guard bytes.count >= n.count else { return nil }
                next: for k in 0...(bytes.count - n.count) {
                    for j in 0..<n.count where bytes[k + j] != n[j] { continue next }
                    return k
                }
                return nil
            }
            let found = utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
            return found.map { offset($0)..<offset($0 + n.count) }
        }
    }

    /// The index `k` bytes from the start (constant time in native UTF-8 text).
    @inlinable
    func offset(_ k: Int) -> Index { utf8.index(utf8.startIndex, offsetBy: k) }
}

extension Array where Element == String {
    /// The parts from the last to the first, joined by `separator` (`["Inner", "Outer"]` →
    /// `Outer.Inner`): what `reversed().joined(separator:)` gives, without the library's generic
    /// join over a reversed view (thousands of instructions a call, for two or three names).
    func joinedInReverse(separator: String) -> String {
        guard let last = self.last else { return "" }
        if count == 1 { return last }
        // The bytes copied once into a string of the final length (each `+=` went through the
        // library's generic append, hundreds of instructions).
        var total = separator.utf8.count * (count - 1)
        for part in self { total += part.utf8.count }
        return String(unsafeUninitializedCapacity: total) { buffer in
            var at = 0
            func put(_ text: String) {
                var text = text
                text.withUTF8 { bytes in
                    let n = Swift.min(bytes.count, buffer.count - at)
                    guard n > 0, let from = bytes.baseAddress, let to = buffer.baseAddress else { return }
                    (to + at).initialize(from: from, count: n)
                    at += n
                }
            }
            var k = count - 1
            while k >= 0 {
                if k < count - 1 { put(separator) }
                put(self[k])
                k -= 1
            }
            return at
        }
    }
}
