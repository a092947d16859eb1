// libFuzzer entry point for the whole linter: lex → parse → index → every rule → every fix
// applied and linted again (FixValidity). Built by scripts/fuzz.sh together with the
// IsolintSyntax and IsolintRules sources (one module, so no import). Any trap, hang, finding
// range outside the file or fix that does not apply is a bug.

@_cdecl("LLVMFuzzerTestOneInput")
public func isolintFuzzLint(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    // Nothing an input parses outlives it (see `TypeTextCache.removeAll`).
    defer { TypeTextCache.shared.removeAll() }
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    // The first byte picks the target settings, so both isolation defaults are exercised.
    let settings = FixValidity.settingsToTry[Int(bytes.first ?? 0) % FixValidity.settingsToTry.count]
    let problems = FixValidity.problems(in: bytes, settings: settings, maximumFixes: 16)
    precondition(problems.isEmpty, problems.prefix(5).joined(separator: "\n"))
    return 0
}
