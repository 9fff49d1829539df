/// A problem with the fuzzer's arguments or seed corpus (not with the parser).
struct FuzzError: Error, CustomStringConvertible {
  var description: String
}
