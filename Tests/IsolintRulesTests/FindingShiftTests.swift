import IsolintSyntax
import Testing

@testable import IsolintRules

/// A finding moved by an edit defers moving its notes and fixes until they are read or set:
/// what it answers is the same as if they had moved at once.
@Suite struct FindingShiftTests {
    let finding = Finding(
        ruleID: "r", severity: .warning, range: 10..<14, message: "m",
        notes: [Note(range: 20..<22, message: "n")],
        fixes: [
            Fix(title: "f", edits: [ByteEdit(range: 10..<10, newText: "x"), ByteEdit(range: 30..<31, newText: "")])
        ])

    @Test func notesAndFixesMoveWithTheRange() {
        let moved = finding.shifted(by: 5).shifted(by: -2)
        #expect(moved.range == 13..<17)
        #expect(moved.notes == [Note(range: 23..<25, message: "n")])
        #expect(moved.fixes.flatMap(\Fix.edits).map(\ByteEdit.range) == [13..<13, 33..<34])
        #expect(moved.fixes.first?.isPreferred == true)
        #expect(finding.shifted(by: 0) == finding)
        #expect(finding.shifted(by: 3).shifted(by: -3) == finding)
        #expect(finding.shifted(by: 3) != finding)
    }

    @Test func settingFixesOfAMovedFindingKeepsItsNotesMoved() {
        var moved = finding.shifted(by: 4)
        moved.fixes.append(Fix(title: "g", edits: [ByteEdit(range: 50..<50, newText: "y")]))
        #expect(moved.fixes.flatMap(\Fix.edits).map(\ByteEdit.range) == [14..<14, 34..<35, 50..<50])
        #expect(moved.notes.map(\Note.range) == [24..<26])
        // Moved again after the change: everything moves, the appended edit included.
        #expect(moved.shifted(by: 1).fixes.flatMap(\Fix.edits).map(\ByteEdit.range) == [15..<15, 35..<36, 51..<51])
        var renoted = finding.shifted(by: 2)
        renoted.notes = []
        #expect(renoted.fixes.flatMap(\Fix.edits).map(\ByteEdit.range) == [12..<12, 32..<33])
    }
}
