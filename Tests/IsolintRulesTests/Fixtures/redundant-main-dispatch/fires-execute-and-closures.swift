// compile: linux
import Foundation

@MainActor
final class UploadQueueModel {
    private(set) var statusText = ""
    private(set) var finishedIDs: [UUID] = []

    func markFinished(_ ids: [UUID]) {
        DispatchQueue.main.async(execute: { // expect: redundant-main-dispatch@9
            self.finishedIDs.append(contentsOf: ids)
            self.statusText = "\(self.finishedIDs.count) uploaded"
        })
    }

    func announce(_ ids: [UUID]) {
        ids.forEach { id in
            DispatchQueue.main.async { // expect: redundant-main-dispatch@13
                self.statusText = "Uploaded \(id.uuidString.prefix(8))"
            }
        }
    }

    #if DEBUG
    func resetForUITests() {
        DispatchQueue.main.async { self.finishedIDs.removeAll() } // expect: redundant-main-dispatch@9
    }
    #endif
}

final class UploadDelegate {
    let model: UploadQueueModel

    init(model: UploadQueueModel) {
        self.model = model
    }

    func uploadDidFinish(id: UUID) {
        let model = self.model
        Task { @MainActor in
            await MainActor.run { // expect: redundant-main-dispatch@19
                model.markFinished([id])
            }
        }
    }
}
