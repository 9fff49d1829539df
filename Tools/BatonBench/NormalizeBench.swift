// Replaced by the Normalizer work (issue 4): normalize and read beside JSONSerialization.
enum NormalizeBench {
  static let childCases: [String: BenchChild.Case] = [:]
  static func runNormalize() throws { throw BenchError(description: "normalize: not written yet") }
  static func runRead() throws { throw BenchError(description: "read: not written yet") }
}
