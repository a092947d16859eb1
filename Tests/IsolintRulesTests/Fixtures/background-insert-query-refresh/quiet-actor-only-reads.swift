import SwiftData
import SwiftUI

@Model
final class Sample {
    var value: Double = 0

    init(value: Double) {
        self.value = value
    }
}

/// Inserts happen on the main context; the actor only reads.
@ModelActor
actor SampleReader {
    func average() throws -> Double {
        let samples = try modelContext.fetch(FetchDescriptor<Sample>())
        return samples.map(\.value).reduce(0, +) / Double(max(samples.count, 1))
    }
}

struct SampleList: View {
    @Query private var samples: [Sample]
    @Environment(\.modelContext) private var modelContext

    var body: some View {
        List(samples) { sample in
            Text("\(sample.value)")
        }
        .toolbar {
            Button("Add") {
                modelContext.insert(Sample(value: .random(in: 0...1)))
                try? modelContext.save()
            }
        }
    }
}
