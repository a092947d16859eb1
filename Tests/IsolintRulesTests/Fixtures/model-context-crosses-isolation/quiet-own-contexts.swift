import SwiftData
import SwiftUI

@Model
final class Photo {
    var caption: String

    init(caption: String) {
        self.caption = caption
    }
}

/// The actor's own context, also inside a Task it starts: the Task inherits the actor.
@ModelActor
actor PhotoIndexer {
    func reindex() {
        Task {
            let photos = (try? modelContext.fetch(FetchDescriptor<Photo>())) ?? []
            for photo in photos { photo.caption = photo.caption.lowercased() }
            try? modelContext.save()
        }
    }
}

@MainActor
final class PhotoLibrary {
    let modelContext: ModelContext

    init(modelContext: ModelContext) {
        self.modelContext = modelContext
    }

    /// Only the Sendable container crosses; the detached task makes its own context.
    func compact() {
        let container = modelContext.container
        Task.detached {
            let context = ModelContext(container)
            let photos = try context.fetch(FetchDescriptor<Photo>())
            for photo in photos where photo.caption.isEmpty { context.delete(photo) }
            try context.save()
        }
    }

    /// A Task started from main-actor code stays on the main actor with the context.
    func rename(_ photo: Photo, to caption: String) {
        Task {
            photo.caption = caption
            try? modelContext.save()
        }
    }
}

struct PhotoGrid: View {
    @Environment(\.modelContext) private var modelContext

    var body: some View {
        Text("Photos")
            .task {
                try? modelContext.save()
            }
            .onAppear {
                Task { try? modelContext.save() }
            }
    }
}
