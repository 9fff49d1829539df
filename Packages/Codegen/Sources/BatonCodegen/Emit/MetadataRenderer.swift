import GraphQLSyntax

/// The `BatonNormalizer.Selection` literals the normalizer and reader work from, written
/// as Swift source: field names, arguments, types, key fields, possible types, directives.
struct MetadataRenderer {
  let context: EmitContext

  func field(_ field: IRField, nestedType: String?) -> String {
    if let fragment = field.aliasedFragment, let nestedType, let set = field.selectionSet {
      return caughtFragment(field, fragment, set: set, nestedType: nestedType)
    }
    var parts: [String] = []
    if let alias = field.alias { parts.append("alias: \(SwiftNames.stringLiteral(alias))") }
    parts.append("name: \(SwiftNames.stringLiteral(field.name))")
    if !field.arguments.isEmpty {
      let arguments = field.arguments.map { "BatonNormalizer.Argument(\(SwiftNames.stringLiteral($0.name.value)), \(argumentValue($0.value)))" }
      parts.append("arguments: [\(arguments.joined(separator: ", "))]")
    }
    parts.append("type: \(typeReference(field))")
    if let nestedType, let set = field.selectionSet {
      parts.append("selections: \(nestedType).selections")
      let keys = keyFields(set)
      if !keys.isEmpty {
        let entries = keys.map { "\(SwiftNames.stringLiteral($0.0)): [\($0.1.map(SwiftNames.stringLiteral).joined(separator: ", "))]" }
        parts.append("keyFields: [\(entries.joined(separator: ", "))]")
      }
      if Self.isAbstract(field) { parts.append("possibleTypes: \(nestedType).possibleTypes") }
    }
    if !field.conditions.isEmpty { parts.append("conditions: \(conditions(field.conditions))") }
    if let required = field.required {
      parts.append("required: BatonNormalizer.RequiredAction.\(required == .throw ? "`throw`" : required == .log ? "log" : "none")")
    }
    if let catchTo = field.catchTo { parts.append("catchTo: \(Self.catchTarget(catchTo))") }
    if field.isClientExtension { parts.append("isClientExtension: true") }
    if let connection = field.connection {
      parts.append("connection: BatonNormalizer.ConnectionMetadata(key: \(SwiftNames.stringLiteral(connection.key)), filters: \(stringSet(connection.filters)))")
    }
    if let edit = field.listEdit {
      let connections = edit.connections.map { ", connections: \(argumentValue($0))" } ?? ""
      parts.append("listEdit: BatonNormalizer.ListEdit(\(edit.kind)\(connections))")
    }
    if let stream = field.stream { parts.append("stream: \(streamDirective(stream))") }
    if let keyArguments = field.redirectKeyArguments, nestedType != nil, let set = field.selectionSet {
      parts.append(redirect(keyArguments, set: set))
    }
    return ".field(BatonNormalizer.FieldSelection(\(parts.joined(separator: ", "))))"
  }

  /// A `BatonNormalizer.CacheRedirect` literal: the key arguments, and the key fields of each
  /// possible type keyed by as many fields as there are key arguments.
  private func redirect(_ keyArguments: [String], set: IRSelectionSet) -> String {
    let entries = set.possibleTypes.sorted().compactMap { typeName -> String? in
      guard let keys = context.keyFields[typeName], keys.count == keyArguments.count else { return nil }
      return "\(SwiftNames.stringLiteral(typeName)): [\(keys.map(SwiftNames.stringLiteral).joined(separator: ", "))]"
    }
    return "redirect: BatonNormalizer.CacheRedirect(keyArguments: \(stringSet(keyArguments)), keyFields: "
      + (entries.isEmpty ? "[:]" : "[\(entries.joined(separator: ", "))]") + ")"
  }

  /// A fragment's `@argumentDefinitions` as `BatonNormalizer.FragmentArgument` literals.
  func argumentDefinitions(_ definitions: [FragmentArgumentDefinition]) -> String {
    "[" + definitions.map { definition in
      let defaultValue = definition.defaultValue.map { ", defaultValue: \(json($0))" } ?? ""
      return "BatonNormalizer.FragmentArgument(\(SwiftNames.stringLiteral(definition.name))\(defaultValue))"
    }.joined(separator: ", ") + "]"
  }

  /// Interface and union fields: their nested data type lists the field's possible types.
  static func isAbstract(_ field: IRField) -> Bool {
    field.typeKind == .interface || field.typeKind == .union
  }

  func spread(_ spread: IRSpread) -> String {
    let type = context.fragmentType(spread.fragmentName)
    var tail = spread.conditions.isEmpty ? "" : ", conditions: \(conditions(spread.conditions))"
    if !spread.arguments.isEmpty {
      let arguments = spread.arguments.map {
        "BatonNormalizer.Argument(\(SwiftNames.stringLiteral($0.name.value)), \(argumentValue($0.value)))"
      }
      tail += ", arguments: [\(arguments.joined(separator: ", "))]"
    }
    if let deferred = spread.deferred { tail += ", deferred: \(deferDirective(deferred))" }
    return ".fragmentSpread(BatonNormalizer.FragmentSpread(\(type).fragment\(tail)))"
  }

  func typeCase(_ typeCase: IRTypeCase, nestedType: String) -> String {
    let set = typeCase.selectionSet
    var tail = typeCase.conditions.isEmpty ? "" : ", conditions: \(conditions(typeCase.conditions))"
    if let deferred = typeCase.deferred { tail += ", deferred: \(deferDirective(deferred))" }
    // A deferred fragment on every object of the parent has no type to test (the query
    // root's record has no `__typename`).
    let on = typeCase.deferred != nil && typeCase.coversParent ? "nil" : SwiftNames.stringLiteral(set.typeName)
    return ".inlineFragment(BatonNormalizer.InlineFragment(on: \(on), "
      + "possibleTypes: \(nestedType).possibleTypes, selections: \(nestedType).selections\(tail)))"
  }

