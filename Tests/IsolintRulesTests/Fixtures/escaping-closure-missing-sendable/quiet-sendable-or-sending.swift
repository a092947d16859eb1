// compile: linux
import Foundation

final class ReportExporter {
    private let workQueue = DispatchQueue(label: "com.example.export", qos: .utility)

    func export(_ rows: [String], completion: @escaping @Sendable (URL?) -> Void) {
        workQueue.async {
            let url = FileManager.default.temporaryDirectory.appendingPathComponent("report.csv")
            let written = (try? rows.joined(separator: "\n").write(to: url, atomically: true, encoding: .utf8)) != nil
            completion(written ? url : nil)
        }
    }

    func compress(_ data: Data, completion: sending @escaping (Data) -> Void) {
        Task.detached(priority: .utility) {
            completion(data)
        }
    }

    func exportNow(_ rows: [String], transform: (String) -> String) -> [String] {
        rows.map(transform)
    }

    func withTemporaryFile(_ body: @escaping (URL) -> Void) {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        body(url)
        try? FileManager.default.removeItem(at: url)
    }

    func readSynchronously(_ read: @escaping () -> Data) -> Data {
        workQueue.sync { read() }
    }
}

/// A plain reference type that keeps its callback on the caller's side.
final class FormValidator {
    private var onChange: ((Bool) -> Void)?
    private var rules: [(String) -> Bool] = []

    func observe(_ handler: @escaping (Bool) -> Void) {
        onChange = handler
    }

    func addRule(_ rule: @escaping (String) -> Bool) {
        rules.append(rule)
    }

    func validate(_ text: String) {
        onChange?(rules.allSatisfy { $0(text) })
    }
}
