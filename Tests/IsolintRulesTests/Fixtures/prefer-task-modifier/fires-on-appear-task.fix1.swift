import SwiftUI

struct InboxView: View {
    @State private var messages: [String] = []
    let load: @Sendable () async -> [String]

    var body: some View {
        List(messages, id: \.self) { Text($0) }
            .task {
                messages = await load()
            }
    }
}
