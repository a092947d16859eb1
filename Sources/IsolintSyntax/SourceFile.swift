import Foundation

/// How a client counts columns (LSP `positionEncoding`).
public enum PositionEncoding: String, Sendable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A zero-based line and a zero-based column in some encoding (the LSP `Position`).
public struct LinePosition: Sendable, Equatable, Hashable {
    public var line: Int
    public var character: Int
    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A replacement of a byte range by new text.
public struct ByteEdit: Sendable, Equatable {
    public var range: Range<Int>
    public var newText: String
    public init(range: Range<Int>, newText: String) {
        self.range = range
        self.newText = newText
    }
}

public enum EditError: Error, Equatable, Sendable {
    case outOfBounds(Range<Int>)
    case overlapping(Range<Int>, Range<Int>)
}

/// One file's bytes with a line table, made on first use (see `SourceLines` for what it
/// answers).
public struct SourceFile: Sendable {
    public let path: String
    public let bytes: [UInt8]
    /// The line table, made on first use and shared by every copy of this file.
    let lazyLines: LazyLineTable

    public init(path: String, bytes: [UInt8]) {
        self.init(path: path, bytes: bytes, lines: LazyLineTable())
    }

    private init(path: String, bytes: [UInt8], lines: LazyLineTable) {
        self.path = path
        self.bytes = bytes
        self.lazyLines = lines
    }

    /// Byte offset of the first byte of each line; always starts with 0.
    public var lineStarts: [Int32] { lineTable.starts }

    var lineTable: LineTable { lazyLines.table(of: bytes) }

    /// The file's lines: a loop over many offsets (a publish's findings) takes them once, each
    /// question to the file takes them again (a lock, see `LazyLineTable`).
    public var lines: SourceLines { SourceLines(bytes: bytes, table: lineTable) }

    /// Every line's start, and whether it holds a byte ≥ 0x80 (its columns then differ between
    /// encodings).
    struct LineTable: Sendable {
        let starts: [Int32]
        let nonASCII: [Bool]

        init(_ bytes: [UInt8]) {
            // Lines of source average 30-40 bytes: the buffers rarely grow.
            var starts = PlainBuffer<Int32>(capacity: bytes.count / 24 + 16)
            var nonASCII = PlainBuffer<Bool>(capacity: bytes.count / 24 + 16)
            starts.append(0)
            bytes.withUnsafeBufferPointer { p in
                _ = SourceFile.scanLines(p, from: 0, starts: &starts, nonASCII: &nonASCII) { _ in false }
            }
            self.init(starts: starts.finish(), nonASCII: nonASCII.finish())
        }

        init(starts: [Int32], nonASCII: [Bool]) {
            self.starts = starts
            self.nonASCII = nonASCII
        }
    }

    /// Scans from `start`, the start of a line, appending the start of every later line and, for
    /// every line it finishes, whether it holds a non-ASCII byte. At the end of the bytes it
    /// finishes the last line too; when `stop` accepts a line start it has just appended, it
    /// returns that line's index, unfinished.
    private static func scanLines(
        _ p: UnsafeBufferPointer<UInt8>, from start: Int, starts: inout PlainBuffer<Int32>,
        nonASCII: inout PlainBuffer<Bool>,
        stop: (Int) -> Bool
    ) -> Int? {
        var lineHasNonASCII = false
        var i = start
        let n = p.count
        let raw = UnsafeRawBufferPointer(p)
        while i < n {
            // Eight bytes at a time while they hold no line break and no non-ASCII byte; in a
            // word that may, straight to the first byte below 0x0E or above 0x7F (the lowest bit of
            // `controlOrNonASCIIBytes` is exact; a tab is passed over below, byte by byte).
            if i + 8 <= n {
                let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let found = controlOrNonASCIIBytes(w)
                if found == 0 {
                    i += 8
                    continue
                }
                i += found.trailingZeroBitCount >> 3
            }
            let c = p[i]
            if c == 0x0A || c == 0x0D {
                if c == 0x0D, i + 1 < n, p[i + 1] == 0x0A { i += 1 }
                starts.append(Int32(i + 1))
                nonASCII.append(lineHasNonASCII)
                lineHasNonASCII = false
                if stop(i + 1) { return starts.count - 1 }
            } else if c >= 0x80 {
                lineHasNonASCII = true
            }
            i += 1
        }
        nonASCII.append(lineHasNonASCII)
        return nil
    }

