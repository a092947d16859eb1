/// The edit the fuzzer applies to an input to check incremental re-parsing (where, how much to
/// remove, what to insert — all derived from the input's bytes), shared with the regression
/// test that replays saved fuzz inputs.
enum FuzzEdit {
    static let snippets = [
        "x", "\n", "{", "}", "(", ")", "\"", "\"\"\"", "/*", "*/", "//", "\\(", "#if X\n", "#endif\n", "/", "`", "/#",
        "#/\n", "<", ">", "@A<", "",
    ]

    /// `bytes` with the derived edit applied.
    static func apply(to bytes: [UInt8]) -> [UInt8] {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in bytes { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        let at = Int(h % UInt64(bytes.count + 1))
        let removing = min(Int((h >> 20) % 6), bytes.count - at)
        var edited = bytes
        edited.replaceSubrange(
            at..<(at + removing), with: Array(snippets[Int((h >> 40) % UInt64(snippets.count))].utf8))
        return edited
    }
}
