/// The top level of a GraphQL response, checked against the spec's shape: an object with
/// `data` (an object or null) and/or `errors` (a non-empty list of error objects), and
/// optionally `extensions`, nothing else.
struct ResponseBody {
  var data: [JSONMember]?
  var errors: [(index: Int, path: [PathComponent], error: FieldError)] = []
  var extensions: JSONValue?

  init(_ json: JSONValue) throws(NormalizeError) {
    guard case .object(let members) = json else {
      throw NormalizeError(.notAGraphQLResponse("the body is \(json.kindDescription), not an object"))
    }
    var sawData = false
    for member in members {
      switch member.key {
      case "data":
        sawData = true
        switch member.value {
        case .object(let fields): data = fields
        case .null: data = nil
        default:
          throw NormalizeError(
            .notAGraphQLResponse("\"data\" is \(member.value.kindDescription), not an object or null"),
            path: [.key("data")])
        }
      case "errors":
        guard case .array(let list) = member.value, !list.isEmpty else {
          throw NormalizeError(.notAGraphQLResponse("\"errors\" must be a non-empty list"), path: [.key("errors")])
        }
        for (index, element) in list.enumerated() {
          let parsed = try Self.parseError(element, at: [.key("errors"), .index(index)])
          errors.append((index, parsed.path, parsed.error))
        }
      case "extensions":
        try Self.checkNesting(member.value, at: [.key("extensions")])
        extensions = member.value
      default:
        throw NormalizeError(.notAGraphQLResponse("unknown top-level key \"\(member.key)\""), path: [.key(member.key)])
      }
    }
    if !sawData && errors.isEmpty {
      throw NormalizeError(.notAGraphQLResponse("the body has neither \"data\" nor \"errors\""))
    }
  }

  static func parseError(
    _ value: JSONValue, at location: [PathComponent]
  ) throws(NormalizeError) -> (path: [PathComponent], error: FieldError) {
    guard case .object = value, case .string(let message)? = value["message"] else {
      throw NormalizeError(.notAGraphQLResponse("an error must be an object with a string \"message\""), path: location)
    }
    var path: [PathComponent] = []
    switch value["path"] {
    case nil, .null?: break
    case .array(let components)?:
      guard let components = [PathComponent](responsePath: components) else {
        throw NormalizeError(
          .notAGraphQLResponse("an error path holds only keys and non-negative integer indices"),
          path: location + [.key("path")])
      }
      path = components
    case let other?:
      throw NormalizeError(
        .notAGraphQLResponse("an error's \"path\" is \(other.kindDescription), not a list"), path: location + [.key("path")])
    }
    let extensions = value["extensions"]
    if let extensions { try checkNesting(extensions, at: location + [.key("extensions")]) }
    return (path, FieldError(message: message, path: path, extensions: extensions))
  }

  /// Refuses a value nested deeper than the store keeps; a response as a whole may nest
  /// deeper (see `NestingLimit.responseJSON`).
  static func checkNesting(_ value: JSONValue, at location: [PathComponent]) throws(NormalizeError) {
    guard value.isContainer && value.nests(deeperThan: JSONReader.defaultDepthLimit) else { return }
    throw NormalizeError(.valueNestedTooDeeply(limit: JSONReader.defaultDepthLimit), path: location)
  }
}
