import BatonNormalizer
import Foundation

// The custom scalars the Scalars golden maps (Golden/Scalars/baton.json), conforming to the
// `CustomScalar` of both its targets, public and internal, in the module that holds the
// generated code, as an app declares them. Tools/compile-matrix.sh compiles this file
// with that code in every isolation setup, so its declarations are `nonisolated`.

/// An app's own type mapped as a scalar: an amount in whole cents, sent as a JSON number.
nonisolated public struct Cents: Sendable, Hashable {
  public var value: Int

  public init(_ value: Int) {
    self.value = value
  }
}

nonisolated extension Cents: ScalarsPublic.CustomScalar, ScalarsInternal.CustomScalar {
  /// A value that is not a whole number reads as zero cents.
  public init(jsonValue: JSONValue) {
    guard case .number(let text) = jsonValue, let value = Int(text) else {
      self.init(0)
      return
    }
    self.init(value)
  }

  public var jsonValue: JSONValue { .number(String(value)) }
}

nonisolated extension Foundation.Date: ScalarsPublic.CustomScalar, ScalarsInternal.CustomScalar {
  /// An ISO 8601 date-time; one that does not parse reads as the reference date.
  public init(jsonValue: JSONValue) {
    guard case .string(let text) = jsonValue, let date = try? Date.ISO8601FormatStyle().parse(text) else {
      self.init(timeIntervalSinceReferenceDate: 0)
      return
    }
    self = date
  }

  public var jsonValue: JSONValue { .string(formatted(Date.ISO8601FormatStyle())) }
}

nonisolated extension Foundation.Decimal: ScalarsPublic.CustomScalar, ScalarsInternal.CustomScalar {
  /// A JSON number (or its text as a string), exactly; anything else reads as not-a-number.
  public init(jsonValue: JSONValue) {
    switch jsonValue {
    case .number(let text), .string(let text): self = Decimal(string: text) ?? .nan
    default: self = .nan
    }
  }

  /// Not-a-number, which JSON cannot write, goes as null.
  public var jsonValue: JSONValue { isNaN ? .null : .number(description) }
}

nonisolated extension Foundation.URL: ScalarsPublic.CustomScalar, ScalarsInternal.CustomScalar {
  /// A URL string; one that does not parse reads as the empty file URL.
  public init(jsonValue: JSONValue) {
    guard case .string(let text) = jsonValue, let url = URL(string: text) else {
      self.init(fileURLWithPath: "/")
      return
    }
    self = url
  }

  public var jsonValue: JSONValue { .string(absoluteString) }
}
