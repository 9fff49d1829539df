/// Emits the struct that reads one selection set: its selection metadata, an accessor per
/// field, a masked accessor per fragment spread, an optional `asType` per type case, and
/// a nested struct per composite field and type case.
///
/// A struct wraps the `DataObject` a read gave and the `RecordSource` it was read from
/// (for fragment spreads). Accessors read slots by static index; type cases read the same
/// object, their slots starting at `base`.
struct DataStructEmitter {
  let context: EmitContext

  /// Members every data struct declares; GraphQL names that equal one get a `_` appended.
  static let reservedMembers: Set<String> = ["_data", "_source", "selections", "possibleTypes", "fragment", "read", "debugDescription"]

  struct Names {
    var fields: [String] = []
    var fieldTypes: [String?] = []
    var spreads: [String] = []
    var caseMembers: [String] = []
    var caseTypes: [String] = []
  }

  /// `declaration` is `struct` text such as `public struct Data`; `conformance` the data
  /// protocol it conforms to (a fragment's refines `GraphQLData`).
  func emit(
    _ set: IRSelectionSet, declaration: String, typeName: String, base: Int,
    statics: [String] = [], listElement: Bool = false, conformance: String = "BatonNormalizer.GraphQLData",
    into writer: inout SwiftWriter
  ) {
    let names = names(set, parent: typeName)
    let access = context.access
    let metadata = MetadataRenderer(context: context)
    let renderer = FieldTypeRenderer(context: context)
    // Only a list's elements are `DataListElement`s: a conformance a struct does not use is
    // witnesses it compiles for nothing. `Sendable` comes with `GraphQLData`; written out as
    // well, it is one more conformance the compiler checks on every struct, for nothing.
    let conformances = ": \(conformance)" + (listElement ? ", BatonNormalizer.DataListElement" : "")
      + (Self.isIdentifiable(set, names) ? ", Swift.Identifiable" : "")
    writer.block(declaration + conformances + " {") { writer in
      for line in statics { writer.line(line) }
      // Metadata, like `possibleTypes`, stays internal: the runtime reaches it through the
      // operation and the spreads, and an app sees only data. A fragment's `fragment` is
      // the exception, public for reading the fragment by id.
      writer.array("static let selections: [BatonNormalizer.Selection] = ", selectionElements(set, names))
      writer.line()
      // The rest of `GraphQLData` (`==`, `hash(into:)`, `debugDescription`, the response
      // both ways) is the protocol's: one implementation, not one a struct to compile.
      // One reference stored (`_data` and `_source` read through it): see `DataRead`.
      writer.line("\(access)let __read: BatonNormalizer.DataRead")
      writer.line()
      writer.line("\(access)init(__read: BatonNormalizer.DataRead) { self.__read = __read }")
      DataBuilderEmitter(context: context).emit(set, names: names, base: base, into: &writer)
      var slot = base
      for (index, field) in set.fields.enumerated() {
        if field.isMasked {
          slot += 1
          continue
        }
        writer.line()
        let type = field.stream == nil
          ? renderer.propertyType(field, objectType: names.fieldTypes[index])
          : renderer.streamedPropertyType(field, objectType: names.fieldTypes[index])
        if let description = field.description {
          writer.documentation(description)
          writer.line("///")
        }
        if let fragment = field.aliasedFragment {
          let on = fragment.typeCondition.map { " on \($0)" } ?? ""
          writer.line("/// `...\(on) @alias(as: \(SwiftNames.stringLiteral(field.responseKey))) @catch`: the fragment's fields, or what it caught.")
        } else {
          writer.line("/// `\(field.responseKey)`\(field.alias == nil ? "" : " (`\(field.name)`)")")
        }
        if let reason = field.deprecationReason {
          writer.line("@available(*, deprecated, message: \(SwiftNames.stringLiteral(reason)))")
        }
        let body = field.stream.map { renderer.streamedGetter(field, slot: slot, objectType: names.fieldTypes[index], label: $0.label) }
          ?? renderer.getter(field, slot: slot, objectType: names.fieldTypes[index])
        if field.throwsWhenNull, let only = body.first {
          writer.block("\(access)var \(SwiftNames.escaped(names.fields[index])): \(type) {") { writer in
            writer.line("get throws(BatonNormalizer.ReadFailure) { \(only) }")
          }
        } else if body.count == 1, let only = body.first {
          writer.line("\(access)var \(SwiftNames.escaped(names.fields[index])): \(type) { \(only) }")
        } else {
          writer.block("\(access)var \(SwiftNames.escaped(names.fields[index])): \(type) {") { writer in
            for line in body { writer.line(line) }
          }
        }
        slot += 1
      }
      for (index, spread) in set.spreads.enumerated() {
        writer.line()
        if let deferred = spread.deferred {
          emitDeferredSpread(spread, deferred, name: names.spreads[index], slot: slot, into: &writer)
        } else {
          emitSpread(spread, name: names.spreads[index], slot: slot, into: &writer)
        }
        slot += 1
      }
      for (index, typeCase) in set.typeCases.enumerated() {
        if typeCase.selectionSet.isMasked {
          slot += Self.slotCount(typeCase.selectionSet)
          continue
        }
        writer.line()
        let caseType = names.caseTypes[index]
        if let deferred = typeCase.deferred {
          emitDeferredCase(typeCase, deferred, name: names.caseMembers[index], caseType: caseType, slot: slot, into: &writer)
          slot += Self.slotCount(typeCase.selectionSet)
          continue
        }
        writer.line("/// The object as a `\(typeCase.selectionSet.typeName)`, when it is one.")
        writer.line("\(access)var \(names.caseMembers[index]): \(caseType)? { \(typeCaseRead(typeCase, caseType: caseType, slot: slot)) }")
        slot += Self.slotCount(typeCase.selectionSet)
      }
      for (index, field) in set.fields.enumerated() {
        guard let nested = names.fieldTypes[index], let child = field.selectionSet else { continue }
        writer.line()
        if field.isMasked {
          emitMetadata(child, typeName: nested, statics: possibleTypes(of: field), into: &writer)
          continue
        }
        emit(
          child, declaration: "\(access)struct \(nested)", typeName: nested, base: 0,
          statics: possibleTypes(of: field), listElement: field.levels.count > 1, into: &writer)
      }
      slot = base + set.fields.count + set.spreads.count
      for (index, typeCase) in set.typeCases.enumerated() {
        writer.line()
        let caseType = names.caseTypes[index]
        let statics = ["static let possibleTypes: Set<Swift.String> = \(metadata.stringSet(typeCase.selectionSet.possibleTypes))", ""]
        if typeCase.selectionSet.isMasked {
          emitMetadata(typeCase.selectionSet, typeName: caseType, statics: statics, into: &writer)
        } else {
          emit(
            typeCase.selectionSet, declaration: "\(access)struct \(caseType)", typeName: caseType, base: slot,
            statics: statics, into: &writer)
        }
        slot += Self.slotCount(typeCase.selectionSet)
      }
    }
  }

