// compile: linux
final class Report {
    var lines: [String] = []
}

struct Summary {
    var count = 0
}

final class Token: Sendable {
    let id = 1
}

actor Uploader {
    func upload(_ report: Report) {}
    func upload(summary: Summary) {}
    func upload(token: Token) {}
    func keep(_ report: Report) {}
    func again(_ report: Report) { keep(report) }
}

func reassigned(_ u: Uploader) async {
    var report = Report()
    await u.upload(report)
    report = Report()
    report.lines.append("new")
}

func exclusiveBranches(_ u: Uploader, _ flag: Bool) async {
    let report = Report()
    if flag {
        await u.upload(report)
    } else {
        report.lines.append("kept")
    }
}

func returnsAfterSend(_ u: Uploader, _ flag: Bool) async {
    let report = Report()
    if flag {
        await u.upload(report)
        return
    }
    report.lines.append("kept")
}

func discarded(_ u: Uploader) async {
    let report = Report()
    await u.upload(report)
    _ = report
}

func sendableValues(_ u: Uploader) async {
    let summary = Summary()
    await u.upload(summary: summary)
    print(summary.count)
    let token = Token()
    await u.upload(token: token)
    print(token.id)
}

@MainActor func mainActorTask() {
    let report = Report()
    Task { report.lines.append("a") }
    report.lines.append("b")
}
