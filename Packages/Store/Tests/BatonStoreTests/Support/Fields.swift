import BatonNormalizer

/// Selection sets shared by the test operations.
enum Fields {
  static let character: [Selection] = [
    .field(FieldSelection(name: "__typename", type: TypeReference("String", .scalar, [.nonNull]))),
    .field(FieldSelection(name: "id", type: TypeReference("ID", .scalar, [.nonNull]))),
    .field(FieldSelection(name: "name", type: TypeReference("String", .scalar, [.nonNull]))),
    .field(FieldSelection(name: "species", type: TypeReference("String", .scalar, [.nonNull]))),
    .field(FieldSelection(name: "type", type: TypeReference("String", .scalar))),
  ]
}

extension DataValue {
  var string: String? {
    if case .scalar(.string(let text)) = self { return text }
    return nil
  }
}
