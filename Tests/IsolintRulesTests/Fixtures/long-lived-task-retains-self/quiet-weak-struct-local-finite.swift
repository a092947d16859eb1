// compile: linux
import Foundation

@MainActor
final class Recorder {
    var samples: [Int] = []
    var task: Task<Void, Never>?

    func weakLoop(stream: AsyncStream<Int>) {
        task = Task { [weak self] in
            for await s in stream {
                self?.samples.append(s)
            }
        }
    }

    func finite() {
        // Ends after three iterations.
        task = Task {
            for i in 0..<3 {
                samples.append(i)
            }
        }
    }

    func unstored(stream: AsyncStream<Int>) {
        // Not stored: nothing holds the task, so no cycle.
        Task {
            for await s in stream {
                samples.append(s)
            }
        }
    }

    func noSelf(stream: AsyncStream<Int>) {
        task = Task {
            var count = 0
            for await _ in stream { count += 1 }
            print(count)
        }
    }
}

struct Pump {
    var task: Task<Void, Never>?
    let stream: AsyncStream<Int>

    mutating func start() {
        let stream = stream
        task = Task {
            for await s in stream { print(s) }
        }
    }
}