  /// An aliased inline fragment under `@catch`: an inline fragment whose fields read in a slot of their own.
  private func caughtFragment(_ field: IRField, _ fragment: IRAliasedFragment, set: IRSelectionSet, nestedType: String) -> String {
    var tail = field.conditions.isEmpty ? "" : ", conditions: \(conditions(field.conditions))"
    if let catchTo = field.catchTo { tail += ", catchTo: \(Self.catchTarget(catchTo))" }
    let on = fragment.typeCondition.map(SwiftNames.stringLiteral) ?? "nil"
    return ".inlineFragment(BatonNormalizer.InlineFragment(on: \(on), "
      + "possibleTypes: \(stringSet(set.possibleTypes)), selections: \(nestedType).selections\(tail)))"
  }

  /// A `BatonNormalizer.CatchTarget` literal.
  static func catchTarget(_ target: IRField.Catch) -> String {
    target == .result ? ".result" : ".null"
  }

  func stringSet(_ names: [String]) -> String {
    "[" + names.map(SwiftNames.stringLiteral).joined(separator: ", ") + "]"
  }

  private func conditions(_ conditions: [IRCondition]) -> String {
    "[" + conditions.map { ".\($0.passingValue ? "include" : "skip")(\(SwiftNames.stringLiteral($0.variable)))" }
      .joined(separator: ", ") + "]"
  }

  private func typeReference(_ field: IRField) -> String {
    let kind = switch field.typeKind {
    case .object: "object"
    case .interface: "interface"
    case .union: "union"
    case .enumeration: "enumeration"
    case .scalar, .inputObject: "scalar"
    }
    let levels = field.levels.map { level in
      switch level {
      case .nullable: ".nullable"
      case .nonNull: ".nonNull"
      case .semanticNonNull: ".semanticNonNull"
      }
    }
    return "BatonNormalizer.TypeReference(\(SwiftNames.stringLiteral(field.typeName)), .\(kind), [\(levels.joined(separator: ", "))])"
  }

  /// Key fields of the possible types whose keys the selection set selects (directly, in
  /// a type case or in a spread fragment): an object without them in the response is named
  /// by its path anyway.
  private func keyFields(_ set: IRSelectionSet) -> [(String, [String])] {
    set.possibleTypes.compactMap { typeName in
      guard let keys = context.keyFields[typeName] else { return nil }
      var visited: Set<String> = []
      let selected = selectedNames(set, on: typeName, visited: &visited)
      return keys.allSatisfy(selected.contains) ? (typeName, keys) : nil
    }
  }

  private func selectedNames(_ set: IRSelectionSet, on typeName: String, visited: inout Set<String>) -> Set<String> {
    var names = Set(set.fields.filter { $0.alias == nil && $0.conditions.isEmpty }.map(\.name))
    for typeCase in set.typeCases where typeCase.conditions.isEmpty && typeCase.selectionSet.possibleTypes.contains(typeName) {
      names.formUnion(selectedNames(typeCase.selectionSet, on: typeName, visited: &visited))
    }
    for spread in set.spreads where spread.conditions.isEmpty && visited.insert(spread.fragmentName).inserted {
      guard let fragment = context.fragments[spread.fragmentName],
        fragment.selectionSet.possibleTypes.contains(typeName)
      else { continue }
      names.formUnion(selectedNames(fragment.selectionSet, on: typeName, visited: &visited))
    }
    return names
  }

  private func argumentValue(_ value: Value) -> String {
    switch value {
    case .variable(let variable): return ".variable(\(SwiftNames.stringLiteral(variable.name.value)))"
    case .list(let list) where Self.usesVariables(value):
      return ".list([\(list.values.map(argumentValue).joined(separator: ", "))])"
    case .object(let object) where Self.usesVariables(value):
      let fields = object.fields.map { "BatonNormalizer.Argument(\(SwiftNames.stringLiteral($0.name.value)), \(argumentValue($0.value)))" }
      return ".object([\(fields.joined(separator: ", "))])"
    default:
      return ".literal(\(json(value)))"
    }
  }

  /// A constant value as a `JSONValue` expression (variables, not allowed in constants, as `.null`).
  func json(_ value: Value) -> String {
    switch value {
    case .int(let node): ".number(\(SwiftNames.stringLiteral(node.value)))"
    case .float(let node): ".number(\(SwiftNames.stringLiteral(node.value)))"
    case .string(let node): ".string(\(SwiftNames.stringLiteral(node.value)))"
    case .boolean(let node): ".bool(\(node.value))"
    case .null, .variable: ".null"
    case .enumValue(let node): ".string(\(SwiftNames.stringLiteral(node.value)))"
    case .list(let node): ".array([\(node.values.map(json).joined(separator: ", "))])"
    case .object(let node):
      ".object([\(node.fields.map { "BatonNormalizer.JSONMember(\(SwiftNames.stringLiteral($0.name.value)), \(json($0.value)))" }.joined(separator: ", "))])"
    }
  }

  private static func usesVariables(_ value: Value) -> Bool {
    switch value {
    case .variable: true
    case .list(let list): list.values.contains(where: usesVariables)
    case .object(let object): object.fields.contains { usesVariables($0.value) }
    default: false
    }
  }
}
