// compile: linux
import Foundation

@MainActor
final class CommentsModel {
    private(set) var comments: [String] = []
    private(set) var highlighted: String?

    func append(_ comment: String) {
        DispatchQueue.main.async {
            self.comments.append(comment)
        }
    }

    func highlightAll(_ ids: [String]) {
        ids.forEach { id in
            DispatchQueue.main.async {
                self.highlighted = id
            }
        }
    }
}

final class CommentsSocket: Sendable {
    let model: CommentsModel

    init(model: CommentsModel) {
        self.model = model
    }

    func didReceive(_ text: String) {
        Task { @MainActor in
            DispatchQueue.main.async {
                self.model.append(text)
            }
        }
    }
}
