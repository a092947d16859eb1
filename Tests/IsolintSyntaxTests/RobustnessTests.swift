import Foundation
import Testing

@testable import IsolintSyntax

// MARK: - Invariants

/// What must hold for the output of any parse, whatever the input: a contiguous token stream
/// ending in `.eof`, symmetric bracket matching, and a tree rooted at `sourceFile` in which
/// every node is reachable from the root and lies within its parent's tokens. Returns the
/// violations (empty when well-formed), at most a few of them.
private func violations(_ tree: SyntaxTree) -> [String] {
    var problems: [String] = []
    func fail(_ message: @autoclosure () -> String) {
        if problems.count < 5 { problems.append(message()) }
    }
    let byteCount = tree.source.bytes.count
    let tokens = tree.tokens
    guard let last = tokens.last, last.kind == .eof, last.range == byteCount..<byteCount else {
        return ["token stream does not end in an eof token at the end of the file"]
    }
    var previousStart: Int32 = 0
    for (i, t) in tokens.enumerated() {
        if t.start > t.end || Int(t.end) > byteCount { fail("token \(i) has range \(t.start)..<\(t.end)") }
        if t.start < previousStart { fail("token \(i) starts before token \(i - 1)") }
        if t.kind == .eof && i != tokens.count - 1 { fail("eof token \(i) before the end") }
        previousStart = t.start
    }
    if tree.matching.count != tokens.count {
        fail("matching has \(tree.matching.count) entries for \(tokens.count) tokens")
    }
    for (i, m) in tree.matching.enumerated() where m >= 0 {
        if Int(m) >= tokens.count || tree.matching[Int(m)] != Int32(i) {
            fail("bracket \(i) matches \(m), which does not match back")
        }
    }
    let nodes = tree.nodes
    guard let root = nodes.first, root.kind == .sourceFile, root.parent == -1 else {
        return problems + ["node 0 is not a sourceFile root"]
    }
    if root.firstToken != 0 || Int(root.endToken) != tokens.count {
        fail("root covers tokens \(root.firstToken)..<\(root.endToken)")
    }
    for (i, n) in nodes.enumerated().dropFirst() {
        guard n.parent >= 0, Int(n.parent) < nodes.count, Int(n.parent) != i else {
            fail("node \(i) (\(n.kind)) has parent \(n.parent)")
            continue
        }
        if n.firstToken > n.endToken || Int(n.endToken) > tokens.count {
            fail("node \(i) (\(n.kind)) covers tokens \(n.firstToken)..<\(n.endToken)")
        }
        let p = nodes[Int(n.parent)]
        if n.firstToken < p.firstToken || n.endToken > p.endToken {
            fail(
                "node \(i) (\(n.kind)) covers \(n.firstToken)..<\(n.endToken), outside its parent \(p.kind) \(p.firstToken)..<\(p.endToken)"
            )
        }
        if n.name >= Int32(tokens.count) || n.keyword >= Int32(tokens.count) {
            fail("node \(i) names a token past the end")
        }
    }
    // Every node reachable from the root exactly once: no cycles, no orphans.
    var seen = [Bool](repeating: false, count: nodes.count)
    var stack: [Int32] = [tree.root]
    var reached = 0
    while let node = stack.popLast() {
        if seen[Int(node)] {
            fail("node \(node) reached twice")
            continue
        }
        seen[Int(node)] = true
        reached += 1
        stack.append(contentsOf: tree.children(node))
    }
    if reached != nodes.count { fail("\(nodes.count - reached) nodes not reachable from the root") }
    for e in DeclDump.entries(tree) where e.offset < 0 || e.offset > byteCount {
        fail("decl entry \(e.kind) at offset \(e.offset) outside the file")
    }
    return problems
}

private func parse(_ bytes: [UInt8]) -> SyntaxTree {
    SyntaxTree.parse(SourceFile(path: "hostile.swift", bytes: bytes))
}

private func declLines(_ tree: SyntaxTree) -> [String] {
    DeclDump.render(tree).split(separator: "\n").map {
        $0.replacingOccurrences(of: "\t", with: " ").trimmingCharacters(in: .whitespaces)
    }
}

private func declLines(_ source: String) -> [String] { declLines(SyntaxTree.parse(text: source)) }

private func repeated(_ s: String, _ count: Int) -> String { String(repeating: s, count: count) }

/// A small deterministic generator (SplitMix64), so failures reproduce.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

private func fixtureURL(_ path: String) -> URL? {
    Bundle.module.resourceURL?.appendingPathComponent("Fixtures").appendingPathComponent(path)
}

