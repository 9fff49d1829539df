// String(validating:as:) is macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2. A line
// ending in "flagged:" and platforms is one the checker must report, for those platforms.

public func unwrapped(_ bytes: [UInt8]) -> String? {
  String(validating: bytes, as: UTF8.self)  // flagged: macOS iOS tvOS watchOS visionOS
}

public func wrapped(_ bytes: [UInt8]) -> String? {
  if #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) {
    return String(validating: bytes, as: UTF8.self)
  } else {
    return String(validating: bytes, as: UTF8.self)  // flagged: macOS iOS tvOS watchOS visionOS
  }
}

public func guarded(_ bytes: [UInt8]) -> String? {
  guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return nil }
  return String(validating: bytes, as: UTF8.self)
}

public func macOSOnly(_ bytes: [UInt8]) -> String? {
  if #available(macOS 15, *) {
    return String(validating: bytes, as: UTF8.self)  // flagged: iOS tvOS watchOS visionOS
  }
  return nil
}

@available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
public struct Declared {
  public func text(_ bytes: [UInt8]) -> String? {
    String(validating: bytes, as: UTF8.self)
  }
}

public let atTopLevel = String(validating: [UInt8]("a".utf8), as: UTF8.self)  // flagged: macOS iOS tvOS watchOS visionOS

// Not flagged: a compiler building for the minimums resolves `&*` to the extension's operator every
// release has (the protocol requirement beside it is Swift 6's), and `for await` calls
// next(isolation:) only where it exists.
public func wrappingProduct(_ a: UInt64, _ b: UInt64) -> UInt64 { a &* b }

public func sum(_ values: AsyncStream<Int>) async -> Int {
  var total = 0
  for await value in values { total += value }
  return total
}
