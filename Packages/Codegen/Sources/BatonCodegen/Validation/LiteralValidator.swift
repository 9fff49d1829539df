import GraphQLSyntax

/// Checks a literal against an input type and reports each place it cannot be coerced,
/// with graphql-core's messages. Variables are not checked: validation has no values.
struct LiteralValidator {
  let schema: Schema
  let report: (String, [Location?]) -> Void

  func validate(_ value: Value, _ type: SchemaTypeReference) {
    if case .variable = value { return }
    switch type {
    case .nonNull(let inner):
      if case .null(let null) = value {
        report("Expected value of non-null type '\(type)' not to be None.", [null.loc])
        return
      }
      validate(value, inner)
    case .list(let item):
      if case .null = value { return }
      if case .list(let list) = value {
        for element in list.values { validate(element, item) }
      } else {
        validate(value, item)
      }
    case .named(let name):
      if case .null = value { return }
      guard let named = schema.type(named: name) else { return }
      switch named.kind {
      case .inputObject: validateObject(value, named)
      case .enumeration: validateEnum(value, named)
      case .scalar: validateScalar(value, named)
      default: break
      }
    }
  }

  private func validateObject(_ value: Value, _ type: SchemaType) {
    guard case .object(let object) = value else {
      report(
        "Expected value of type '\(type.name)' to be an object, found: \(ValueLiteral.print(value)).",
        [value.loc])
      return
    }
    var given: [String: ObjectField] = [:]
    for field in object.fields { given[field.name.value] = field }
    for field in type.inputFields {
      if let node = given[field.name] {
        validate(node.value, field.type)
      } else if field.type.isNonNull && field.defaultValue == nil {
        report(
          "Expected value of type '\(type.name)' to include required field '\(field.name)', found: \(ValueLiteral.print(value)).",
          [object.loc])
      }
    }
    var known: [ObjectField] = []
    for field in object.fields {
      if type.inputField(named: field.name.value) == nil {
        let suggestion = Suggestions.didYouMean(
          Suggestions.list(field.name.value, type.inputFields.map(\.name)))
        report(
          "Expected value of type '\(type.name)' not to include unknown field '\(field.name.value)'"
            + (suggestion.isEmpty ? ", found" : ".\(suggestion) Found")
            + ": \(ValueLiteral.print(value)).",
          [field.loc])
      } else {
        known.append(field)
      }
    }
    guard type.isOneOf else { return }
    let message =
      "Within OneOf Input Object type '\(type.name)', exactly one field must be specified, and the value for that field must be non-null."
    if known.count != 1 {
      report(message, [object.loc])
    } else if case .null = known[0].value {
      report(message, [object.loc])
    }
  }

  /// Where a leaf type's error points: graphql-core coerces a copy of list and object
  /// literals that has lost its location, so those errors have none.
  private func leafErrorLocation(_ value: Value) -> [Location?] {
    switch value {
    case .list, .object: return []
    default: return [value.loc]
    }
  }

  private func validateEnum(_ value: Value, _ type: SchemaType) {
    let printed = ValueLiteral.print(value)
    let suggestion = Suggestions.didYouMean(
      Suggestions.list(printed, type.enumValues.map(\.name)), subMessage: "the enum value")
    if case .enumValue(let enumValue) = value {
      if !type.enumValues.contains(where: { $0.name == enumValue.value }) {
        report("Value '\(printed)' does not exist in '\(type.name)' enum." + suggestion, [value.loc])
      }
      return
    }
    report("Enum '\(type.name)' cannot represent non-enum value: \(printed)." + suggestion, leafErrorLocation(value))
  }

  private func validateScalar(_ value: Value, _ type: SchemaType) {
    let printed = ValueLiteral.print(value)
    switch (type.name, value) {
    case ("Int", .int(let int)):
      if let number = Int64(int.value), number >= -2_147_483_648, number <= 2_147_483_647 { return }
      report("Int cannot represent non 32-bit signed integer value: \(printed)", leafErrorLocation(value))
    case ("Int", _):
      report("Int cannot represent non-integer value: \(printed)", leafErrorLocation(value))
    case ("Float", .int), ("Float", .float):
      return
    case ("Float", _):
      report("Float cannot represent non numeric value: \(printed)", leafErrorLocation(value))
    case ("String", .string):
      return
    case ("String", _):
      report("String cannot represent a non string value: \(printed)", leafErrorLocation(value))
    case ("Boolean", .boolean):
      return
    case ("Boolean", _):
      report("Boolean cannot represent a non boolean value: \(printed)", leafErrorLocation(value))
    case ("ID", .string), ("ID", .int):
      return
    case ("ID", _):
      report("ID cannot represent a non-string and non-integer value: \(printed)", leafErrorLocation(value))
    default:
      return
    }
  }
}
