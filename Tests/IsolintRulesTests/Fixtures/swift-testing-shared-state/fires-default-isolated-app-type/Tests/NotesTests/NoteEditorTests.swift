import Testing

@testable import Notes

@Suite("Note editor")
struct NoteEditorTests { // expect: swift-testing-shared-state@1
    let editor = NoteEditor()

    @Test func appendsLines() {
        editor.append("first")
        #expect(editor.text == "first\n")
    }
}
