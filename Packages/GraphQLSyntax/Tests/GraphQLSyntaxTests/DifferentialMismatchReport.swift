/// Collects mismatches and reports the first few in full, so one failure shows enough
/// to fix without drowning the log.
struct MismatchReport {
  let title: String
  let shown: Int
  private(set) var checked = 0
  private(set) var lines: [String] = []
  private(set) var count = 0

  init(_ title: String, shown: Int = 15) {
    self.title = title
    self.shown = shown
  }

  mutating func check() { checked += 1 }

  mutating func add(_ name: String, _ detail: String) {
    count += 1
    if count <= shown { lines.append("- \(name): \(detail)") }
  }

  var summary: String {
    let more = count > shown ? "\n… and \(count - shown) more" : ""
    return "\(title): \(count) of \(checked) differ\n" + lines.joined(separator: "\n") + more
  }

  /// Where two printed documents first differ, as a short report.
  static func firstDifference(expected: String, actual: String) -> String {
    let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<max(expectedLines.count, actualLines.count) {
      let want = index < expectedLines.count ? String(expectedLines[index]) : "<end>"
      let got = index < actualLines.count ? String(actualLines[index]) : "<end>"
      if want != got {
        return "line \(index + 1): graphql-core \(want.debugDescription), Baton \(got.debugDescription)"
      }
    }
    return "identical"
  }
}
