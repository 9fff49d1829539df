/// One timed `swift build`: wall-clock time, the CPU time its processes used, and the
/// machine's load around it. On a shared machine the wall time moves with other people's
/// work; the CPU time moves far less, so the two together show whether a slow row is the
/// compiler's doing.
struct BuildTiming {
  var wall: Double
  var cpu: Double
  var loadBefore: Double
  var loadAfter: Double

  /// The run a row reports: the faster wall time, with that run's CPU time and load.
  static func best(_ first: BuildTiming, _ second: BuildTiming) -> BuildTiming {
    second.wall < first.wall ? second : first
  }
}
