/// The response a piece of read data stands for: its `data` JSON by response key, and the
/// field errors below it, their paths relative to that JSON.
///
/// Generated builders compose one per object (`object(_:merging:)`), and `init(__response:)`
/// puts it through the normalizer and the reader, so built data reads exactly as data from
/// the network does. `DataObject.response(selections:base:in:)` turns read data back into one.
public struct DataResponse: Sendable, Hashable {
  /// The JSON, with response keys (aliases) as keys.
  public var data: JSONValue
  /// The errors at or below `data`; each path starts at `data`.
  public var errors: [FieldError]

  public init(_ data: JSONValue, errors: [FieldError] = []) {
    self.data = data
    self.errors = errors
  }

  /// `null`, without errors.
  public static let null = DataResponse(.null)

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
  /// A string or ID.
  public static func scalar(_ value: String) -> DataResponse { DataResponse(.string(value)) }
  /// An Int.
  public static func scalar(_ value: Int) -> DataResponse { DataResponse(.number(String(value))) }
  /// A Float; a value JSON cannot write (infinity, NaN) is null.
  public static func scalar(_ value: Double) -> DataResponse {
    value.isFinite ? DataResponse(.number(String(value))) : .null
  }
  /// A Boolean.
  public static func scalar(_ value: Bool) -> DataResponse { DataResponse(.bool(value)) }

  /// A list: each item's errors get its index in front of their paths.
  public static func list(_ items: [DataResponse]) -> DataResponse {
    var errors: [FieldError] = []
    for (index, item) in items.enumerated() {
      errors += item.errors.map { $0.prefixed(.index(index)) }
    }
    return DataResponse(.array(items.map(\.data)), errors: errors)
  }

  /// A `@catch(to: RESULT)` field: the value, or null with the errors it caught.
  public static func caught<Failure: Error>(
    _ result: Result<DataResponse, Failure>, errors: (Failure) -> [FieldError]
  ) -> DataResponse {
    switch result {
    case .success(let value): value
    case .failure(let failure): DataResponse(.null, errors: errors(failure))
    }
  }

  /// An object of `members` (response key and value, in selection order), with the fields
  /// of `parts` (spread fragments' and type cases' data, read on the same object) merged in.
  public static func object(_ members: [(String, DataResponse)], merging parts: [DataResponse?] = []) -> DataResponse {
    var result = DataResponse(.object([]))
    for (key, value) in members {
      result.merge(DataResponse(.object([JSONMember(key, value.data)]), errors: value.errors.map { $0.prefixed(.key(key)) }))
    }
    for case let part? in parts { result.merge(part) }
    return result
  }

  /// Merges `other`'s members into this object's, objects in both deeply and lists item by item.
  mutating func merge(_ other: DataResponse) {
    data = Self.merged(data, other.data)
    for error in other.errors where !errors.contains(error) { errors.append(error) }
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
