/// A value a generated builder takes: it says what a response holds for it. Built-in
/// scalars, generated enums (by raw value), custom scalars (by their JSON), generated data
/// (`GraphQLData`), optionals (`nil` is null), arrays (lists) and a `@catch(to: RESULT)`
/// field's `Result` conform, so a builder adds each parameter with one generic call and
/// the compiler checks no expression per field.
public protocol DataResponseConvertible {
  /// What a response holds for this value, with the errors at or below it.
  var __response: DataResponse { get }
}

extension DataResponse: DataResponseConvertible {
  /// Itself.
  public var __response: DataResponse { self }
}

extension String: DataResponseConvertible {
  /// A string (or ID).
  public var __response: DataResponse { DataResponse(.string(self)) }
}

extension Int: DataResponseConvertible {
  /// An Int.
  public var __response: DataResponse { DataResponse(.number(String(self))) }
}

extension Double: DataResponseConvertible {
  /// A Float; a value JSON cannot write (infinity, NaN) is null.
  public var __response: DataResponse { isFinite ? DataResponse(.number(String(self))) : .null }
}

extension Bool: DataResponseConvertible {
  /// A Boolean.
  public var __response: DataResponse { DataResponse(.bool(self)) }
}

extension Optional: DataResponseConvertible where Wrapped: DataResponseConvertible {
  /// The value's response, or null.
  public var __response: DataResponse { self?.__response ?? .null }
}

extension Array: DataResponseConvertible where Element: DataResponseConvertible {
  /// A list: each item's errors get its index in front of their paths.
  public var __response: DataResponse {
    var errors: [FieldError] = []
    var variables: [String: JSONValue] = [:]
    var items: [JSONValue] = []
    items.reserveCapacity(count)
    for (index, element) in enumerated() {
      let item = element.__response
      items.append(item.data)
      errors += item.errors.map { $0.prefixed(.index(index)) }
      variables.merge(item.variables) { current, _ in current }
    }
    return DataResponse(.array(items), errors: errors, variables: variables)
  }
}

extension RawRepresentable where RawValue == String, Self: DataResponseConvertible {
  /// A generated enum: its GraphQL value.
  public var __response: DataResponse { DataResponse(.string(rawValue)) }
}

/// The errors a `@catch(to: RESULT)` field caught, as a generated `FieldErrors` holds them.
public protocol CaughtFieldErrors: Error {
  /// The errors, their paths relative to the field.
  var errors: [FieldError] { get }
}

extension Result: DataResponseConvertible where Success: DataResponseConvertible, Failure: CaughtFieldErrors {
  /// The value's response, or null with the errors caught.
  public var __response: DataResponse {
    switch self {
    case .success(let value): value.__response
    case .failure(let failure): DataResponse(.null, errors: failure.errors)
    }
  }
}
