import Foundation

struct Thumbnailer {
    func render(_ data: Data) -> Data { data }

    func renderAll(_ images: [Data]) {
        for image in images {
            Task.detached(priority: .background) { // expect: detached-task@13
                _ = render(image)
            }
        }
    }

    func kickOff() -> Task<Int, Never> {
        let task = Task.detached { 42 } // expect: detached-task@20
        return task
    }
}

func shutdown() {
    _Concurrency.Task.detached { print("bye") } // expect: detached-task@5
}
