import SwiftUI

struct DetailView: View {
    @State private var text = ""

    var body: some View {
        Text(text)
            .task { text = await fetch() }
            .onAppear { text = "…" }
    }

    func fetch() async -> String { "done" }
}
