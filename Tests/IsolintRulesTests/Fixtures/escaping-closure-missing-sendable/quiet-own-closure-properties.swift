// compile: linux
import Foundation

actor ConnectionMonitor {
    private var onStatusChange: ((Bool) -> Void)?
    private var retryHandlers: [() -> Void] = []

    func startLogging() {
        onStatusChange = { isOnline in
            print("online: \(isOnline)")
        }
        retryHandlers.append { print("retrying") }
    }
}

@MainActor
final class ToastCenter {
    var onTap: (() -> Void)?
    private var actions: [String: () -> Void] = [:]

    func register(_ name: String, action: @escaping () -> Void) {
        actions[name] = action
    }
}

struct MenuItem {
    let title: String
    let handler: () -> Void
}

final class Palette: Sendable {
    let name: String
    @MainActor static var onThemeChange: ((String) -> Void)?
    let makeDescription: @Sendable () -> String

    init(name: String) {
        self.name = name
        self.makeDescription = { "Palette \(name)" }
    }
}

struct Docs {
    // func load(completion: @escaping () -> Void) { Task.detached { completion() } }
    let example = "Task.detached { completion() } // completion: @escaping () -> Void"
}
