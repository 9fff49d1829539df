// Apple-only in part (`canImport(os)`). Checked by hand against Apple's documentation:
// - Availability: OSSignposter, init(subsystem:category:), beginInterval(_:),
//   endInterval(_:_:) and OSSignpostIntervalState are macOS 12, iOS 15, tvOS 15, watchOS 8
//   (visionOS listed without a version, that is from its first release).
// - Threading and Sendable: an `Interval` is begun and ended by the same caller and never
//   crosses a task, so it needs no Sendable conformance; a signposter is made per interval.
// Elsewhere begin and end do nothing, and the code that times itself is tested here.
#if canImport(os)
  import os
#endif

/// Instruments intervals in the `dev.baton` subsystem, named as the inspector's timeline
/// names the same work (`fetch`, `normalize`, `read`, `heal`, `image save`, `image load`),
/// so a trace reads like the timeline. Compiled to nothing where there is no `os` module.
/// Each module names its own category in a file of its own (`Signposts.store` here).
package struct Signposts: Sendable {
  /// An interval begun and not yet ended.
  package struct Interval {
    #if canImport(os)
      let signposter: OSSignposter
      let name: StaticString
      let state: OSSignpostIntervalState
    #endif
  }

  let category: String

  package init(category: String) {
    self.category = category
  }

  /// The store's intervals: `fetch` (the request to the store write), `normalize`,
  /// `read` and `heal`.
  package static let store = Signposts(category: "Store")

  package func begin(_ name: StaticString) -> Interval {
    #if canImport(os)
      // Made per interval: a signposter wraps a cached log handle, and keeping one would
      // need it to be Sendable on every SDK.
      let signposter = OSSignposter(subsystem: "dev.baton", category: category)
      return Interval(signposter: signposter, name: name, state: signposter.beginInterval(name))
    #else
      return Interval()
    #endif
  }

  package func end(_ interval: Interval) {
    #if canImport(os)
      interval.signposter.endInterval(interval.name, interval.state)
    #endif
  }

  /// Runs `body` inside an interval named `name`.
  package func interval<Result, Failure: Error>(
    _ name: StaticString, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    let interval = begin(name)
    defer { end(interval) }
    return try body()
  }
}
