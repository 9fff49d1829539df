/// Emits a data struct's `__layout` and its builder: an initializer with one
/// parameter per field the response must hold (non-null ones required, nullable ones
/// defaulting to `nil`), one per spread fragment (its generated type) and one per type case,
/// which makes the response JSON and reads it through the normalizer, as a fetch would.
///
/// Fields, spreads and type cases under `@include`/`@skip` are optional parameters,
/// defaulting to `nil`, not included: one given marks its conditions passed, so the built
/// data reads it as included (`DataResponse.variables`). Key fields the compiler added are
/// parameters too (named by response key): the record's identity is part of the response;
/// so are the objects it adds: a connection's `pageInfo` (a `BuiltPageInfo`), so built data
/// committed to the store is a page paging can continue from, and an edge's `node`.
struct DataBuilderEmitter {
  let context: EmitContext

  private static let response = "BatonNormalizer.DataResponse"

  private struct Parameter {
    var label: String
    var type: String
    var defaultValue: String?
  }

  func emit(_ set: IRSelectionSet, names: DataStructEmitter.Names, base: Int, into writer: inout SwiftWriter) {
    let access = context.access
    writer.line()
    let layout = base == 0 ? "selections" : "selections, base: \(base)"
    writer.line("\(access)static var __layout: BatonNormalizer.DataLayout { BatonNormalizer.DataLayout(\(layout)) }")

    var parameters: [Parameter] = []
    var members: [String] = []
    var labels = Set(names.fields + names.spreads + names.caseMembers).subtracting([""])
    let renderer = FieldTypeRenderer(context: context)
    for (index, field) in set.fields.enumerated() {
      if field.isMasked && field.selectionSet != nil {
        let added = addedObjectParameter(field, labels: &labels)
        parameters.append(added.parameter)
        members.append(added.member)
        continue
      }
      if field.isMasked && !field.conditions.isEmpty { continue }
      let label: String
      if field.isMasked {
        label = SwiftNames.unique(field.responseKey, in: labels)
        labels.insert(label)
      } else {
        label = names.fields[index]
      }
      let parameter = SwiftNames.escaped(label)
      if field.name == "__typename" && field.selectionSet == nil {
        let known = set.possibleTypes.count == 1 ? set.possibleTypes.first.map(SwiftNames.stringLiteral) : nil
        parameters.append(Parameter(label: label, type: "Swift.String", defaultValue: known))
        members.append("response.add(\(SwiftNames.stringLiteral(field.responseKey)), \(parameter))")
        continue
      }
      let objectType = names.fieldTypes[index]
      let type = parameterType(field, leaf: renderer.leafType(field, objectType: field.isMasked ? nil : objectType))
      if !field.conditions.isEmpty {
        parameters.append(Parameter(label: label, type: type + "?", defaultValue: "nil"))
        if let fragment = field.aliasedFragment {
          let toNull = field.catchTo == .null ? ", toNull: true" : ""
          members.append(
            "response.merge(caught: \(parameter), at: \(SwiftNames.stringLiteral(fragment.firstKey))\(toNull), "
              + "if: \(Self.conditions(field.conditions)))")
          continue
        }
        let given = value(of: "$0", field)
        let converted = given == "$0" ? parameter : "\(parameter).map { \(given) }"
        members.append(
          "response.add(\(SwiftNames.stringLiteral(field.responseKey)), \(converted), if: \(Self.conditions(field.conditions)))")
        continue
      }
      parameters.append(Parameter(label: label, type: type, defaultValue: Self.defaultValue(type, field)))
      if let fragment = field.aliasedFragment {
        let toNull = field.catchTo == .null ? ", toNull: true" : ""
        members.append("response.merge(caught: \(parameter), at: \(SwiftNames.stringLiteral(fragment.firstKey))\(toNull))")
        continue
      }
      members.append("response.add(\(SwiftNames.stringLiteral(field.responseKey)), \(value(of: parameter, field)))")
    }
    for (index, spread) in set.spreads.enumerated() {
      guard let fragment = context.fragments[spread.fragmentName] else { continue }
      let type = context.fragmentType(spread.fragmentName)
      let optional = !spread.conditions.isEmpty || !spread.alwaysMatches || context.fragmentCanBeNull(fragment)
        || fragment.catchTo != nil
      let label = SwiftNames.escaped(names.spreads[index])
      parameters.append(Parameter(label: names.spreads[index], type: optional ? type + "?" : type, defaultValue: optional ? "nil" : nil))
      members.append(
        !spread.conditions.isEmpty ? "response.merge(\(label)?.__response, if: \(Self.conditions(spread.conditions)))"
          : optional ? "response.merge(\(label)?.__response)" : "response.merge(\(label).__response)")
    }
    for (index, typeCase) in set.typeCases.enumerated() where !typeCase.selectionSet.isMasked {
      let label = names.caseMembers[index]
      parameters.append(Parameter(label: label, type: names.caseTypes[index] + "?", defaultValue: "nil"))
      let conditions = typeCase.conditions.isEmpty ? "" : ", if: \(Self.conditions(typeCase.conditions))"
      members.append("response.merge(\(SwiftNames.escaped(label))?.__response\(conditions))")
    }

    writer.line()
    writer.line("/// The data a response with these values reads as: it goes through the normalizer and")
    writer.line("/// the reader, as a fetched one does (so it is `==` to it).")
    let list = parameters.map { parameter in
      "\(SwiftNames.escaped(parameter.label)): \(parameter.type)" + (parameter.defaultValue.map { " = " + $0 } ?? "")
    }
    // One generic call a parameter (`DataResponseConvertible`), so the compiler checks
    // no expression per field: builders cost little compile time.
    writer.block("\(access)init(\(list.joined(separator: ", "))) {") { writer in
      writer.line("var response = \(Self.response)(.object([]))")
      for member in members { writer.line(member) }
      writer.line("self.init(__response: response)")
    }
  }