  /// A set the user never reads (added keys only, or under a field the compiler added) as
  /// its metadata alone: an internal enum the parents' selections refer to, with no data
  /// type, conformances or builder for the compiler to check.
  private func emitMetadata(
    _ set: IRSelectionSet, typeName: String, statics: [String], into writer: inout SwiftWriter
  ) {
    let names = names(set, parent: typeName)
    let metadata = MetadataRenderer(context: context)
    writer.block("enum \(typeName) {") { writer in
      for line in statics { writer.line(line) }
      writer.array("static let selections: [BatonNormalizer.Selection] = ", selectionElements(set, names))
      for (index, field) in set.fields.enumerated() {
        guard let nested = names.fieldTypes[index], let child = field.selectionSet else { continue }
        writer.line()
        emitMetadata(child, typeName: nested, statics: possibleTypes(of: field), into: &writer)
      }
      for (index, typeCase) in set.typeCases.enumerated() {
        writer.line()
        let statics = ["static let possibleTypes: Set<Swift.String> = \(metadata.stringSet(typeCase.selectionSet.possibleTypes))", ""]
        emitMetadata(typeCase.selectionSet, typeName: names.caseTypes[index], statics: statics, into: &writer)
      }
    }
  }

  /// The `selections` array's elements: one per field, spread and type case.
  private func selectionElements(_ set: IRSelectionSet, _ names: Names) -> [String] {
    let metadata = MetadataRenderer(context: context)
    var elements: [String] = []
    for (index, field) in set.fields.enumerated() {
      elements.append(metadata.field(field, nestedType: names.fieldTypes[index]))
    }
    elements += set.spreads.map(metadata.spread)
    for (index, typeCase) in set.typeCases.enumerated() {
      elements.append(metadata.typeCase(typeCase, nestedType: names.caseTypes[index]))
    }
    return elements
  }

