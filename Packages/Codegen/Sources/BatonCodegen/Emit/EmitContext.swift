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

  /// A namespace member, qualified so nested generated types can never shadow it.
  func qualified(_ name: String) -> String { namespace + "." + name }

  /// Whether reading a spread of `fragment` can throw: `@throwOnFieldError` or `onError: HALT`.
  /// (A `@required(action: THROW)` field throws from its own accessor instead.)
  func fragmentThrows(_ fragment: IRFragment) -> Bool {
    fragment.throwOnFieldError || config.onError == .halt
  }

  /// Whether a `@required` null can null the fragment's root, so reading it gives nothing.
  func fragmentCanBeNull(_ fragment: IRFragment) -> Bool {
    fragment.selectionSet.childrenCanBubbleNull
  }
}