  /// A field the compiler added with a selection of its own, which has no data type: the
  /// `pageInfo` it adds to a connection as a `BuiltPageInfo`, an edge's `node` as the
  /// object's response (its `__typename` and key fields); `nil`, the default, leaves it out.
  private func addedObjectParameter(_ field: IRField, labels: inout Set<String>) -> (parameter: Parameter, member: String) {
    let label = SwiftNames.unique(field.responseKey, in: labels)
    labels.insert(label)
    let key = SwiftNames.stringLiteral(field.responseKey)
    guard field.responseKey == "pageInfo", field.levels.count == 1 else {
      return (
        Parameter(label: label, type: "BatonNormalizer.DataResponse?", defaultValue: "nil"),
        "response.add(\(key), given: \(SwiftNames.escaped(label)))"
      )
    }
    return (
      Parameter(label: label, type: "BatonNormalizer.BuiltPageInfo?", defaultValue: "nil"),
      "response.add(\(key), given: \(SwiftNames.escaped(label))?.response(typename: \(SwiftNames.stringLiteral(field.typeName))))"
    )
  }

  /// `@include`/`@skip` conditions as a `[BatonNormalizer.Condition]` literal.
  private static func conditions(_ conditions: [IRCondition]) -> String {
    "[" + conditions.map { ".\($0.passingValue ? "include" : "skip")(\(SwiftNames.stringLiteral($0.variable)))" }
      .joined(separator: ", ") + "]"
  }

  /// What the builder adds for a parameter: the parameter itself, or for a custom scalar
  /// each scalar in it wrapped in `CustomScalarResponse` (`map` on each optional, list and
  /// result level), since a mapped type such as `Foundation.Date` is not itself a
  /// `DataResponseConvertible`.
  private func value(of parameter: String, _ field: IRField) -> String {
    guard field.typeKind == .scalar, !Self.builtInScalars.contains(field.typeName) else { return parameter }
    let wrap = context.schemaNamespace + ".CustomScalarResponse"
    func converted(_ value: String, at level: Int) -> String {
      func unwrapped(_ value: String) -> String {
        level == field.levels.count - 1 ? "\(wrap)(\(value))" : "\(value).map { \(converted("$0", at: level + 1)) }"
      }
      return Self.isNonNull(field, at: level) ? unwrapped(value) : "\(value).map { \(unwrapped("$0")) }"
    }
    return field.catchTo == .result ? "\(parameter).map { \(converted("$0", at: 0)) }" : converted(parameter, at: 0)
  }

  private static let builtInScalars: Set<String> = ["String", "ID", "Int", "Float", "Boolean"]

  /// `nil` for an optional, `.success(nil)` for a caught nullable field: what a response
  /// without the value holds. Non-null fields have none, so a builder cannot leave them out.
  private static func defaultValue(_ type: String, _ field: IRField) -> String? {
    if type.hasSuffix("?") { return "nil" }
    if field.catchTo == .result && !isNonNull(field, at: 0) { return ".success(nil)" }
    return nil
  }

  /// Whether the parameter is non-optional at `level`: where the schema says non-null (a
  /// response cannot hold null there without an error, even where the accessor is optional
  /// because a `@required` child can null the object), or where the accessor is.
  private static func isNonNull(_ field: IRField, at level: Int) -> Bool {
    // An aliased fragment's value is the accessor's: `nil` is what `to: NULL` caught.
    if field.aliasedFragment != nil { return field.catchTo == .result && field.isNonNull(at: level) }
    return field.levels[level] == .nonNull || field.isNonNull(at: level) || (level == 0 && field.required != nil)
  }

  /// The parameter's type: the accessor's, but non-optional wherever `isNonNull` says.
  private func parameterType(_ field: IRField, leaf: String) -> String {
    let value = levelType(field, level: 0, leaf: leaf)
    return field.catchTo == .result ? "Swift.Result<\(value), \(context.qualified("FieldErrors"))>" : value
  }

  private func levelType(_ field: IRField, level: Int, leaf: String) -> String {
    let base = level == field.levels.count - 1 ? leaf : "[" + levelType(field, level: level + 1, leaf: leaf) + "]"
    return Self.isNonNull(field, at: level) ? base : base + "?"
  }
}
