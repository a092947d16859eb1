// compile: linux
import Foundation

@MainActor
final class ImportProgressModel {
    private(set) var imported = 0
    private(set) var bannerVisible = false

    func importFiles(_ urls: [URL]) {
        Task.detached(priority: .utility) {
            let count = urls.filter { FileManager.default.fileExists(atPath: $0.path) }.count
            DispatchQueue.main.async {
                self.imported = count
            }
        }
    }

    func rescan(_ directory: URL) {
        DispatchQueue.global(qos: .utility).async {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
            DispatchQueue.main.async {
                self.imported = names.count
            }
        }
    }

    func flashBanner() {
        bannerVisible = true
        DispatchQueue.main.asyncAfter(deadline: .now() + 2) {
            self.bannerVisible = false
        }
    }
}

enum ImportLogger {
    static func log(_ message: String) {
        DispatchQueue.main.async {
            print(message)
        }
    }

    static func summarize(_ model: ImportProgressModel) async -> String {
        await MainActor.run {
            "imported \(model.imported)"
        }
    }
}
