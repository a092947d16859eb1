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
@MainActor struct PlaylistTests {
    let model = PlaylistModel()

    @Test func addsSong() {
        model.add("Intro")
        #expect(model.songs == ["Intro"])
    }

    @Test func startsEmpty() {
        #expect(model.songs.isEmpty)
    }
}
