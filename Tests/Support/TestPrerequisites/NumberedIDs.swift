/// The ids `"1"`, `"2"`, ... of `range`, as the test servers number their records. A
/// function rather than `range.map(String.init)` written inside `#expect`: the type checker
/// took over a second for each such expectation, choosing among `String`'s initializers.
public func numberedIDs(_ range: ClosedRange<Int>) -> [String] {
  range.map { String($0) }
}
