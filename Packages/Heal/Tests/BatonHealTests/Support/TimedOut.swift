/// Why a test stopped waiting.
struct TimedOut: Error, CustomStringConvertible {
  var description: String
}
