// fixture: upcoming=NonisolatedNonsendingByDefault
import Foundation

@MainActor
final class Importer {
    var rows: [String] = []

    func importAll(from source: AsyncStream<String>) async {
        for await row in source { rows.append(row) }
    }

    func waitEach(_ ids: [Int], load: @Sendable (Int) async -> String) async {
        for id in ids { rows.append(await load(id)) }
    }

    @concurrent nonisolated func parse(_ text: String) async -> [String] {
        var out: [String] = []
        for line in text.split(separator: "\n") { out.append(String(line)) }
        return out
    }

    func count() -> Int {
        var n = 0
        for _ in rows { n += 1 }
        return n
    }
}

actor Cache {
    var entries: [String: Int] = [:]
    func total() async -> Int {
        var t = 0
        for (_, v) in entries { t += v }
        return t
    }
}

struct Caller {
    nonisolated(nonsending) func sum(_ xs: [Int]) async -> Int {
        var s = 0
        for x in xs { s += x }
        return s
    }
}