    /// This file with `range` replaced by `replacement`. The line table is rescanned only around
    /// the edit; the starts of later lines are moved (the language server does this per keystroke).
    public func replacing(_ range: Range<Int>, with replacement: [UInt8]) throws(EditError) -> SourceFile {
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else { throw .outOfBounds(range) }
        var out = bytes
        out.replaceSubrange(range, with: replacement)
        let delta = replacement.count - range.count
        let newEnd = range.lowerBound + replacement.count
        // From the line before the edit's: a `\r` ending it may now pair with an inserted `\n`.
        let oldLines = lines
        let firstLine = max(0, oldLines.line(of: range.lowerBound) - 1)
        let (lineStarts, nonASCIILines) = (oldLines.starts, oldLines.table.nonASCII)
        var starts = PlainBuffer<Int32>(capacity: lineStarts.count + 16)
        var nonASCII = PlainBuffer<Bool>(capacity: lineStarts.count + 16)
        starts.append(contentsOf: lineStarts[0...firstLine])
        nonASCII.append(contentsOf: nonASCIILines[0..<firstLine])
        var resumeAt: Int?
        let stopped = out.withUnsafeBufferPointer { p in
            SourceFile.scanLines(p, from: Int(lineStarts[firstLine]), starts: &starts, nonASCII: &nonASCII) { start in
                // Past the edit and its terminator bytes, at a line start the old text had too.
                guard start >= newEnd + 2, let old = oldLines.line(startingAt: start - delta) else { return false }
                resumeAt = old
                return true
            }
        }
        if stopped != nil, let resume = resumeAt {
            let d = Int32(delta)
            starts.reserveCapacity(starts.count + lineStarts.count - resume)
            for s in lineStarts[(resume + 1)...] { starts.append(s + d) }
            nonASCII.append(contentsOf: nonASCIILines[resume...])
        }
        let table = LineTable(starts: starts.finish(), nonASCII: nonASCII.finish())
        return SourceFile(path: path, bytes: out, lines: LazyLineTable(table))
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    public var lineCount: Int { lineStarts.count }

    /// Zero-based line containing `offset` (clamped to the file).
    public func line(of offset: Int) -> Int { lines.line(of: offset) }

    /// Byte range of a zero-based line, without its terminator.
    public func lineRange(_ line: Int) -> Range<Int> { lines.lineRange(line) }

    /// 1-based line and 1-based UTF-8 column, as the CLI prints them.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) { lines.lineColumn(of: offset) }

    /// Zero-based position of `offset` with columns counted in `encoding`.
    public func position(of offset: Int, encoding: PositionEncoding) -> LinePosition {
        lines.position(of: offset, encoding: encoding)
    }

    /// The same, for an offset at or after the start of line `hint` (see `SourceLines`).
    public func position(of offset: Int, encoding: PositionEncoding, after hint: Int) -> LinePosition {
        lines.position(of: offset, encoding: encoding, after: hint)
    }

    /// Byte offset of a zero-based position (see `SourceLines`).
    public func offset(of position: LinePosition, encoding: PositionEncoding) -> Int {
        lines.offset(of: position, encoding: encoding)
    }

    /// The text with the edits applied. Edits may come in any order but must not overlap.
    public func applying(_ edits: [ByteEdit]) throws(EditError) -> [UInt8] {
        try SourceFile.apply(edits, to: bytes)
    }

    public static func apply(_ edits: [ByteEdit], to bytes: [UInt8]) throws(EditError) -> [UInt8] {
        let sorted = edits.sorted {
            $0.range.lowerBound < $1.range.lowerBound
                || ($0.range.lowerBound == $1.range.lowerBound && $0.range.upperBound < $1.range.upperBound)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.reduce(0) { $0 + $1.newText.utf8.count })
        var cursor = 0
        var previous: Range<Int>?
        for e in sorted {
            guard e.range.lowerBound >= 0, e.range.upperBound <= bytes.count else { throw .outOfBounds(e.range) }
            if let prev = previous, e.range.lowerBound < prev.upperBound { throw .overlapping(prev, e.range) }
            out.append(contentsOf: bytes[cursor..<e.range.lowerBound])
            out.append(contentsOf: e.newText.utf8)
            cursor = e.range.upperBound
            previous = e.range
        }
        out.append(contentsOf: bytes[cursor...])
        return out
    }

    /// The source text of a byte range (invalid UTF-8 repaired).
    @inlinable
    public func text(_ range: Range<Int>) -> String {
        let r = max(0, min(range.lowerBound, bytes.count))..<max(0, min(range.upperBound, bytes.count))
        // Names and keywords, most of the texts asked for, fit a small string: made in place, an
        // ASCII one needs no UTF-8 validation (other bytes are checked and repaired as below).
        // `String(decoding:)` validated every one, a tenth of a rule's cost in places.
        if r.count <= 15 {
            return bytes.withUnsafeBufferPointer { p in
                String(unsafeUninitializedCapacity: r.count) { buffer in
                    guard let from = p.baseAddress, let to = buffer.baseAddress else { return 0 }
                    to.initialize(from: from + r.lowerBound, count: r.count)
                    return r.count
                }
            }
        }
        return String(decoding: bytes[r], as: UTF8.self)
    }
}

/// A file's line table, made the first time it is asked for: most files a run reads are parsed,
/// indexed and linted without a question about lines (scanning each one's bytes for them was 2%
/// of a run), and copies of the file share the one made.
// Safety: `made` is only read and written while holding `lock`.
final class LazyLineTable: @unchecked Sendable {
    private let lock = NSLock()
    private var made: SourceFile.LineTable?

