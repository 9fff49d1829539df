#if canImport(os)
  import os
#endif

/// Instruments intervals for the inspector's work (rendering the page, the snapshot), in
/// the `dev.baton` subsystem beside the store's and the image's; nothing elsewhere.
package enum InspectorSignposts {
  /// Runs `body` inside an interval named `name`.
  package static func interval<Result, Failure: Error>(
    _ name: StaticString, _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    #if canImport(os)
      // Made per call: a signposter wraps a cached log handle, and a stored one would need
      // to be Sendable on every SDK.
      let signposter = OSSignposter(subsystem: "dev.baton", category: "Inspector")
      let state = signposter.beginInterval(name)
      defer { signposter.endInterval(name, state) }
    #endif
    return try body()
  }
}
