// compile: linux
final class Report {
    var lines: [String] = []
}

actor Uploader {
    func upload(_ report: Report) {}
}

/// The playbook's example: one line after the upload that touches the report again.
func send(_ uploader: Uploader) async {
    let report = Report()
    await uploader.upload(report) // expect: value-used-after-send@27
    report.lines.append("sent")
}