  /// An abstract field's possible types, which let the reader tell a `__typename` it cannot hold.
  private func possibleTypes(of field: IRField) -> [String] {
    guard MetadataRenderer.isAbstract(field), let child = field.selectionSet else { return [] }
    return ["static let possibleTypes: Set<Swift.String> = \(MetadataRenderer(context: context).stringSet(child.possibleTypes))", ""]
  }

  /// A type case's data on the object, or `nil`: one `DataRead` call, behind a look at
  /// the case's first slot when a condition may have left its fields out.
  func typeCaseRead(_ typeCase: IRTypeCase, caseType: String, slot: Int) -> String {
    let read = "__read.typeCase(\(caseType).possibleTypes)"
    guard !typeCase.conditions.isEmpty && Self.slotCount(typeCase.selectionSet) > 0 else { return read }
    return "_data[\(slot)] == .absent ? nil : \(read)"
  }

  /// How a spread of `fragment` reads: the accessor's value type, whether its read throws,
  /// and the lines that read it. One shape for a spread and a deferred spread, which reads
  /// the same once its part arrived.
  struct SpreadRead {
    let valueType: String
    let throwing: Bool
    let lines: [String]
  }

  func spreadRead(_ spread: IRSpread, _ fragment: IRFragment, slot: Int) -> SpreadRead {
    let type = context.fragmentType(spread.fragmentName)
    let optional = !spread.conditions.isEmpty || !spread.alwaysMatches || context.fragmentCanBeNull(fragment)
      || fragment.catchTo == .null
    let caughtResult = fragment.catchTo == .result
    let empty = "\(type)(_data: \(context.qualified("emptyObject")), _source: _source)"
    let fallback = optional ? "nil" : caughtResult ? ".success(\(empty))" : empty
    let valueType = (caughtResult ? "Swift.Result<\(type), \(context.qualified("FieldErrors"))>" : type) + (optional ? "?" : "")
    let read = "__read.spreadResult(\(slot), \(type).fragment)"
    let made = "return \(type)(_data: data, _source: _source)"
    if let catchTo = fragment.catchTo {
      // The read caught the fragment's errors: a failure (RESULT) or nothing (NULL).
      return SpreadRead(valueType: valueType, throwing: false, lines: [
        "guard let result = \(read) else { return \(fallback) }",
        catchTo == .result
          ? "if !result.caughtErrors.isEmpty { return .failure(\(context.qualified("FieldErrors"))(errors: result.caughtErrors)) }"
          : "guard result.caughtErrors.isEmpty else { return nil }",
        "guard let data = result.data else { return \(fallback) }",
        caughtResult ? "return .success(\(type)(_data: data, _source: _source))" : made,
      ])
    }
    if context.fragmentThrows(fragment) {
      return SpreadRead(valueType: valueType, throwing: true, lines: [
        "guard let result = \(read), let data = try result.get() else { return \(fallback) }", made,
      ])
    }
    // One `DataRead` call, as a getter is (see `FieldTypeRenderer.read`).
    let method = optional ? "optionalSpread" : "spread"
    return SpreadRead(valueType: valueType, throwing: false, lines: ["__read.\(method)(\(slot), \(type).fragment)"])
  }

