// compile: linux
import Foundation

func local() {
    DispatchQueue.global().async {
        var count = 0
        count += 1
        print(count)
    }
}

func copy() {
    var count = 0
    count += 1
    DispatchQueue.global().async { [count] in
        print(count)
    }
}

func lone() {
    var n = 0
    Task.detached { n += 1 }
}

@MainActor func onMain() {
    var n = 0
    Task { n += 1 }
    DispatchQueue.main.async { n += 1 }
    print(n)
}

func notSendable(_ items: [Int]) {
    var total = 0
    items.forEach { total += $0 }
    let add = { total += 1 }
    add()
    print(total)
}

final class Box { var value = 0 }

func classReference() {
    let box = Box()
    var unused = 0
    unused = 1
    print(unused)
    _ = box
}

func groupReturns(_ values: [Int]) async -> Int {
    await withTaskGroup(of: Int.self) { group in
        for v in values { group.addTask { v * 2 } }
        var sum = 0
        for await x in group { sum += x }
        return sum
    }
}
