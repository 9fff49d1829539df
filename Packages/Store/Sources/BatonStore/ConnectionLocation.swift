import BatonNormalizer

/// Where an operation's `@connection` field is and which of the operation's variables page
/// through it: the fields from the root to the connection, through inline fragments and
/// fragment spreads, and the variables its `first`, `after`, `last` and `before` arguments
/// take, followed out of fragments' `@argumentDefinitions` to the operation's own.
struct ConnectionLocation: Sendable {
  /// One field on the way, after the fragment spreads entered since the previous one.
  struct Step: Sendable {
    let spreads: [FragmentSpread]
    let field: FieldSelection
  }

  /// The fields from the root, the connection field last.
  let path: [Step]
  /// Pagination argument name (`first`, `after`, `last`, `before`) to the operation
  /// variable it takes; an argument given a literal anywhere on the way is left out.
  let variables: [String: String]

  /// The first `@connection` field of `selections`, depth first through fields, inline
  /// fragments and spreads; `nil` when there is none.
  init?(_ selections: [Selection]) {
    guard let path = Self.path(to: selections, spreads: []) else { return nil }
    self.path = path
    let scopes = path.flatMap(\.spreads)
    var variables: [String: String] = [:]
    for argument in path.last?.field.arguments ?? [] where ConnectionMetadata.paginationArguments.contains(argument.name) {
      if case .variable(let name) = argument.value, let outer = Self.operationVariable(name, through: scopes) {
        variables[argument.name] = outer
      }
    }
    self.variables = variables
  }

  /// The operation variable a variable of the innermost scope stands for: a fragment's own
  /// argument is what its spread gives it; `nil` when that is a literal or nothing.
  private static func operationVariable(_ name: String, through spreads: [FragmentSpread]) -> String? {
    var name = name
    for spread in spreads.reversed() where spread.fragment.argumentDefinitions.contains(where: { $0.name == name }) {
      guard case .variable(let outer)? = spread.arguments.first(where: { $0.name == name })?.value else { return nil }
      name = outer
    }
    return name
  }

  private static func path(to selections: [Selection], spreads: [FragmentSpread]) -> [Step]? {
    for selection in selections {
      switch selection {
      case .field(let field):
        let step = Step(spreads: spreads, field: field)
        if field.connection != nil { return [step] }
        if let below = path(to: field.selections, spreads: []) { return [step] + below }
      case .inlineFragment(let fragment):
        if let below = path(to: fragment.selections, spreads: spreads) { return below }
      case .fragmentSpread(let spread):
        if let below = path(to: spread.fragment.selections, spreads: spreads + [spread]) { return below }
      }
    }
    return nil
  }

  /// The connection record's id for a request's `variables`, once a page is stored; the
  /// path starts at `start` (a fragment's record, for a location in the fragment).
  func connectionID(in source: RecordSource, variables: [String: JSONValue], from start: RecordID = .root) -> RecordID? {
    var id = start
    var scoped = variables
    for step in path {
      for spread in step.spreads { scoped = spread.variables(scoped) }
      guard case .link(let next)? = source[id]?[step.field.readStorageKey(scoped)]?.value else { return nil }
      id = next
    }
    return id
  }

  /// The connection's page info as the store holds it for a request's `variables`.
  func pageInfo(in source: RecordSource, variables: [String: JSONValue], from start: RecordID = .root) -> ConnectionPageInfo {
    guard let id = connectionID(in: source, variables: variables, from: start),
      case .link(let pageInfoID)? = source[id]?["pageInfo"]?.value, let record = source[pageInfoID] else {
      return .unknown
    }
    func flag(_ key: String) -> Bool {
      if case .scalar(.bool(let value))? = record[key]?.value { return value }
      return false
    }
    func cursor(_ key: String) -> String? {
      if case .scalar(.string(let value))? = record[key]?.value { return value }
      return nil
    }
    return ConnectionPageInfo(
      hasNextPage: flag("hasNextPage"), hasPreviousPage: flag("hasPreviousPage"), startCursor: cursor("startCursor"),
      endCursor: cursor("endCursor"))
  }
}

extension ConnectionLocation {
  /// The variables of a page `after` the end (`forward`) or `before` the start of a
  /// connection whose page info is `info`: `variables` with the direction's count and
  /// cursor set, and, as Relay's pagination variables, the other direction's count and
  /// cursor as explicit nulls, so neither a default nor the request's own start (a list
  /// opened `last`/`before` a cursor, then paged forward) cuts the page to an empty range.
  /// `nil` when the server said nothing follows there, or the arguments take no variables.
  func pageVariables(
    forward: Bool, count: Int, info: ConnectionPageInfo, variables: [String: JSONValue]
  ) -> [String: JSONValue]? {
    let (countArgument, cursorArgument) = forward ? ("first", "after") : ("last", "before")
    guard forward ? info.hasNextPage : info.hasPreviousPage,
      let cursor = forward ? info.endCursor : info.startCursor,
      let countVariable = self.variables[countArgument], let cursorVariable = self.variables[cursorArgument]
    else { return nil }
    var variables = variables
    variables[countVariable] = .number(String(count))
    variables[cursorVariable] = .string(cursor)
    for other in forward ? ["last", "before"] : ["first", "after"] {
      if let variable = self.variables[other] { variables[variable] = .null }
    }
    return variables
  }
}

/// A connection's `pageInfo` as the store merged it.
struct ConnectionPageInfo: Sendable, Equatable {
  static let unknown = ConnectionPageInfo(hasNextPage: false, hasPreviousPage: false, startCursor: nil, endCursor: nil)

  var hasNextPage: Bool
  var hasPreviousPage: Bool
  var startCursor: String?
  var endCursor: String?
}
