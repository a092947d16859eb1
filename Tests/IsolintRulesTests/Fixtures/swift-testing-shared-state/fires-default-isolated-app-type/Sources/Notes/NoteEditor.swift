/// Main-actor isolated through the target's default isolation.
final class NoteEditor {
    var text = ""

    func append(_ line: String) {
        text += line + "\n"
    }
}