    init(_ table: SourceFile.LineTable? = nil) { made = table }

    /// Whether the table has been made (tests: what a run leaves unmade).
    var isMade: Bool { lock.withLock { made != nil } }

    func table(of bytes: [UInt8]) -> SourceFile.LineTable {
        lock.withLock {
            if let made { return made }
            let table = SourceFile.LineTable(bytes)
            made = table
            return table
        }
    }
}

/// A file's bytes with its line table (`SourceFile.lines`): offsets to lines and columns.
/// Lines end at `\n`, `\r\n` or `\r` (as LSP defines). Offset → line is a binary search; the
/// column is then counted within the line, skipped entirely for lines known to be ASCII.
public struct SourceLines: Sendable {
    public let bytes: [UInt8]
    let table: SourceFile.LineTable

    init(bytes: [UInt8], table: SourceFile.LineTable) {
        self.bytes = bytes
        self.table = table
    }

    /// Byte offset of the first byte of each line; always starts with 0.
    public var starts: [Int32] { table.starts }

    /// Zero-based line containing `offset` (clamped to the file).
    public func line(of offset: Int) -> Int {
        var lo = 0, hi = starts.count - 1
        let o = Int32(clamping: max(0, min(offset, bytes.count)))
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if starts[mid] <= o { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// Byte offset of the start of the line containing `offset`.
    public func lineStart(of offset: Int) -> Int { Int(starts[line(of: offset)]) }

    /// The index of the line starting exactly at `offset`, if one does.
    func line(startingAt offset: Int) -> Int? {
        guard offset > 0, offset <= bytes.count else { return nil }
        let l = line(of: offset)
        return Int(starts[l]) == offset ? l : nil
    }

    /// Byte range of a zero-based line, without its terminator.
    public func lineRange(_ line: Int) -> Range<Int> {
        let l = max(0, min(line, starts.count - 1))
        let start = Int(starts[l])
        var end = l + 1 < starts.count ? Int(starts[l + 1]) : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return start..<end
    }

    /// 1-based line and 1-based UTF-8 column, as the CLI prints them.
    public func lineColumn(of offset: Int) -> (line: Int, column: Int) {
        let l = line(of: offset)
        return (l + 1, max(0, min(offset, bytes.count)) - Int(starts[l]) + 1)
    }

    /// Zero-based position of `offset` with columns counted in `encoding`.
    public func position(of offset: Int, encoding: PositionEncoding) -> LinePosition {
        position(of: offset, encoding: encoding, line: line(of: offset))
    }

    /// The same, for an offset at or after the start of line `hint` (the line of an earlier
    /// offset): the line is found from there when it is that one or the next, without a search
    /// (a finding's end is on its start's line; sorted findings mostly follow one another).
    public func position(of offset: Int, encoding: PositionEncoding, after hint: Int) -> LinePosition {
        let o = max(0, min(offset, bytes.count))
        guard hint >= 0, hint < starts.count, Int(starts[hint]) <= o else {
            return position(of: o, encoding: encoding)
        }
        if hint + 1 == starts.count || o < Int(starts[hint + 1]) {
            return position(of: o, encoding: encoding, line: hint)
        }
        if hint + 2 == starts.count || o < Int(starts[hint + 2]) {
            return position(of: o, encoding: encoding, line: hint + 1)
        }
        return position(of: o, encoding: encoding)
    }

    private func position(of offset: Int, encoding: PositionEncoding, line l: Int) -> LinePosition {
        let o = max(0, min(offset, bytes.count))
        let start = Int(starts[l])
        if encoding == .utf8 || !table.nonASCII[l] { return LinePosition(line: l, character: o - start) }
        var units = 0
        var i = start
        while i < o {
            let b = bytes[i]
            let len = b < 0x80 ? 1 : (b < 0xE0 ? 2 : (b < 0xF0 ? 3 : 4))
            units += (encoding == .utf16 && len == 4) ? 2 : 1
            i += len
        }
        return LinePosition(line: l, character: units)
    }

    /// Byte offset of a zero-based position; columns past the line end clamp to it, lines past
    /// the end clamp to the end of the file (LSP's rule).
    public func offset(of position: LinePosition, encoding: PositionEncoding) -> Int {
        if position.line < 0 { return 0 }
        if position.line >= starts.count { return bytes.count }
        let range = lineRange(position.line)
        let wanted = max(0, position.character)
        if encoding == .utf8 || !table.nonASCII[position.line] {
            return min(range.lowerBound + wanted, range.upperBound)
        }
        var units = 0
        var i = range.lowerBound
        while i < range.upperBound, units < wanted {
            let b = bytes[i]
            let len = b < 0x80 ? 1 : (b < 0xE0 ? 2 : (b < 0xF0 ? 3 : 4))
            units += (encoding == .utf16 && len == 4) ? 2 : 1
            i += len
        }
        return min(i, range.upperBound)
    }
}
