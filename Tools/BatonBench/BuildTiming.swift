/// One timed `swift build`: wall-clock time, the CPU time its processes used, and the
/// machine's load around it. On a shared machine the wall time moves with other people's
/// work; the CPU time moves far less, so the two together show whether a slow row is the
/// compiler's doing.
struct BuildTiming {
  var wall: Double
  var cpu: Double
  var loadBefore: Double
  var loadAfter: Double

  /// The run a row reports: the one that used the least CPU, with that run's wall time and
  /// load. Two builds of the same sources on this kind of VM differ by up to 1.5x in CPU,
  /// and what other tenants do only ever adds to it, so the lowest is the closest to the
  /// compiler's own cost.
  static func best(_ first: BuildTiming, _ second: BuildTiming) -> BuildTiming {
    second.cpu < first.cpu ? second : first
  }
}
