// compile: linux
import Foundation

enum Haptics {
    /// Called from any thread; the hop is the first statement, not inside a callback.
    static func playSuccess() {
        DispatchQueue.main.async {
            print("haptic: success")
        }
    }
}

struct MigrationChecklist {
    // In callbacks, replace `DispatchQueue.main.async { [weak self] in … }`
    // with `Task { @MainActor [weak self] in … }`.
    let items = [
        "DispatchQueue.main.async { completion(result) }",
        "URLSession.shared.dataTask(with: url) { _, _, _ in DispatchQueue.main.async { } }",
    ]

    func render() -> String {
        items.map { "- " + $0 }.joined(separator: "\n")
    }
}
