/// A JSON value as it came over the wire: the scalars of a record, the arguments of a
/// field and the parsed body of a response.
///
/// Numbers keep their literal text so that a value reads back exactly as it was written
/// (`1.0` stays `1.0`, a 64-bit id keeps every digit); objects keep their members in order,
/// so equality of objects is order-sensitive.
public enum JSONValue: Sendable, Hashable {
  case null
  case bool(Bool)
  /// The number's literal text, already checked against the RFC 8259 grammar.
  case number(String)
  case string(String)
  case array([JSONValue])
  case object([JSONMember])

  /// The member named `key` of an object, or `nil` for a missing key or a non-object.
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  /// The value as an `Int` when it is an integer literal that fits.
  public var intValue: Int? {
    guard case .number(let text) = self else { return nil }
    return Int(text)
  }

  /// The value as a `Double` when it is a number.
  public var doubleValue: Double? {
    guard case .number(let text) = self else { return nil }
    return Double(text)
  }

  /// The value as a `String` when it is a string.
  public var stringValue: String? {
    guard case .string(let text) = self else { return nil }
    return text
  }

  /// A word for the kind of value, used in messages ("a string", "an object").
  public var kindDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "a list"
    case .object: "an object"
    }
  }
}
