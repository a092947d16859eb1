import SwiftUI

struct InboxView: View {
    @State private var messages: [String] = []
    let load: @Sendable () async -> [String]

    var body: some View {
        List(messages, id: \.self) { Text($0) }
            .onAppear { // expect: prefer-task-modifier@13
                Task {
                    messages = await load()
                }
            }
    }
}
