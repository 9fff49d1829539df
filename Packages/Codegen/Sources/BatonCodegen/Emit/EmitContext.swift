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
  /// The namespace schema types are in: a schema module's, or this target's own.
  var schemaNamespace: String
  /// A dependency's fragment → the namespace its module generated it in.
  var fragmentNamespaces: [String: String] = [:]
  /// A dependency's fragment → its module's `onError`, which decides how its spread reads.
  var fragmentOnError: [String: OnErrorSetting] = [:]
  /// The dependencies' modules, which every operation and fragment file imports.
  var imports: [String] = []

  init(
    schema: Schema, config: BatonConfig, schemaTypeNames: [String: String], fragmentTypeNames: [String: String],
    fragments: [String: IRFragment], keyFields: [String: [String]], schemaNamespace: String? = nil,
    fragmentNamespaces: [String: String] = [:], fragmentOnError: [String: OnErrorSetting] = [:], imports: [String] = []
  ) {
    self.schema = schema
    self.config = config
    self.schemaTypeNames = schemaTypeNames
    self.fragmentTypeNames = fragmentTypeNames
    self.fragments = fragments
    self.keyFields = keyFields
    self.schemaNamespace = schemaNamespace ?? config.namespace
    self.fragmentNamespaces = fragmentNamespaces
    self.fragmentOnError = fragmentOnError
    self.imports = imports
  }

  /// Names the support file declares in the namespace.
  static let supportNames: Set<String> = [
    "Input", "FieldErrors", "CustomScalar", "CustomScalarResponse", "emptyObject", "possibleTypes",
  ]

  var namespace: String { config.namespace }
  var access: String { config.accessLevel.modifier }

  /// The line that opens a file's extension of the namespace. `nonisolated` (Swift 6.1)
  /// keeps every generated declaration usable from any isolation in a target whose default
  /// isolation is the main actor (Xcode 26's app template), where it would otherwise become
  /// main-actor-isolated and its statics unusable from the runtime's nonisolated reads.
  var namespaceExtension: String { "nonisolated extension \(namespace) {" }

  /// The modules of the Swift types baton.json maps scalars to, in name order; `Swift` is
  /// always there.
  var scalarModules: [String] {
    Set(config.scalars.values.compactMap { target in
      target.contains(".") ? target.split(separator: ".").first.map(String.init) : nil
    }).subtracting(["Swift"]).sorted()
  }

  /// A namespace member, qualified so nested generated types can never shadow it.
  func qualified(_ name: String) -> String { namespace + "." + name }

  /// Whether the schema's types are a schema module's, not generated here.
  var sharesSchemaTypes: Bool { schemaNamespace != namespace }

  /// The Swift type of a schema enum, input object or custom scalar, in whichever namespace
  /// holds it; `CustomScalar` and `CustomScalarResponse` live beside the scalars.
  func schemaType(_ name: String) -> String {
    schemaNamespace + "." + (schemaTypeNames[name] ?? name)
  }

  /// The Swift type of a fragment, in its module's namespace.
  func fragmentType(_ name: String) -> String {
    (fragmentNamespaces[name] ?? namespace) + "." + (fragmentTypeNames[name] ?? name)
  }

  /// Whether reading a spread of `fragment` can throw: `@throwOnFieldError` or `onError: HALT`,
  /// unless a `@catch` on the fragment catches the errors. (A `@required(action: THROW)`
  /// field throws from its own accessor instead.)
  func fragmentThrows(_ fragment: IRFragment) -> Bool {
    let onError = fragmentNamespaces[fragment.name] == nil ? config.onError : fragmentOnError[fragment.name]
    return (fragment.throwOnFieldError || onError == .halt) && fragment.catchTo == nil
  }

  /// Whether a null can propagate out of the fragment's root, so reading it gives nothing:
  /// a `@required` null. A field error's null under `onError: NULL` crosses the spread to
  /// the parent's nearest nullable ancestor instead, as the server's PROPAGATE would, so the
  /// spread keeps the type the schema gives.
  func fragmentCanBeNull(_ fragment: IRFragment) -> Bool {
    fragment.selectionSet.childrenCanBubbleNull
  }
}