// MARK: - Deep nesting

/// A hang fails the test instead of stalling the run.
@Suite(.timeLimit(.minutes(1))) struct DeepNestingTests {
    @Test(arguments: ["(", "{", "[", "(((", "{[(", "\""])
    func tenThousandUnclosedOpeners(_ opener: String) {
        let tree = SyntaxTree.parse(text: repeated(opener, 10_000 / opener.count))
        #expect(violations(tree) == [])
    }

    @Test func tenThousandUnmatchedClosers() {
        for closer in [")", "}", "]"] {
            let tree = SyntaxTree.parse(text: repeated(closer, 10_000) + "\nfunc after() {}")
            #expect(violations(tree) == [])
            #expect(declLines(tree) == ["func 2:1 after()"])
        }
    }

    @Test func tenThousandBalancedParenthesesThenADeclaration() {
        let tree = SyntaxTree.parse(
            text: "let x = " + repeated("(", 10_000) + "1" + repeated(")", 10_000) + "\nfunc after() {}")
        #expect(violations(tree) == [])
        #expect(declLines(tree) == ["let 1:5 x", "func 2:1 after()"])
    }

    @Test func tenThousandBalancedBracketsThenADeclaration() {
        let tree = SyntaxTree.parse(
            text: "let x = " + repeated("[", 10_000) + repeated("]", 10_000) + "\nfunc after() {}")
        #expect(violations(tree) == [])
        #expect(declLines(tree) == ["let 1:5 x", "func 2:1 after()"])
    }

    @Test func tenThousandBalancedBracesThenADeclaration() {
        let tree = SyntaxTree.parse(
            text: "let x = " + repeated("{", 10_000) + repeated("}", 10_000) + "\nfunc after() {}")
        #expect(violations(tree) == [])
        let lines = declLines(tree)
        #expect(lines.prefix(2) == ["let 1:5 x", "closure 1:9"])
        #expect(lines.last == "func 2:1 after()")
    }

    @Test func fiveThousandNestedTrailingClosures() {
        let tree = SyntaxTree.parse(
            text: "let x = " + repeated("f { ", 5_000) + repeated("} ", 5_000) + "\nfunc after() {}")
        #expect(violations(tree) == [])
        let lines = declLines(tree)
        #expect(lines.prefix(2) == ["let 1:5 x", "closure 1:11"])
        #expect(lines.last == "func 2:1 after()")
        // Whatever the depth limit, the closures that are listed are listed in order.
        let columns = lines.dropFirst().dropLast().map { Int($0.split(separator: ":").last ?? "") ?? -1 }
        #expect(columns == columns.sorted() && Set(columns).count == columns.count)
    }

    @Test func fiveThousandNestedClosuresWithSignatures() {
        let tree = SyntaxTree.parse(
            text: "let x = " + repeated("{ [weak self] (a: Int) in ", 5_000) + repeated("}", 5_000) + "\nlet after = 1")
        #expect(violations(tree) == [])
        let lines = declLines(tree)
        #expect(lines.prefix(2) == ["let 1:5 x", "closure 1:9"])
        #expect(lines.last == "let 2:5 after")
    }

    @Test func fiveThousandNestedStringInterpolations() {
        var s = "x"
        for _ in 0..<5_000 { s = "\"\\(" + s + ")\"" }
        let tree = SyntaxTree.parse(text: "let x = " + s + "\nlet after = 1")
        #expect(violations(tree) == [])
        #expect(tree.tokens.filter { $0.kind == .stringLiteral }.count == 5_000)
        #expect(declLines(tree) == ["let 1:5 x", "let 2:5 after"])
    }

    @Test func fiveThousandInterpolationsHoldingClosures() {
        var s = "1"
        for _ in 0..<5_000 { s = "\"\\({ " + s + " }())\"" }
        let tree = SyntaxTree.parse(text: "let x = " + s + "\nlet after = 1")
        #expect(violations(tree) == [])
        let lines = declLines(tree)
        #expect(lines.first == "let 1:5 x")
        #expect(lines.dropFirst().first == "closure 1:12")
        #expect(lines.last == "let 2:5 after")
    }

    @Test func threeThousandNestedIfConfigs() {
        let tree = SyntaxTree.parse(
            text: repeated("#if A\n", 3_000) + "let x = 1\n" + repeated("#endif\n", 3_000) + "func after() {}")
        #expect(violations(tree) == [])
        #expect(declLines(tree).last == "func 6002:1 after()")
    }

    @Test func hundredNestedTypeDeclarations() {
        let tree = SyntaxTree.parse(text: repeated("struct S { ", 100) + repeated("}", 100) + "\nfunc after() {}")
        #expect(violations(tree) == [])
        let lines = declLines(tree)
        #expect(lines.count == 101)
        #expect(lines.first == "struct 1:1 S")
        #expect(lines.dropFirst().first == "struct 1:12 S")
        #expect(lines.last == "func 2:1 after()")
    }

    @Test
    func threeThousandNestedTypeDeclarations() {
        for introducer in ["struct S", "class C", "enum E", "protocol P", "actor A", "extension E"] {
            let tree = SyntaxTree.parse(
                text: repeated(introducer + " { ", 3_000) + repeated("}", 3_000) + "\nfunc after() {}")
            #expect(violations(tree) == [])
            #expect(declLines(tree).last == "func 2:1 after()")
        }
    }
}

