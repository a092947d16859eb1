import Foundation
import Testing

@testable import IsolintRules

/// The one pipeline's input checks, shared by the command line and the language server.
@Suite("Pipeline")
struct PipelineTests {
    @Test func utf8ValidationAgreesWithTheStandardLibrary() {
        var generator = SystemRandomNumberGenerator()
        let samples: [[UInt8]] = [
            Array("plain ascii text that is long enough for the eight-byte path".utf8),
            Array("émoji 👋🏽 and ünïcode".utf8), [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0x80], [0xFF], [0xEF, 0xBB, 0xBF, 0x41], [],
        ]
        for bytes in samples {
            #expect(Pipeline.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
        for _ in 0..<2000 {
            let n = Int.random(in: 0..<40, using: &generator)
            // Mostly ASCII with some high bytes, so both paths and every sequence length occur.
            let bytes = (0..<n).map { _ in
                Bool.random(using: &generator)
                    ? UInt8.random(in: 0x20..<0x7F, using: &generator)
                    : UInt8.random(in: 0x80...0xFF, using: &generator)
            }
            #expect(Pipeline.isValidUTF8(bytes) == (String(validating: bytes, as: UTF8.self) != nil), "\(bytes)")
        }
    }

    @Test func encodingsOtherThanUTF8AreRefused() {
        #expect(Pipeline.source(path: "a.swift", bytes: [0xFF, 0xFE, 0x41, 0x00]).failure == .utf16)
        #expect(Pipeline.source(path: "a.swift", bytes: [0xFE, 0xFF, 0x00, 0x41]).failure == .utf16)
        #expect(Pipeline.source(path: "a.swift", bytes: [0xFF, 0xFE, 0x00, 0x00, 0x41, 0, 0, 0]).failure == .utf32)
        #expect(Pipeline.source(path: "a.swift", bytes: [0x41, 0xC3]).failure == .invalidUTF8)
        #expect(Pipeline.source(path: "a.swift", bytes: [0xEF, 0xBB, 0xBF] + Array("let a = 1\n".utf8)).failure == nil)
    }

    @Test func filesThatAreNotRegularFilesAreRefusedWithoutBlocking() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("isolint-pipeline-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("pipe.swift").path
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(Pipeline.read(path: fifo).failure == .notARegularFile)
        #expect(Pipeline.read(path: dir.path).failure == .notARegularFile)
        #expect(Pipeline.read(path: dir.appendingPathComponent("missing.swift").path).failure == .unreadable)
        let file = dir.appendingPathComponent("a.swift")
        try Data("let a = 1\n".utf8).write(to: file)
        #expect(Pipeline.read(path: file.path).success?.bytes == Array("let a = 1\n".utf8))
        #expect(InputProblem.tooLarge(bytes: 80 * 1_048_576).description.contains("80 MB"))
    }

    @Test func aRunReportsProblemsAndLintsTheRest() async {
        let inputs = [
            Pipeline.Input(path: "Sources/A/ok.swift", settings: .standalone, bytes: Array("var counter = 0\n".utf8)),
            Pipeline.Input(path: "Sources/A/bad.swift", settings: .standalone, bytes: [0xFF, 0xFE, 0x41, 0x00]),
        ]
        let (reports, problems, _) = await Pipeline.run(inputs, linter: Linter())
        #expect(reports.map(\.path) == ["Sources/A/ok.swift"])
        #expect(reports.first?.findings.map(\.ruleID) == ["global-mutable-state"])
        #expect(problems.map(\.path) == ["Sources/A/bad.swift"])
        #expect(problems.map(\.problem) == [.utf16])
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let f) = self { return f }
        return nil
    }
    var success: Success? {
        if case .success(let s) = self { return s }
        return nil
    }
}
