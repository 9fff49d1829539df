// Replaced by the GraphQLSyntax work (issue 2): parse throughput beside graphql-js.
enum ParseBench {
  static let childCases: [String: BenchChild.Case] = [:]
  static func run() throws { throw BenchError(description: "parse: not written yet") }
}
