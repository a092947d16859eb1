// compile: linux
import Foundation

@MainActor
final class Gallery {
    var names: [String] = []
    var thumbnails: [String] = []

    func rebuild() {
        // map is non-escaping: the inner weak capture is all there is.
        thumbnails = names.map { name in
            Task { @MainActor [weak self] in
                self?.names.append(name)
            }
            return name.lowercased()
        }
    }

    func observe(events: @escaping @Sendable (@escaping @Sendable () -> Void) -> Void) {
        // The outer closure is weak already.
        events { [weak self] in
            Task { @MainActor [weak self] in
                self?.names.removeAll()
            }
        }
    }

    func handle(_ run: (() -> Void) -> Void) {
        // A non-escaping parameter: the closure cannot outlive the call.
        run {
            Task { @MainActor [weak self] in
                self?.thumbnails.removeAll()
            }
        }
    }
}
