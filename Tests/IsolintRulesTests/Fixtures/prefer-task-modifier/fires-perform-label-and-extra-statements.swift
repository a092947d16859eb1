import SwiftUI

struct StatsView: View {
    @State private var count = 0
    @State private var appeared = false

    var body: some View {
        Text("\(count)")
            .onAppear(perform: { // expect: prefer-task-modifier@13
                appeared = true
                Task { count = await fetchCount() }
            })
    }

    func fetchCount() async -> Int { 3 }
}
