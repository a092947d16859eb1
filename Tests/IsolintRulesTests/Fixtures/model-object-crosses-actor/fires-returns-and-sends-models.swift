import Foundation
import SwiftData

@Model
final class Trip {
    var name: String
    var start: Date

    init(name: String, start: Date) {
        self.name = name
        self.start = start
    }
}

@ModelActor
actor TripStore {
    func recentTrips() throws -> [Trip] { // expect: model-object-crosses-actor@5
        try modelContext.fetch(FetchDescriptor<Trip>())
    }

    func trip(named name: String) throws -> Trip? { // expect: model-object-crosses-actor@5
        try modelContext.fetch(FetchDescriptor<Trip>()).first { $0.name == name }
    }

    func byName() throws -> [String: Trip] { // expect: model-object-crosses-actor@5
        Dictionary(uniqueKeysWithValues: try recent().map { ($0.name, $0) })
    }

    /// Private: only the actor itself calls it.
    private func recent() throws -> [Trip] {
        try modelContext.fetch(FetchDescriptor<Trip>())
    }

    func count() throws -> Int {
        try recent().count
    }
}

actor TripUploader {
    func upload(_ trip: Trip) async {}
}

@MainActor
final class TripDetailModel {
    let trip: Trip
    let uploader = TripUploader()

    init(trip: Trip) {
        self.trip = trip
    }

    func share() async {
        await uploader.upload(trip) // expect: model-object-crosses-actor@31
    }

    func printLater() {
        let shown = trip
        Task.detached {
            print(shown.name) // expect: model-object-crosses-actor@19
        }
    }
}
