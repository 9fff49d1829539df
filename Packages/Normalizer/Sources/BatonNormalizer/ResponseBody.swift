/// The top level of a GraphQL response, checked against the spec's shape: an object with
/// `data` (an object or null) and/or `errors` (a non-empty list of error objects), and
/// optionally `extensions`, nothing else.
///
/// Read from the tape wherever `errors` stands beside `data`: `data` stays on the tape, for
/// the normalizer to walk with the errors already known.
struct ResponseBody {
  /// The index of the `data` object on the tape.
  var data: Int?
  var errors: [(index: Int, path: [PathComponent], error: FieldError)] = []
  var extensions: JSONValue?

  init(_ tape: JSONTape) throws(NormalizeError) {
    guard tape.kind(0) == .object else {
      throw NormalizeError(.notAGraphQLResponse("the body is \(tape.kindDescription(0)), not an object"))
    }
    var sawData = false
    var key = 1
    while key < tape.skip(0) {
      let value = key + 1
      defer { key = tape.skip(value) }
      switch tape.text(key) {
      case "data":
        sawData = true
        switch tape.kind(value) {
        case .object: data = value
        case .null: data = nil
        default:
          throw NormalizeError(
            .notAGraphQLResponse("\"data\" is \(tape.kindDescription(value)), not an object or null"),
            path: [.key("data")])
        }
      case "errors":
        guard tape.kind(value) == .array, tape.count(value) > 0 else {
          throw NormalizeError(.notAGraphQLResponse("\"errors\" must be a non-empty list"), path: [.key("errors")])
        }
        var element = value + 1
        for index in 0..<tape.count(value) {
          let parsed = try Self.parseError(tape, element, at: [.key("errors"), .index(index)])
          errors.append((index, parsed.path, parsed.error))
          element = tape.skip(element)
        }
      case "extensions":
        guard let json = tape.value(value) else { throw Self.nestedTooDeeply(at: [.key("extensions")]) }
        extensions = json
      case let other:
        throw NormalizeError(.notAGraphQLResponse("unknown top-level key \"\(other)\""), path: [.key(other)])
      }
    }
    if !sawData && errors.isEmpty {
      throw NormalizeError(.notAGraphQLResponse("the body has neither \"data\" nor \"errors\""))
    }
  }

  /// The error at `element` of the tape, made of the members `parseError(_:at:)` reads:
  /// only they become values, so that what else an error holds may nest as deep as the
  /// response.
  private static func parseError(
    _ tape: JSONTape, _ element: Int, at location: [PathComponent]
  ) throws(NormalizeError) -> (path: [PathComponent], error: FieldError) {
    guard tape.kind(element) == .object else { return try parseError(.null, at: location) }
    var members: [JSONMember] = []
    var extensionsTooDeep = false
    for key in ["message", "path", "extensions"] {
      guard let value = tape.member(key, of: element) else { continue }
      if let json = tape.value(value) {
        members.append(JSONMember(key, json))
      } else if key == "extensions" {
        extensionsTooDeep = true
      } else {
        // Too deep to be a message or a path, whose errors say only what kind it is.
        members.append(JSONMember(key, tape.kind(value) == .object ? .object([]) : .array([.array([])])))
      }
    }
    let parsed = try parseError(.object(members), at: location)
    if extensionsTooDeep { throw nestedTooDeeply(at: location + [.key("extensions")]) }
    return parsed
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
    throw nestedTooDeeply(at: location)
  }

  private static func nestedTooDeeply(at location: [PathComponent]) -> NormalizeError {
    NormalizeError(.valueNestedTooDeeply(limit: JSONReader.defaultDepthLimit), path: location)
  }
}