  private func emitSpread(_ spread: IRSpread, name: String, slot: Int, into writer: inout SwiftWriter) {
    guard let fragment = context.fragments[spread.fragmentName] else { return }
    let spreadRead = spreadRead(spread, fragment, slot: slot)
    writer.line("/// The fragment `\(spread.fragmentName)`: its fields are read through it (data masking).")
    writer.block("\(context.access)var \(SwiftNames.escaped(name)): \(spreadRead.valueType) {") { writer in
      if spreadRead.throwing {
        writer.block("get throws(BatonNormalizer.ReadFailure) {") { writer in
          for line in spreadRead.lines { writer.line(line) }
        }
      } else {
        for line in spreadRead.lines { writer.line(line) }
      }
    }
  }

  /// Whether the set's own `id` property is a non-null, non-throwing scalar the document
  /// selected, so it makes the struct `Identifiable` as it is. Only a field named `id`
  /// counts: a type keyed by other `keyFields` has no one property that is its identity.
  private static func isIdentifiable(_ set: IRSelectionSet, _ names: Names) -> Bool {
    guard let index = names.fields.firstIndex(of: "id") else { return false }
    let field = set.fields[index]
    return field.name == "id" && !field.isMasked && field.selectionSet == nil && field.isOuterNonOptional
      && field.catchTo == nil && !field.throwsWhenNull && field.deprecationReason == nil
  }

  /// How many slots a `DataObject` of this set has: one per field and spread, and the
  /// type cases' slots flattened in place (as `[Selection].slotCount` counts them).
  static func slotCount(_ set: IRSelectionSet) -> Int {
    set.fields.count + set.spreads.count + set.typeCases.reduce(0) { $0 + slotCount($1.selectionSet) }
  }

  /// The names of the members and nested types of `parent`'s struct. A nested type takes
  /// its field's name, a list's singular (`edges` → `Edge`), and a suffix only where Swift
  /// would reject or misread it: the name of a member or an earlier nested type of the same
  /// struct, of `parent` itself (inside which the name would mean the nested type), a
  /// keyword, or a module or namespace the generated code names. An ancestor further out
  /// may share it: `PilotConnection.Edge.Node` inside `AllStarships.Edge.Node` is valid
  /// Swift, and each reference finds the nearest one, which is the one meant.
  private func names(_ set: IRSelectionSet, parent: String) -> Names {
    var names = Names()
    var members = Self.reservedMembers
    for field in set.fields {
      guard !field.isMasked else {
        names.fields.append("")
        continue
      }
      let name = SwiftNames.unique(
        SwiftNames.unusableMembers.contains(field.responseKey) ? field.responseKey + "_" : field.responseKey, in: members)
      members.insert(name)
      names.fields.append(name)
    }
    for spread in set.spreads {
      let name = SwiftNames.unique(SwiftNames.lowerCamel(spread.fragmentName), in: members)
      members.insert(name)
      names.spreads.append(name)
    }
    for typeCase in set.typeCases {
      guard !typeCase.selectionSet.isMasked else {
        names.caseMembers.append("")
        continue
      }
      let base = typeCase.deferred.map { SwiftNames.lowerCamel($0.name) } ?? "as" + SwiftNames.upperCamel(typeCase.selectionSet.typeName)
      let name = SwiftNames.unique(base, in: members)
      members.insert(name)
      names.caseMembers.append(name)
    }
    var types = members.union([parent]).union(SwiftNames.keywords).union(["Swift", "BatonNormalizer", "BatonStore", "Foundation", context.namespace])
    for field in set.fields {
      guard field.selectionSet != nil else {
        names.fieldTypes.append(nil)
        continue
      }
      // A list's items are one of a kind: `flights: [Flight]`, unless that name is taken.
      let plain = SwiftNames.upperCamel(field.responseKey)
      let singular = field.levels.count > 1 ? SingularName.of(plain) : plain
      let name = SwiftNames.unique(types.contains(singular) ? plain : singular, in: types)
      types.insert(name)
      names.fieldTypes.append(name)
    }
    for typeCase in set.typeCases {
      let base = typeCase.deferred.map { SwiftNames.upperCamel($0.name) } ?? "As" + SwiftNames.upperCamel(typeCase.selectionSet.typeName)
      let name = SwiftNames.unique(base, in: types)
      types.insert(name)
      names.caseTypes.append(name)
    }
    return names
  }
}
