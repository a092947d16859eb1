// compile: linux
import Foundation
import Observation

/// Observed only by the sync service through `withObservationTracking`, never by a View.
@Observable
final class SyncStatus {
    var lastSync: Date?
    var pendingChanges = 0
}

final class SyncService {
    let status = SyncStatus()

    func markSynced() {
        status.lastSync = Date()
        status.pendingChanges = 0
    }
}

/// Notes for the migration guide: `@Published` properties and `ObservableObject`
/// classes should be `@MainActor`.
final class MigrationNotes {
    // final class Model: ObservableObject { @Published var x = 0 }
    let example = "final class Model: ObservableObject { @Published var count = 0 }"
    var published = false
    var observableObjectCount = 0
}
