/// Interface implementation: each interface named once, never the type itself, its
/// ancestors named too, and every interface field provided with a compatible type and
/// the same arguments.
extension SchemaValidator {
  mutating func validateInterfaces(_ type: SchemaType) {
    var seen: Set<String> = []
    for interfaceName in type.interfaces {
      guard let interface = schema.type(named: interfaceName), interface.kind == .interface else {
        report(
          "Type \(type.name) must only implement Interface types, it cannot implement \(interfaceName).",
          [type.location])
        continue
      }
      if interfaceName == type.name {
        report(
          "Type \(type.name) cannot implement itself because it would create a circular reference.",
          [type.location])
      }
      if !seen.insert(interfaceName).inserted {
        report("Type \(type.name) can only implement \(interfaceName) once.", [type.location])
        continue
      }
      validateAncestors(type, interface)
      validateImplementation(type, interface)
    }
  }

  private mutating func validateAncestors(_ type: SchemaType, _ interface: SchemaType) {
    for transitive in interface.interfaces where !type.interfaces.contains(transitive) {
      let message =
        transitive == type.name
        ? "Type \(type.name) cannot implement \(interface.name) because it would create a circular reference."
        : "Type \(type.name) must implement \(transitive) because it is implemented by \(interface.name)."
      report(message, [interface.location, type.location])
    }
  }

  private mutating func validateImplementation(_ type: SchemaType, _ interface: SchemaType) {
    for interfaceField in interface.fields {
      let name = interfaceField.name
      guard let field = type.field(named: name) else {
        report(
          "Interface field \(interface.name).\(name) expected but \(type.name) does not provide it.",
          [interfaceField.location, type.location])
        continue
      }
      if !isSubType(field.type, of: interfaceField.type) {
        report(
          "Interface field \(interface.name).\(name) expects type \(interfaceField.type) but \(type.name).\(name) is type \(field.type).",
          [interfaceField.typeLocation, field.typeLocation])
      }
      for interfaceArgument in interfaceField.arguments {
        let argumentName = interfaceArgument.name
        guard let argument = field.argument(named: argumentName) else {
          report(
            "Interface field argument \(interface.name).\(name)(\(argumentName):) expected but \(type.name).\(name) does not provide it.",
            [interfaceArgument.location, field.location])
          continue
        }
        if argument.type != interfaceArgument.type {
          report(
            "Interface field argument \(interface.name).\(name)(\(argumentName):) expects type \(interfaceArgument.type) but \(type.name).\(name)(\(argumentName):) is type \(argument.type).",
            [interfaceArgument.typeLocation, argument.typeLocation])
        }
      }
      for argument in field.arguments
      where interfaceField.argument(named: argument.name) == nil && isRequired(argument) {
        report(
          "Argument '\(type.name).\(name)(\(argument.name):)' must not be required type '\(argument.type)' if not provided by the Interface field '\(interface.name).\(name)'.",
          [argument.location, interfaceField.location])
      }
      if field.deprecationReason != nil, interfaceField.deprecationReason == nil {
        report(
          "Interface field \(interface.name).\(name) is not deprecated, so implementation field \(type.name).\(name) must not be deprecated.",
          [field.location])
      }
    }
  }

  /// Whether a field of type `sub` satisfies an interface field of type `parent`
  /// (covariant: non-null for nullable, a member or implementation for an abstract type).
  func isSubType(_ sub: SchemaTypeReference, of parent: SchemaTypeReference) -> Bool {
    TypeComparator(schema: schema).isSubType(sub, of: parent)
  }
}
