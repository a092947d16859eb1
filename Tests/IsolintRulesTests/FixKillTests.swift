import Foundation
import Testing

@testable import IsolintRules

/// `isolint fix` killed with SIGKILL at random moments — while it lints, and (through the test
/// hold, `ISOLINT_FIX_HOLD`) while it writes: every file is byte for byte either the old one or
/// the new one, with the mode it had (0644, 0600, 0755, 0640); a read-only file (0444) is
/// reported (exit 2) and never touched. A killed run may leave a temporary
/// `.NAME.isolint-XXXXXX` file beside one file, never a half-written source.
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
        // Modes to keep, whatever happens; the read-only file (0o444) is reported and left alone.
        let modes = names.indices.map { [0o644, 0o600, 0o755, 0o640, 0o444][$0 % 5] }
        let readOnly = Set(names.indices.filter { modes[$0] == 0o444 })
        func reset() throws {
            if fm.fileExists(atPath: dir) { try fm.removeItem(atPath: dir) }
            try fm.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for (k, (name, bytes)) in zip(names, old).enumerated() {
                try Data(bytes).write(to: URL(fileURLWithPath: dir + "/" + name))
                try fm.setAttributes([.posixPermissions: modes[k]], ofItemAtPath: dir + "/" + name)
            }
        }
        func current() -> [[UInt8]] { names.map { [UInt8](fm.contents(atPath: dir + "/" + $0) ?? Data()) } }
        func mode(_ name: String) -> Int {
            ((try? fm.attributesOfItem(atPath: dir + "/" + name))?[.posixPermissions] as? NSNumber)?.intValue ?? -1
        }

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
        // Exit 2: the read-only files could not be written (and say so).
        #expect(reference.terminationStatus == (readOnly.isEmpty ? 0 : 2))
        let new = current()
        #expect(
            zip(old, new).enumerated().allSatisfy {
                readOnly.contains($0.offset) == ($0.element.0 == $0.element.1)
            },
            "every writable file has something to fix, and the read-only ones are left alone")

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
                if bytes == new[k], new[k] != old[k] {
                    newer += 1
                } else if bytes != old[k] {
                    Issue.record("run \(runs): \(names[k]) is neither the old file nor the new one")
                }
                if mode(names[k]) != modes[k] {
                    let (got, want) = (String(mode(names[k]), radix: 8), String(modes[k], radix: 8))
                    Issue.record("run \(runs): \(names[k]) has mode \(got), not \(want)")
                }
            }
            if newer > 0 && newer < names.count - readOnly.count { partial += 1 }
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