// MARK: - Size

/// A hang fails the test instead of stalling the run.
@Suite(.timeLimit(.minutes(1))) struct LargeInputTests {
    /// A 10 MB file of 2 KB units, each a documented class with a property holding a long string, a
    /// method and a closure: enough text to cross every 32-bit-offset and line-table size
    /// class, cheap enough per byte to stay fast in debug builds.
    @Test func tenMegabyteFile() {
        let doc = "/// " + repeated("Documentation for the model. ", 36) + "\n"
        let long = repeated("lorem ipsum ", 70)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(10_600_000)
        var units = 0
        while bytes.count < 10_000_000 {
            let i = units
            bytes += Array(doc.utf8)
            bytes += Array("final class Model\(i): ObservableObject {\n".utf8)
            bytes += Array("    @Published var title\(i) = \"\(long)\"\n".utf8)
            bytes += Array("    func update\(i)(_ v: Int) -> Int { values.map { $0 + v }.count }\n}\n".utf8)
            units += 1
        }
        let tree = parse(bytes)
        #expect(tree.source.bytes.count >= 10_000_000)
        #expect(tree.source.lineCount == units * 5 + 1)
        let entries = DeclDump.entries(tree)
        #expect(entries.count == units * 4)
        #expect(tree.tokens.last?.kind == .eof)
        // The last unit, at the far end of the file: exact positions.
        let tail = entries.suffix(4).map { e -> String in
            let (line, column) = tree.source.lineColumn(of: e.offset)
            return "\(e.kind) \(line):\(column) \(e.name)"
        }
        let u = units - 1
        #expect(
            tail == [
                "class \(5 * u + 2):7 Model\(u)",
                "var \(5 * u + 3):20 title\(u)",
                "func \(5 * u + 4):5 update\(u)(_:)",
                "closure \(5 * u + 4):\(47 + String(u).count) ",
            ])
        #expect(
            entries.map(\.kind).prefix(8) == ["class", "var", "func", "closure", "class", "var", "func", "closure"])
    }
}

// MARK: - Garbage

/// A hang fails the test instead of stalling the run.
@Suite(.timeLimit(.minutes(1))) struct RandomInputTests {
    @Test func randomBytes() {
        var rng = SplitMix64(state: 150_117)
        for round in 0..<150 {
            let length = Int.random(in: 0...4_096, using: &rng)
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let problems = violations(parse(bytes))
            #expect(problems == [], "round \(round)")
        }
    }

    @Test func randomASCII() {
        var rng = SplitMix64(state: 42)
        let alphabet = Array("abcxyz_019 \t\n\r(){}[]<>\"\\#@$/*+-=!?&|.,:;`'".utf8)
        for round in 0..<100 {
            let length = Int.random(in: 0...4_096, using: &rng)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &rng)] }
            #expect(violations(parse(bytes)) == [], "round \(round)")
        }
    }

    @Test func randomSwiftFragments() {
        var rng = SplitMix64(state: 2_024)
        let fragments = [
            "func f", "(", ")", "{", "}", "[", "]", "<", ">", "\"", "\"\"\"", "\\(", "#\"", "\"#", "#if X\n", "#else\n",
            "#endif\n", "let x = ", "var y: Int", "class C", "struct S", "enum E", "case a", "protocol P",
            "extension E",
            "actor A", "init(", "deinit", "subscript(", "get", "set", "willSet", "didSet", " in ", "$0", "[weak self]",
            "@MainActor ", "@escaping ", "nonisolated(unsafe) ", "async ", "await ", "try ", "throws ", "->", "=", "==",
            "?", "!", ".", ".sink", ",", ":", ";", "\n", " ", "/", "/x/", "#/", "/#", "//", "/*", "*/", "if ", "guard ",
            "else ", "switch ", "default:", "for ", "while ", "repeat ", "do ", "catch ", "defer ", "return ", "`", "é",
            "😀", "\u{FEFF}", "0x1.8p3", "1_000", "x.0.1", "#selector(", "#Preview ", "typealias T = ", "where ",
        ]
        for round in 0..<150 {
            var s = ""
            let target = Int.random(in: 0...4_096, using: &rng)
            while s.utf8.count < target { s += fragments[Int.random(in: 0..<fragments.count, using: &rng)] }
            #expect(violations(SyntaxTree.parse(text: s)) == [], "round \(round): \(s.prefix(200))")
        }
    }
}

