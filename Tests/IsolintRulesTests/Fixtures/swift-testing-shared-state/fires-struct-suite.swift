// fixture: target=test
// compile: linux
import Testing

@MainActor
final class PlaylistModel {
    private(set) var songs: [String] = []

    func add(_ song: String) {
        songs.append(song)
    }
}

@Suite(.serialized)
struct PlaylistTests { // expect: swift-testing-shared-state@1
    let model = PlaylistModel()

    @Test func addsSong() {
        model.add("Intro")
        #expect(model.songs == ["Intro"])
    }

    @Test func startsEmpty() {
        #expect(model.songs.isEmpty)
    }
}
