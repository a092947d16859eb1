import Foundation
import Testing

/// `isolint lint` over a tree of bad inputs — not UTF-8, UTF-16, over the size limit, a FIFO, a
/// dangling symbolic link, a symbolic-link loop, a file nobody may read — next to a good file:
/// each bad one is named on stderr with what is wrong (or, met in a directory walk and not a
/// regular file, passed over), nothing blocks, and the good file is still linted.
@Suite(
    "isolint lint on bad inputs", .serialized,
    .enabled(if: IsolintExecutable.url != nil, "the isolint executable is not built (run `swift build` first)"))
struct BadInputTests {
    typealias Sandbox = LintCommandTests.Sandbox

    static func tree() throws -> Sandbox {
        let box = try Sandbox()
        try box.write("G.swift", LintCommandTests.errorSource)
        try box.write("Bad.swift", Data([0x6C, 0x65, 0x74, 0x20, 0x61, 0x20, 0x3D, 0x20, 0x22, 0xFF, 0x22, 0x0A]))
        try box.write("Wide.swift", Data([0xFF, 0xFE, 0x6C, 0x00, 0x0A, 0x00]))
        // 70 MB, sparse: refused from its size before a byte is read.
        try box.write("Huge.swift", Data())
        let huge = try FileHandle(forWritingTo: URL(fileURLWithPath: box.path + "/Huge.swift"))
        try huge.truncate(atOffset: 70 << 20)
        try huge.close()
        #expect(mkfifo(box.path + "/Pipe.swift", 0o600) == 0)
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: box.path + "/Dangling.swift", withDestinationPath: "/nonexistent/None.swift")
        try box.write("Tree/Sub/Deep.swift", "let fine = 1\n")
        try fm.createSymbolicLink(atPath: box.path + "/Tree/Sub/loop", withDestinationPath: "..")
        return box
    }

    @Test func aDirectoryOfBadInputs() throws {
        let box = try Self.tree()
        let started = Date()
        let r = try box.run(["lint", "--no-progress", "."], timeout: 15)
        #expect(Date().timeIntervalSince(started) < 10)
        #expect(r.status == 2)
        #expect(
            r.stdout
                == "./G.swift:1:17: error: \(LintCommandTests.gmsMessage) [global-mutable-state]\n"
                + "1 finding (1 error) in 2 files.\n")
        #expect(
            r.stderr
                == "isolint: ./Bad.swift is not valid UTF-8; skipped\n"
                + "isolint: ./Huge.swift is 70 MB, over isolint's limit of 64 MB; skipped\n"
                + "isolint: ./Wide.swift is UTF-16; isolint reads UTF-8 source; skipped\n")
    }

    /// Named on the command line, a FIFO is refused before it is opened (opening one blocks).
    @Test func aFIFONamedOnTheCommandLine() throws {
        let box = try Self.tree()
        let r = try box.run(["lint", "--no-progress", "Pipe.swift", "Huge.swift", "G.swift"], timeout: 15)
        #expect(r.status == 2)
        #expect(
            r.stdout
                == "G.swift:1:17: error: \(LintCommandTests.gmsMessage) [global-mutable-state]\n"
                + "1 finding (1 error) in 1 file.\n")
        #expect(
            r.stderr
                == "isolint: Huge.swift is 70 MB, over isolint's limit of 64 MB; skipped\n"
                + "isolint: Pipe.swift is not a regular file; skipped\n")
    }

    /// Nothing left to lint once the bad file is skipped (this trapped: no work for the workers).
    @Test(arguments: [
        (["lint"], "No findings in 0 files.\n"),
        (["lint", "--format", "json"], "[]\n"),
        (["fix"], "No findings in 0 files.\nFixed 0 findings in 0 files.\n"),
    ])
    func onlyABadFileNamed(_ command: [String], stdout: String) throws {
        let box = try Self.tree()
        let r = try box.run(command + ["--no-progress", "Bad.swift"], timeout: 15)
        #expect(r.status == 2)
        #expect(r.stdout == stdout)
        #expect(r.stderr == "isolint: Bad.swift is not valid UTF-8; skipped\n")
    }

    @Test(.enabled(if: geteuid() != 0, "root reads a mode-000 file anyway"))
    func anUnreadableFileAmongTheBadOnes() throws {
        let box = try Self.tree()
        try box.write("Locked.swift", LintCommandTests.errorSource)
        try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: box.path + "/Locked.swift")
        defer {
            try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: box.path + "/Locked.swift")
        }
        let r = try box.run(["lint", "--no-progress", "."], timeout: 15)
        #expect(r.status == 2)
        #expect(r.stderr.contains("isolint: ./Locked.swift cannot be read; skipped\n"))
        #expect(r.stdout.hasSuffix("1 finding (1 error) in 2 files.\n"))
    }
}