// MARK: - Truncation and unbalanced input

/// A hang fails the test instead of stalling the run.
@Suite(.timeLimit(.minutes(1))) struct TruncationTests {
    /// Every prefix, at a 7-byte stride, of a compact but realistic file (the full fixtures
    /// would make this test take seconds in debug builds).
    @Test func everySeventhBytePrefixOfARealisticFile() {
        let bytes = Array(compactRealisticFile.utf8)
        #expect(bytes.count == 2_815)
        // The whole file parses as swiftc parses it.
        #expect(declLines(SyntaxTree.parse(text: compactRealisticFile)) == compactRealisticDecls)
        var failures: [String] = []
        var last: [String] = []
        for end in stride(from: 0, through: bytes.count, by: 7) {
            let tree = parse(Array(bytes[..<end]))
            let problems = violations(tree)
            if !problems.isEmpty, failures.count < 3 { failures.append("prefix \(end): \(problems)") }
            last = declLines(tree)
        }
        #expect(failures == [])
        // The longest prefix (2,814 bytes) only cuts into the final `#endif`.
        #expect(last == compactRealisticDecls)
    }

    @Test func laterDeclarationsSurviveAnUnclosedBrace() {
        #expect(declLines("func a() {\n  if x {\n}\nfunc b() {}") == ["func 1:1 a()", "func 4:1 b()"])
    }

    @Test func laterDeclarationsSurviveUnclosedParenthesesAndBrackets() {
        #expect(declLines("func a() {\n  foo(\n}\nfunc b() {}") == ["func 1:1 a()", "func 4:1 b()"])
        #expect(
            declLines("func a() {\n  let x = [1, 2\n}\nfunc b() {}") == ["func 1:1 a()", "let 2:7 x", "func 4:1 b()"])
        #expect(declLines("func a(x: Int {\n}\nfunc b() {}") == ["func 1:1 a(x:)", "func 3:1 b()"])
    }

    @Test func laterDeclarationsSurviveStrayClosers() {
        #expect(declLines(")))\nfunc b() {}") == ["func 2:1 b()"])
        #expect(declLines("}}}\nfunc b() {}") == ["func 2:1 b()"])
        #expect(declLines("func a() { ) }\nfunc b() {}") == ["func 1:1 a()", "func 2:1 b()"])
        #expect(
            declLines("struct S {\n  func a() {\n}\nstruct T {}\nfunc c() {}") == [
                "struct 1:1 S", "func 2:3 a()", "struct 4:1 T", "func 5:1 c()",
            ])
    }

    @Test
    func unclosedInterpolationEndsAtTheNewline() {
        #expect(declLines("let s = \"\\(x\nfunc b() {}") == ["let 1:5 s", "func 2:1 b()"])
    }

    @Test func unterminatedLiteralsAndComments() {
        for source in [
            "let s = \"abc", "let s = \"\"\"\nabc", "let s = #\"abc", "/* open", "let r = #/abc", "let s = \"\\(",
            "`abc",
        ] {
            let tree = SyntaxTree.parse(text: source)
            #expect(violations(tree) == [], "\(source)")
        }
        #expect(declLines("let s = \"abc\nfunc b() {}") == ["let 1:5 s", "func 2:1 b()"])
    }
}

// MARK: - Fuzz regressions

/// A hang fails the test instead of stalling the run.
@Suite(.timeLimit(.minutes(1))) struct FuzzRegressionTests {
    /// Replays every input `scripts/fuzz.sh` found (see Fixtures/fuzz/README.md).
    @Test func fuzzRegressionInputs() throws {
        let folder = try #require(fixtureURL("fuzz"))
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "README.md" }
            .sorted()
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("README.md").path))
        for name in names {
            let bytes = try [UInt8](Data(contentsOf: folder.appendingPathComponent(name)))
            #expect(violations(parse(bytes)) == [], "\(name)")
            // The fuzzer's incremental check on the same input.
            let source = SourceFile(path: "fuzz.swift", bytes: FuzzEdit.apply(to: bytes))
            #expect(treeDifference(parse(bytes).reparsed(source), SyntaxTree.parse(source)) == nil, "\(name)")
        }
    }
}

