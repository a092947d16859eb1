import Foundation

/// Not SwiftUI: a home-grown lifecycle hook that happens to be called onAppear.
final class Lifecycle {
    var handlers: [() -> Void] = []
    func onAppear(_ body: @escaping () -> Void) -> Lifecycle { handlers.append(body); return self }
}

func wire(_ l: Lifecycle) {
    _ = l.onAppear {
        Task { print("appeared") }
    }
}
