/// What every emitter needs: the schema, the configuration, and the Swift name of every
/// declaration in the namespace, decided once so that files agree on them.
struct EmitContext: Sendable {
  let schema: Schema
  let config: BatonConfig
  /// GraphQL name of a schema enum, input object or custom scalar → its Swift name.
  let schemaTypeNames: [String: String]
  /// Fragment name → its Swift type name.
  let fragmentTypeNames: [String: String]
  let fragments: [String: IRFragment]
  /// Key fields per object type: baton.json's, else `@key` in the schema, else `id`.
  let keyFields: [String: [String]]

  /// Names the support file declares in the namespace.
  static let supportNames: Set<String> = ["Input", "FieldErrors", "CustomScalar", "emptyObject"]

  var namespace: String { config.namespace }
  var access: String { config.accessLevel.modifier }

  /// The line that opens a file's extension of the namespace. `nonisolated` (Swift 6.1)
  /// keeps every generated declaration usable from any isolation in a target whose default
  /// isolation is the main actor (Xcode 26's app template), where it would otherwise become
  /// main-actor-isolated and its statics unusable from the runtime's nonisolated reads.
  var namespaceExtension: String { "nonisolated extension \(namespace) {" }

  /// A namespace member, qualified so nested generated types can never shadow it.
  func qualified(_ name: String) -> String { namespace + "." + name }

  /// Whether reading a spread of `fragment` can throw: `@throwOnFieldError` or `onError: HALT`.
  /// (A `@required(action: THROW)` field throws from its own accessor instead.)
  func fragmentThrows(_ fragment: IRFragment) -> Bool {
    fragment.throwOnFieldError || config.onError == .halt
  }

  /// Whether a null can propagate out of the fragment's root, so reading it gives nothing.
  func fragmentCanBeNull(_ fragment: IRFragment) -> Bool {
    Self.propagatesNull(fragment.selectionSet)
  }

  /// A `@required(action: NONE or LOG)` field, or a non-null chain down to one, nulls the
  /// object it is in; an uncaught THROW stops the null at its own accessor.
  static func propagatesNull(_ set: IRSelectionSet) -> Bool {
    set.fields.contains { field in
      guard field.catchTo == nil, field.conditions.isEmpty else { return false }
      if let required = field.required { return required != .throw }
      guard let child = field.selectionSet else { return false }
      return field.levels.indices.allSatisfy(field.isNonNull(at:)) && propagatesNull(child)
    } || set.typeCases.contains { $0.conditions.isEmpty && propagatesNull($0.selectionSet) }
  }
}
