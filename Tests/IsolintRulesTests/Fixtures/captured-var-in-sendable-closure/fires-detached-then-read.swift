/// Task.detached takes a `sending` closure: a lone mutation compiles, but a read afterwards races.
func progress() {
    var done = false
    Task.detached { // expect: captured-var-in-sendable-closure@5
        done = true
    }
    print(done)
}

func twoTasks() {
    var total = 0
    Task.detached { total += 1 } // expect: captured-var-in-sendable-closure@5
    Task.detached { total += 2 } // expect: captured-var-in-sendable-closure@5
}

func group(_ values: [Int]) async {
    var sum = 0
    await withTaskGroup(of: Void.self) { group in
        for v in values {
            group.addTask { sum += v } // expect: captured-var-in-sendable-closure@13
        }
    }
}
