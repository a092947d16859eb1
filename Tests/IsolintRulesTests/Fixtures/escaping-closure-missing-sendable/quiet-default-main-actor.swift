// fixture: defaultIsolation=MainActor target=executable
// compile: linux
import Foundation

final class OnboardingFlow {
    private var onFinish: (() -> Void)?

    func start(onFinish: @escaping () -> Void) {
        self.onFinish = onFinish
        Task {
            try? await Task.sleep(for: .seconds(1))
            finish()
        }
    }

    func preloadAssets(then done: @escaping () -> Void) {
        Task {
            await Task.yield()
            done()
        }
    }

    private func finish() {
        onFinish?()
    }
}
