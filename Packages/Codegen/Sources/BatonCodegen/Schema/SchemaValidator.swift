/// The checks graphql-core's `validate_schema` makes on a built schema: root types,
/// names, fields and arguments of the right kinds, interfaces correctly implemented,
/// union members, enum values, input fields and input objects that can be given a
/// finite value. Errors carry the locations of every definition involved.
struct SchemaValidator {
  let schema: Schema
  private var errors: [SchemaError] = []

  static func validate(_ schema: Schema) -> [SchemaError] {
    var validator = SchemaValidator(schema: schema)
    validator.validateRootTypes()
    validator.validateDirectives()
    validator.validateTypes()
    validator.validateInputObjectCycles()
    return validator.errors
  }

  private init(schema: Schema) {
    self.schema = schema
  }

  mutating func report(_ message: String, _ locations: [DiagnosticLocation?]) {
    errors.append(SchemaError(message, locations: locations.compactMap { $0 }))
  }

  private mutating func validateRootTypes() {
    if schema.queryTypeName == nil { report("Query root type must be provided.", []) }
    var rootUses: [String: [String]] = [:]
    var order: [String] = []
    let roots = [
      ("query", schema.queryTypeName), ("mutation", schema.mutationTypeName),
      ("subscription", schema.subscriptionTypeName),
    ]
    for (operation, name) in roots {
      guard let name, let type = schema.type(named: name) else { continue }
      if type.kind == .object {
        if rootUses[name] == nil { order.append(name) }
        rootUses[name, default: []].append(operation)
      } else {
        let provided = operation == "query" ? "" : " if provided"
        report(
          "\(operation.prefix(1).uppercased() + operation.dropFirst()) root type must be Object type\(provided), it cannot be \(name).",
          [type.location])
      }
    }
    for name in order {
      guard let operations = rootUses[name], operations.count > 1 else { continue }
      let list =
        operations.count == 2
        ? "\(operations[0]) and \(operations[1])"
        : operations.dropLast().joined(separator: ", ") + ", and " + (operations.last ?? "")
      report(
        "All root types must be different, '\(name)' type is used as \(list) root types.",
        [schema.type(named: name)?.location])
    }
  }

  private mutating func validateDirectives() {
    for directive in schema.definedDirectives {
      validateName(directive.name, directive.location)
      if directive.locations.isEmpty {
        report("Directive @\(directive.name) must include 1 or more locations.", [directive.location])
      }
      for argument in directive.arguments {
        validateName(argument.name, argument.location)
        let owner = "@\(directive.name)(\(argument.name):)"
        if schema.type(named: argument.type.namedType)?.kind.isInput != true {
          report("The type of \(owner) must be Input Type but got: \(argument.type).", [argument.typeLocation])
        }
        if isRequired(argument), argument.deprecationReason != nil {
          report("Required argument \(owner) cannot be deprecated.", [argument.location])
        }
      }
    }
  }

  private mutating func validateName(_ name: String, _ location: DiagnosticLocation?) {
    if name.hasPrefix("__") {
      report(
        "Name '\(name)' must not begin with '__', which is reserved by GraphQL introspection.",
        [location])
    }
  }

  func isRequired(_ value: SchemaInputValue) -> Bool {
    value.type.isNonNull && value.defaultValue == nil
  }

  private mutating func validateTypes() {
    for type in schema.types where !BuiltinDefinitions.introspectionTypeNames.contains(type.name) {
      validateName(type.name, type.location)
      switch type.kind {
      case .object, .interface:
        validateFields(type)
        validateInterfaces(type)
      case .union:
        validateUnionMembers(type)
      case .enumeration:
        if type.enumValues.isEmpty {
          report("Enum type \(type.name) must define one or more values.", [type.location])
        }
        for value in type.enumValues { validateName(value.name, value.location) }
      case .inputObject:
        validateInputFields(type)
      case .scalar:
        break
      }
    }
  }

  private mutating func validateFields(_ type: SchemaType) {
    if type.fields.isEmpty {
      report("Type \(type.name) must define one or more fields.", [type.location])
    }
    for field in type.fields {
      validateName(field.name, field.location)
      if schema.type(named: field.type.namedType)?.kind.isOutput != true {
        report(
          "The type of \(type.name).\(field.name) must be Output Type but got: \(field.type).",
          [field.typeLocation])
      }
      for argument in field.arguments {
        let owner = "\(type.name).\(field.name)(\(argument.name):)"
        validateName(argument.name, argument.location)
        if schema.type(named: argument.type.namedType)?.kind.isInput != true {
          report("The type of \(owner) must be Input Type but got: \(argument.type).", [argument.typeLocation])
        }
        if isRequired(argument), argument.deprecationReason != nil {
          report("Required argument \(owner) cannot be deprecated.", [argument.location])
        }
      }
    }
  }

  private mutating func validateUnionMembers(_ union: SchemaType) {
    if union.unionMembers.isEmpty {
      report("Union type \(union.name) must define one or more member types.", [union.location])
    }
    var seen: Set<String> = []
    for member in union.unionMembers {
      if !seen.insert(member).inserted {
        report("Union type \(union.name) can only include type \(member) once.", [union.location])
        continue
      }
      if schema.type(named: member)?.kind != .object {
        report(
          "Union type \(union.name) can only include Object types, it cannot include \(member).",
          [union.location])
      }
    }
  }

  private mutating func validateInputFields(_ input: SchemaType) {
    if input.inputFields.isEmpty {
      report("Input Object type \(input.name) must define one or more fields.", [input.location])
    }
    for field in input.inputFields {
      validateName(field.name, field.location)
      if schema.type(named: field.type.namedType)?.kind.isInput != true {
        report(
          "The type of \(input.name).\(field.name) must be Input Type but got: \(field.type).",
          [field.typeLocation])
      }
      if isRequired(field), field.deprecationReason != nil {
        report("Required input field \(input.name).\(field.name) cannot be deprecated.", [field.location])
      }
      if input.isOneOf {
        if field.type.isNonNull {
          report("OneOf input field \(input.name).\(field.name) must be nullable.", [field.location])
        }
        if field.defaultValue != nil {
          report("OneOf input field \(input.name).\(field.name) cannot have a default value.", [field.location])
        }
      }
    }
  }
}
