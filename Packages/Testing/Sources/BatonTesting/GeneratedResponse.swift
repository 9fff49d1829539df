import BatonNormalizer
import BatonStore

extension PreviewResponse {
  /// A response whose data fills every selection of `request`, made up from `seed`: the
  /// same seed gives the same data. A test or a preview then states only what it cares
  /// about, one line per fact (Relay's `MockPayloadGenerator`, Apollo's `Mock<T>`):
  ///
  /// ```swift
  /// let response = PreviewResponse.generated(for: CharacterQuery(id: "1"))
  ///   .setting("Rick", at: "character", "name")
  ///   .fieldError("Not authorized", at: "character", "species")
  /// ```
  ///
  /// Every field is filled, nullable ones too (`setting(.null, at:)` empties one); lists
  /// have `listLength` elements; an interface or union is the type `choosing` names for
  /// it, else the first of its possible types by name; fields under `@include`/`@skip`
  /// follow the request's variables (a variable not given includes the field). Each object has its `__typename`, and each `ID` is
  /// unique in the response, so records do not merge by accident.
  ///
  /// - Parameters:
  ///   - values: a value per scalar or enum type name (`["CharacterStatus": "ALIVE"]`,
  ///     `["DateTime": "2026-01-01T00:00:00Z"]`). Without one, an enum gets its type's name
  ///     in capitals, which generated code reads as `__unknown`, and a custom scalar a string.
  public static func generated<Request: GraphQLOperation>(
    for request: Request, seed: UInt64 = 1, listLength: Int = 2, choosing: [String: String] = [:],
    values: [String: JSONValue] = [:]
  ) -> PreviewResponse {
    var generator = ResponseGenerator(
      seed: seed, listLength: listLength, choosing: choosing, values: values, variables: request.variables)
    let rootType = Request.operation.kind == .mutation ? "Mutation" : Request.operation.kind == .subscription ? "Subscription" : "Query"
    return PreviewResponse(data: generator.object(Request.operation.selections, typename: rootType, withTypename: false))
  }

  /// This response with `value` at `path` (response keys from the root, list indices as
  /// digits), creating objects on the way; a path into a list past its end changes nothing.
  public func setting(_ value: JSONValue, at path: String...) -> PreviewResponse {
    var response = self
    response.data = response.data.setting(value, at: path[...])
    return response
  }
}

/// Walks selections and makes up the values they need.
struct ResponseGenerator {
  private var random: SplitMix64
  private let listLength: Int
  private let choosing: [String: String]
  private let values: [String: JSONValue]
  private let variables: [String: JSONValue]
  private var nextID = 0

  init(seed: UInt64, listLength: Int, choosing: [String: String], values: [String: JSONValue], variables: [String: JSONValue]) {
    self.random = SplitMix64(seed: seed)
    self.listLength = max(0, listLength)
    self.choosing = choosing
    self.values = values
    self.variables = variables
  }

  /// An object of `typename` holding every selection that applies to it.
  mutating func object(_ selections: [Selection], typename: String, withTypename: Bool = true) -> JSONValue {
    var members: [JSONMember] = withTypename ? [JSONMember("__typename", .string(typename))] : []
    fill(&members, selections, typename: typename)
    return .object(members)
  }

  private mutating func fill(_ members: inout [JSONMember], _ selections: [Selection], typename: String) {
    for selection in selections {
      switch selection {
      case .field(let field):
        guard applies(field.conditions) else { continue }
        let value = field.name == "__typename" ? .string(typename) : self.value(field, levels: field.type.levels[...])
        if let index = members.firstIndex(where: { $0.key == field.responseKey }) {
          members[index].value = members[index].value.merging(value)
        } else {
          members.append(JSONMember(field.responseKey, value))
        }
      case .inlineFragment(let fragment):
        guard applies(fragment.conditions), fragment.typeCondition == nil || fragment.possibleTypes.contains(typename)
        else { continue }
        fill(&members, fragment.selections, typename: typename)
      case .fragmentSpread(let spread):
        guard applies(spread.conditions), spread.fragment.possibleTypes.contains(typename) else { continue }
        fill(&members, spread.fragment.selections, typename: typename)
      }
    }
  }

  private func applies(_ conditions: [Condition]) -> Bool {
    conditions.allSatisfy { condition in
      guard case .bool(let value)? = variables[condition.variable] else { return true }
      return value == condition.passingValue
    }
  }

  private mutating func value(_ field: FieldSelection, levels: ArraySlice<Nullability>) -> JSONValue {
    if levels.count > 1 {
      return .array((0..<listLength).map { _ in value(field, levels: levels.dropFirst()) })
    }
    let type = field.type
    switch type.kind {
    case .object:
      return object(field.selections, typename: type.name)
    case .interface, .union:
      let concrete = choosing[type.name] ?? field.possibleTypes?.sorted().first ?? type.name
      return object(field.selections, typename: concrete)
    case .scalar, .enumeration:
      return leaf(type, fieldName: field.name)
    }
  }

  private mutating func leaf(_ type: TypeReference, fieldName: String) -> JSONValue {
    if let value = values[type.name] { return value }
    let number = random.next() % 1000
    switch (type.kind, type.name) {
    case (.enumeration, _): return .string(type.name.uppercased())
    case (_, "ID"):
      nextID += 1
      return .string(String(nextID))
    case (_, "Int"): return .number(String(number))
    case (_, "Float"): return .number("\(number).5")
    case (_, "Boolean"): return .bool(number % 2 == 0)
    default: return .string("\(fieldName) \(number)")
    }
  }
}

extension JSONValue {
  /// Two values for one response key, as two selections of it give: objects merge member
  /// by member, lists element by element; otherwise the first stays.
  fileprivate func merging(_ other: JSONValue) -> JSONValue {
    switch (self, other) {
    case (.object(var members), .object(let others)):
      for member in others {
        if let index = members.firstIndex(where: { $0.key == member.key }) {
          members[index].value = members[index].value.merging(member.value)
        } else {
          members.append(member)
        }
      }
      return .object(members)
    case (.array(let items), .array(let others)) where items.count == others.count:
      return .array(zip(items, others).map { $0.merging($1) })
    default:
      return self
    }
  }

  /// This value with `value` at `path`.
  fileprivate func setting(_ value: JSONValue, at path: ArraySlice<String>) -> JSONValue {
    guard let key = path.first else { return value }
    switch self {
    case .array(var items):
      guard let index = Int(key), items.indices.contains(index) else { return self }
      items[index] = items[index].setting(value, at: path.dropFirst())
      return .array(items)
    case .object(var members):
      if let index = members.firstIndex(where: { $0.key == key }) {
        members[index].value = members[index].value.setting(value, at: path.dropFirst())
      } else {
        members.append(JSONMember(key, JSONValue.object([]).setting(value, at: path.dropFirst())))
      }
      return .object(members)
    default:
      return JSONValue.object([JSONMember(key, JSONValue.object([]).setting(value, at: path.dropFirst()))])
    }
  }
}
