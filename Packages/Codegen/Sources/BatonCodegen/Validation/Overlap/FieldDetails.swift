import GraphQLSyntax

/// A field as the overlap check sees it: the node, the type it was selected on and its
/// definition there. A class so that pairs of fields can be remembered by identity.
final class FieldDetails {
  let parentType: SchemaType?
  let node: Field
  let definition: SchemaField?
  /// No arguments and no selection set: two such fields of one name and type never
  /// conflict.
  let isSimpleLeaf: Bool
  private var argumentKeys: [String: String]?
  private var computedLeafSignature: String??

  init(parentType: SchemaType?, node: Field, definition: SchemaField?) {
    self.parentType = parentType
    self.node = node
    self.definition = definition
    self.isSimpleLeaf = node.arguments.isEmpty && node.selectionSet == nil
  }

  /// For a field without a selection set or `@stream`: its name, type and arguments.
  /// Two fields with the same signature cannot conflict. Nil for other fields.
  var leafSignature: String? {
    if let computedLeafSignature { return computedLeafSignature }
    var signature: String?
    if node.selectionSet == nil, !node.directives.contains(where: { $0.name.value == "stream" }) {
      let arguments = arguments().sorted { $0.key < $1.key }.map { "\($0.key):\($0.value)" }
      signature =
        "\(node.name.value)|\(definition.map { "\($0.type)" } ?? "-")|\(node.arguments.count)|"
        + arguments.joined(separator: ",")
    }
    computedLeafSignature = .some(signature)
    return signature
  }

  /// The arguments by name (the last of a name wins), each as a structural key.
  func arguments() -> [String: String] {
    if let argumentKeys { return argumentKeys }
    var keys: [String: String] = [:]
    for argument in node.arguments { keys[argument.name.value] = ValueStructure.key(argument.value) }
    argumentKeys = keys
    return keys
  }
}

/// The fields and fragment spreads directly in a selection set (inline fragments
/// flattened), grouped by response name in order of first appearance.
final class CollectedFields {
  let responseNames: [String]
  let groups: [String: [FieldDetails]]
  let spreads: [FragmentSpread]
  /// The overlap with another collection, by its identity.
  var overlaps: [ObjectIdentifier: [(String, [FieldDetails], [FieldDetails])]] = [:]
  /// The distinct fragments spread, in order (nil for an unknown fragment).
  var distinctSpreads: [FragmentDefinition?]?

  init(responseNames: [String], groups: [String: [FieldDetails]], spreads: [FragmentSpread]) {
    self.responseNames = responseNames
    self.groups = groups
    self.spreads = spreads
  }
}

/// Why two fields cannot be merged, with the nodes on each side.
struct FieldConflict {
  var responseName: String
  var reason: String
  var fields1: [Field]
  var fields2: [Field]
}

/// A canonical key of a value's structure: equal keys for equal values, object fields
/// in name order.
enum ValueStructure {
  static func key(_ value: Value) -> String {
    switch value {
    case .variable(let variable): return "$" + variable.name.value
    case .int(let int): return "i" + int.value
    case .float(let float): return "f" + float.value
    case .string(let string): return (string.block ? "B" : "s") + printString(string.value)
    case .boolean(let boolean): return boolean.value ? "true" : "false"
    case .null: return "null"
    case .enumValue(let enumValue): return "e" + enumValue.value
    case .list(let list): return "[" + list.values.map(key).joined(separator: ",") + "]"
    case .object(let object):
      let fields = object.fields.enumerated().sorted { left, right in
        left.element.name.value != right.element.name.value
          ? left.element.name.value < right.element.name.value : left.offset < right.offset
      }
      return "{" + fields.map { "\($0.element.name.value):\(key($0.element.value))" }.joined(separator: ",") + "}"
    }
  }
}