// MARK: - A compact realistic file

private let compactRealisticFile = #"""
    import Foundation
    import Combine

    final class InboxViewModel: ObservableObject {
        @Published private(set) var messages: [Message] = []
        @Published var filter = ""
        private var cancellables = Set<AnyCancellable>()
        private var observer: NSObjectProtocol?
        private let queue = DispatchQueue(label: "inbox")

        init(service: InboxService) {
            $filter
                .debounce(for: .milliseconds(250), scheduler: RunLoop.main)
                .removeDuplicates()
                .sink { [weak self] text in self?.apply(filter: text) }
                .store(in: &cancellables)
            observer = NotificationCenter.default.addObserver(forName: .inboxChanged, object: nil, queue: .main) { [weak self] _ in
                self?.reload(using: service)
            }
        }

        deinit {
            if let observer = observer { NotificationCenter.default.removeObserver(observer) }
        }

        func reload(using service: InboxService) {
            service.fetch { [weak self] result in
                DispatchQueue.main.async {
                    guard let self = self else { return }
                    switch result {
                    case .success(let messages):
                        self.messages = messages.sorted { $0.date > $1.date }
                    case .failure(let error):
                        print("inbox: \(error.localizedDescription)")
                    }
                }
            }
        }

        func unreadCount(using service: InboxService) async throws -> Int {
            try await withCheckedThrowingContinuation { continuation in
                service.fetch { result in
                    continuation.resume(with: result.map { $0.filter { !$0.isRead }.count })
                }
            }
        }

        private func apply(filter text: String) {
            queue.async { [weak self] in
                guard let self else { return }
                let matching = self.messages.filter { text.isEmpty || $0.subject.localizedCaseInsensitiveContains(text) }
                DispatchQueue.main.async { self.messages = matching }
            }
        }
    }

    struct Message: Identifiable {
        let id: UUID
        var subject: String
        var date: Date
        var isRead = false
    }

    protocol InboxService: AnyObject {
        func fetch(completion: @escaping (Result<[Message], Error>) -> Void)
    }

    actor ReadReceipts {
        private var pending: Set<UUID> = []
        func mark(_ id: UUID) { pending.insert(id) }
        func flush() -> [UUID] {
            defer { pending.removeAll() }
            return Array(pending)
        }
    }

    extension Notification.Name {
        static let inboxChanged = Notification.Name("InboxChanged")
    }

    #if DEBUG
    final class MockInboxService: InboxService {
        var stub: [Message] = []
        func fetch(completion: @escaping (Result<[Message], Error>) -> Void) {
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.1) { completion(.success(self.stub)) }
        }
    }
    #endif
    """#

/// `DeclDump` of `compactRealisticFile`, checked against `swiftc -dump-parse` (kinds, lines and
/// columns; the extension's name is `Notification.Name`, as swiftc says).
private let compactRealisticDecls = [
    "import 1:1 Foundation",
    "import 2:1 Combine",
    "class 4:7 InboxViewModel",
    "var 5:33 messages",
    "var 6:20 filter",
    "var 7:17 cancellables",
    "var 8:17 observer",
    "let 9:17 queue",
    "init 11:5 init(service:)",
    "closure 15:19",
    "closure 17:110",
    "deinit 22:5 deinit",
    "func 26:5 reload(using:)",
    "closure 27:23",
    "closure 28:38",
    "closure 32:53",
    "func 40:5 unreadCount(using:)",
    "closure 41:51",
    "closure 42:27",
    "closure 43:54",
    "closure 43:66",
    "func 48:13 apply(filter:)",
    "closure 49:21",
    "let 51:17 matching",
    "closure 51:49",
    "closure 52:38",
    "struct 57:1 Message",
    "let 58:9 id",
    "var 59:9 subject",
    "var 60:9 date",
    "var 61:9 isRead",
    "protocol 64:1 InboxService",
    "func 65:5 fetch(completion:)",
    "actor 68:1 ReadReceipts",
    "var 69:17 pending",
    "func 70:5 mark(_:)",
    "func 71:5 flush()",
    "extension 77:1 Notification.Name",
    "let 78:16 inboxChanged",
    "class 82:7 MockInboxService",
    "var 83:9 stub",
    "func 84:5 fetch(completion:)",
    "closure 85:67",
]
