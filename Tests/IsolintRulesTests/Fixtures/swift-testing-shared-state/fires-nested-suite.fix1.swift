// fixture: target=test
// compile: linux
import Testing

@MainActor
final class ThemeStore {
    var accent = "blue"
    func reset() { accent = "blue" }
}

@MainActor
struct ThemeTests {
    let store = ThemeStore()

    @Test func keepsAccent() {
        #expect(store.accent == "blue")
    }

    /// A nested suite does not inherit the enclosing suite's @MainActor.
    @MainActor struct ResetTests {
        let store = ThemeStore()

        @Test func resets() {
            store.reset()
        }
    }
}
