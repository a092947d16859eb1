// fixture: defaultIsolation=MainActor target=executable
// compile: linux
import Foundation

final class ReaderState {
    private(set) var fontSize = 17.0
    private(set) var pageIndex = 0

    func increaseFontSize() {
        DispatchQueue.main.async { // expect: redundant-main-dispatch@9
            self.fontSize += 1
        }
    }

    func turnPage() async {
        try? await Task.sleep(for: .milliseconds(100))
        await MainActor.run { // expect: redundant-main-dispatch@15
            self.pageIndex += 1
        }
    }
}
