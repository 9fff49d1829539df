/// The response a piece of read data stands for: its `data` JSON by response key, and the
/// field errors below it, their paths relative to that JSON.
///
/// Generated builders compose one per object (`add(_:_:)`, `merge(_:)`), and `init(__response:)`
/// puts it through the normalizer and the reader, so built data reads exactly as data from
/// the network does. `DataObject.response(selections:base:in:)` turns read data back into one.
public struct DataResponse: Sendable, Hashable {
  /// The JSON, with response keys (aliases) as keys.
  public var data: JSONValue
  /// The errors at or below `data`; each path starts at `data`.
  public var errors: [FieldError]
  /// The `@include`/`@skip` variables whose conditions the data's conditional selections
  /// passed: a builder sets them for what it was given (`add(_:_:if:)`), and built data is
  /// read with them, so a selection given reads as included and one left out as skipped.
  public var variables: [String: JSONValue]

  /// `data` with `errors`, their paths starting at `data`, and the condition `variables`
  /// its conditional selections passed.
  public init(_ data: JSONValue, errors: [FieldError] = [], variables: [String: JSONValue] = [:]) {
    self.data = data
    self.errors = errors
    self.variables = variables
  }

  /// `null`, without errors.
  public static let null = DataResponse(.null)

  /// The fields of an object that `errors` (their paths from the object) nulled: each
  /// error's first key null, as a server sends a field whose error a `@catch` above caught.
  init(caught errors: [FieldError]) {
    var members: [JSONMember] = []
    for error in errors {
      guard case .key(let key)? = error.path.first, !members.contains(where: { $0.key == key }) else { continue }
      members.append(JSONMember(key, .null))
    }
    self.init(.object(members), errors: errors)
  }

  /// The whole GraphQL response body: `data` and, when there are errors, `errors` with
  /// `message`, `path` and `extensions` as a server sends them.
  public var body: JSONValue {
    var members = [JSONMember("data", data)]
    if !errors.isEmpty {
      members.append(JSONMember("errors", .array(errors.map(\.responseJSON))))
    }
    return .object(members)
  }
}

extension DataResponse {
  /// Adds the member `key` (a response key) with `value`'s response, its errors' paths
  /// starting at `key`; an object already there is merged with it.
  public mutating func add(_ key: String, _ value: some DataResponseConvertible) {
    let response = value.__response
    merge(DataResponse(
      .object([JSONMember(key, response.data)]), errors: response.errors.map { $0.prefixed(.key(key)) },
      variables: response.variables))
  }

  /// Adds a field the compiler added (a connection's `pageInfo`) when it is given; `nil`
  /// leaves it out, and the store then has nothing for it.
  public mutating func add(_ key: String, given value: (some DataResponseConvertible)?) {
    if let value { add(key, value) }
  }

  /// Adds a field under `@include`/`@skip` when it is given, and marks its `conditions`
  /// passed; `nil` leaves it out, skipped (a condition no selection passed reads as skipped).
  public mutating func add(_ key: String, _ value: (some DataResponseConvertible)?, if conditions: [Condition]) {
    guard let value else { return }
    add(key, value)
    include(conditions)
  }

  /// Merges a spread fragment's or a type case's data under `@include`/`@skip` when it is
  /// given, and marks its `conditions` passed; `nil` leaves it out.
  public mutating func merge(_ part: DataResponse?, if conditions: [Condition]) {
    guard let part else { return }
    merge(part)
    include(conditions)
  }

  /// Marks `conditions` passed: their variables take the values that pass them.
  mutating func include(_ conditions: [Condition]) {
    for condition in conditions { variables[condition.variable] = .bool(condition.passingValue) }
  }

  /// Merges the fields of `part` (a spread fragment's or a type case's data, read on the
  /// same object) into this object's; `nil` adds nothing.
  public mutating func merge(_ part: DataResponse?) {
    if let part { merge(part) }
  }

  /// Merges an aliased inline fragment's value under `@catch` into this object: its fields,
  /// read on the same object; for the errors it caught (a failure, their paths relative to
  /// the field that met them), the fragment's field `key` null with those errors, where a
  /// server puts an error the fragment would catch. `nil` for a fragment whose type the
  /// object is not adds nothing; `nil` for `@catch(to: NULL)` needs an error to read as
  /// `nil`, so it puts one there too, unless `key` has one already.
  public mutating func merge(caught value: some DataResponseConvertible, at key: String, toNull: Bool = false) {
    let response = value.__response
    if case .object = response.data {
      merge(response)
    } else if !response.errors.isEmpty {
      add(key, response)
    } else if toNull && !errors.contains(where: { $0.path.first == .key(key) }) {
      add(key, DataResponse(.null, errors: [FieldError(message: "The fragment read null.")]))
    }
  }

  /// Merges an aliased inline fragment's value under `@catch` and `@include`/`@skip` when it
  /// is given, as `merge(caught:at:toNull:)` does, and marks its `conditions` passed; `nil`
  /// leaves it out.
  public mutating func merge(
    caught value: (some DataResponseConvertible)?, at key: String, toNull: Bool = false, if conditions: [Condition]
  ) {
    guard let value else { return }
    merge(caught: value, at: key, toNull: toNull)
    include(conditions)
  }

  /// Merges `other`'s members into this object's, objects in both deeply and lists item by item.
  mutating func merge(_ other: DataResponse) {
    data = Self.merged(data, other.data)
    for error in other.errors where !errors.contains(error) { errors.append(error) }
    variables.merge(other.variables) { current, _ in current }
  }

  private static func merged(_ lhs: JSONValue, _ rhs: JSONValue) -> JSONValue {
    switch (lhs, rhs) {
    case (.object(var members), .object(let others)):
      for member in others {
        if let index = members.firstIndex(where: { $0.key == member.key }) {
          members[index].value = merged(members[index].value, member.value)
        } else {
          members.append(member)
        }
      }
      return .object(members)
    case (.array(let left), .array(let right)) where left.count == right.count:
      return .array(zip(left, right).map { merged($0, $1) })
    case (.null, _):
      return rhs
    default:
      return lhs
    }
  }
}

extension FieldError {
  /// The error as a response's `errors` list holds it.
  var responseJSON: JSONValue {
    var members = [JSONMember("message", .string(message))]
    members.append(JSONMember("path", .array(path.map {
      switch $0 {
      case .key(let key): .string(key)
      case .index(let index): .number(String(index))
      }
    })))
    if let extensions { members.append(JSONMember("extensions", extensions)) }
    return .object(members)
  }

  func prefixed(_ component: PathComponent) -> FieldError {
    var error = self
    error.path.insert(component, at: 0)
    return error
  }
}
