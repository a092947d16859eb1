import SwiftData
import SwiftUI

@main
struct PantryApp: App {
    let container: ModelContainer = {
        let configuration = ModelConfiguration(cloudKitDatabase: .private("iCloud.com.example.pantry"))
        do {
            return try ModelContainer(for: Pantry.self, PantryItem.self, configurations: configuration)
        } catch {
            fatalError("Could not create the container: \(error)")
        }
    }()

    var body: some Scene {
        WindowGroup { Text("Pantry") }
            .modelContainer(container)
    }
}
