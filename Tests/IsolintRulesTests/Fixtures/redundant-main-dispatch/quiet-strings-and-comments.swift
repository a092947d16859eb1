// compile: linux
import Foundation

@MainActor
final class CodeReviewTips {
    private(set) var tips: [String] = []

    // Old code did: DispatchQueue.main.async { self.reload() }
    // and:          await MainActor.run { self.reload() }
    func load() {
        tips = [
            "DispatchQueue.main.async { ... } is redundant on the main actor",
            "Replace `await MainActor.run { }` with a direct call",
        ]
        let snippet = """
            DispatchQueue.main.async {
                self.tableView.reloadData()
            }
            """
        tips.append(snippet)
        /* DispatchQueue.main.async(execute: refresh) */
    }
}
