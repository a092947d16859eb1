import Foundation
import Testing

@testable import IsolintRules

/// `isolint fix` killed with SIGKILL at random moments — while it lints, and (through the test
/// hold, `ISOLINT_FIX_HOLD`) while it writes: every file is byte for byte either the old one or
/// the new one. A killed run may leave a temporary `.NAME.isolint-XXXXXX` file beside one file,
/// never a half-written source.
@Suite(
    "isolint fix killed at any moment", .serialized,
    .enabled(if: IsolintExecutable.url != nil, "the isolint executable is not built (run `swift build` first)"))
struct FixKillTests {
    typealias Sandbox = LintCommandTests.Sandbox

    static let fileCount = 150

    /// A file with a few fixable hazards of different rules, different in every file.
    static func source(_ k: Int) -> String {
        """
        import Combine
        import Foundation

        var counter\(k) = 0
        let padding\(k) = "\(String(repeating: "x", count: 40 + k % 17))"

        final class Model\(k): ObservableObject {
            @Published var value = \(k)
        }

        enum Cache\(k) {
            static var entries: [String: Int] = [:]
        }

        """
    }

    static func launch(_ box: Sandbox, hold: String?) throws -> Process {
        guard let executable = IsolintExecutable.url else { throw CocoaError(.fileNoSuchFile) }
        let p = Process()
        p.executableURL = executable
        p.arguments = ["fix", "--no-progress", "Sources"]
        p.currentDirectoryURL = URL(fileURLWithPath: box.path)
        p.standardOutput = FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        var environment = ProcessInfo.processInfo.environment
        if let hold { environment["ISOLINT_FIX_HOLD"] = hold }
        p.environment = environment
        try p.run()
        return p
    }

    static func waitFor(_ path: String, timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !FileManager.default.fileExists(atPath: path) {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    @Test func everyFileIsOldOrNewWhereverTheProcessDies() throws {
        let box = try Sandbox()
        let fm = FileManager.default
        let dir = box.path + "/Sources/App"
        let names = (0..<Self.fileCount).map { "File\($0).swift" }
        let old = names.indices.map { Array(Self.source($0).utf8) }
        func reset() throws {
            if fm.fileExists(atPath: dir) { try fm.removeItem(atPath: dir) }
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for (name, bytes) in zip(names, old) { try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name)) }
        }
        func current() -> [[UInt8]] { names.map { [UInt8](fm.contents(atPath: dir + "/" + $0) ?? Data()) } }

        // An uninterrupted run gives the new files, and how long linting and writing take.
        try reset()
        let hold = box.path + "/hold"
        let started = Date()
        let reference = try Self.launch(box, hold: hold)
        #expect(Self.waitFor(hold + ".ready"))
        let fixing = Date().timeIntervalSince(started)
        let writing = Date()
        _ = fm.createFile(atPath: hold + ".go", contents: nil)
        reference.waitUntilExit()
        let writeTime = Date().timeIntervalSince(writing)
        #expect(reference.terminationStatus == 0)
        let new = current()
        #expect(zip(old, new).allSatisfy { $0 != $1 }, "every file has something to fix")

        var generator = SeededGenerator(seed: 0x5EED)
        var runs = 0
        var partial = 0
        var strays = 0
        let budget = Date().addingTimeInterval(20)
        while runs < 60, Date() < budget {
            try reset()
            try? fm.removeItem(atPath: hold + ".ready")
            try? fm.removeItem(atPath: hold + ".go")
            // Odd runs die at any moment of the whole run, even runs while writing.
            let whileWriting = runs % 2 == 0
            let p = try Self.launch(box, hold: whileWriting ? hold : nil)
            if whileWriting {
                _ = Self.waitFor(hold + ".ready")
                _ = fm.createFile(atPath: hold + ".go", contents: nil)
                usleep(UInt32(Double.random(in: 0...(writeTime * 1.2), using: &generator) * 1e6))
            } else {
                usleep(UInt32(Double.random(in: 0...((fixing + writeTime) * 1.1), using: &generator) * 1e6))
            }
            kill(p.processIdentifier, SIGKILL)
            p.waitUntilExit()
            runs += 1
            let now = current()
            var newer = 0
            for (k, bytes) in now.enumerated() {
                if bytes == new[k] {
                    newer += 1
                } else if bytes != old[k] {
                    Issue.record("run \(runs): \(names[k]) is neither the old file nor the new one")
                }
            }
            if newer > 0 && newer < names.count { partial += 1 }
            let left = (try? fm.contentsOfDirectory(atPath: dir)) ?? []
            let temporary = left.filter { $0.hasPrefix(".") && $0.contains(".isolint-") }
            strays += temporary.count
            #expect(left.count - temporary.count == names.count, "run \(runs): files appeared or vanished")
            #expect(temporary.count <= 1, "run \(runs): more than one temporary file at once")
        }
        #expect(runs >= 10)
        // Killed while writing, some files were already new and others still old.
        #expect(partial > 0, "no run was killed in the middle of writing (\(runs) runs, write time \(writeTime) s)")
        print(
            "isolint fix killed \(runs) times: \(partial) mid-write, \(strays) temporary files left, write time \(writeTime) s"
        )
    }
}
