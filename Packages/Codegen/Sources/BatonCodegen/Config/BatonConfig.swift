import Foundation

/// One target's baton.json, with paths resolved against the file's folder.
///
/// ```json
/// { "schema": ["schema.graphql", "schema-extensions.graphql"],
///   "documents": ["Sources/**/*.graphql"], "output": "Sources/Generated",
///   "namespace": "RickAndMorty", "onError": "NULL",
///   "scalars": { "DateTime": "Foundation.Date" }, "keyFields": { "Character": ["id"] },
///   "staleAfter": 300, "accessLevel": "public" }
/// ```
///
/// `uploadScalar` names the scalar whose variables carry files (`GraphQLUpload`, sent as a
/// GraphQL multipart request); it is `Upload` unless set.
///
/// `schema` holds SDL files, or one introspection result (a `.json` file). Key fields
/// come from `keyFields` and from `@key(fields: "a b")` on types in the schema; a type with
/// neither but with an `id` field is keyed by `id`. `namespace` is required: every
/// generated declaration lives in that enum, so generated names never shadow the user's.
///
/// A large app splits its configurations by module (ARCHITECTURE.md §3, codegen for
/// modules): a configuration without `documents` is a schema module's, and generates every
/// enum, input object and custom scalar of the schema once, with the possible types of each
/// abstract type; a feature module's names it and the modules whose fragments it spreads in
/// `dependencies` (their baton.json files), generates only its own operations and fragments,
/// and imports each dependency's `module`. Without `schema`, a feature module reads its
/// dependencies' schema.
public struct BatonConfig: Sendable, Equatable {
  /// The file the configuration came from, as given; errors name it.
  public var file: String
  /// Empty when the schema is a dependency's (`ProjectFiles.read` takes it from there).
  public var schema: [String]
  /// Empty for a schema module (`generatesSchemaTypes`).
  public var documents: [String]
  public var output: String
  public var namespace: String
  /// The Swift module the generated code compiles into, which a configuration depending
  /// on this one imports.
  public var module: String?
  /// The baton.json files of the modules this one's generated code uses: a schema module's
  /// types, other modules' fragments.
  public var dependencies: [String]
  /// Whether this is a schema module's configuration (a baton.json without `documents`):
  /// every schema type, and no operation.
  public var generatesSchemaTypes: Bool
  public var onError: OnErrorSetting?
  public var scalars: [String: String]
  public var keyFields: [String: [String]]
  public var staleAfter: Int?
  public var accessLevel: AccessLevel
  /// Where the persisted-operations manifest goes, if anywhere.
  public var persistedOperations: PersistedOperationsSetting?
  /// The scalar generated code sends as a file (`GraphQLUpload`); `Upload` by default.
  public var uploadScalar: String
  /// Where each value starts in the file, by the key paths errors name (`schema`,
  /// `documents[1]`, `scalars.DateTime`); empty for a configuration made in code.
  public var locations: [String: DiagnosticLocation]

  public init(
    file: String, schema: [String], documents: [String], output: String, namespace: String,
    onError: OnErrorSetting? = nil, scalars: [String: String] = [:], keyFields: [String: [String]] = [:],
    staleAfter: Int? = nil, accessLevel: AccessLevel = .public, locations: [String: DiagnosticLocation] = [:],
    persistedOperations: PersistedOperationsSetting? = nil, module: String? = nil, dependencies: [String] = [],
    generatesSchemaTypes: Bool = false, uploadScalar: String = "Upload"
  ) {
    self.file = file
    self.schema = schema
    self.documents = documents
    self.output = output
    self.namespace = namespace
    self.onError = onError
    self.scalars = scalars
    self.keyFields = keyFields
    self.staleAfter = staleAfter
    self.accessLevel = accessLevel
    self.locations = locations
    self.persistedOperations = persistedOperations
    self.module = module
    self.dependencies = dependencies
    self.generatesSchemaTypes = generatesSchemaTypes
    self.uploadScalar = uploadScalar
  }

  /// Where element `index` of the list under `key` is written, or the list if it is one
  /// string, or the file's start.
  func location(of key: String, _ index: Int) -> DiagnosticLocation {
    locations["\(key)[\(index)]"] ?? locations[key] ?? DiagnosticLocation(file: file, line: 1, column: 1)
  }

  /// Reads and checks the file at `path`; relative paths inside it are made relative to
  /// its folder.
  public static func load(path: String) throws(ConfigError) -> BatonConfig {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ConfigError(file: path, key: "", message: "cannot read the file.")
    }
    let folder = (path as NSString).deletingLastPathComponent
    return try decode([UInt8](data), file: path, baseDirectory: folder)
  }

  /// Decodes baton.json text; `baseDirectory` prefixes relative paths (empty keeps them).
  public static func decode(_ bytes: [UInt8], file: String, baseDirectory: String) throws(ConfigError) -> BatonConfig {
    let positions: JSONPositions
    do throws(JSONPositions.SyntaxError) {
      positions = try JSONPositions(bytes)
    } catch {
      throw ConfigError(
        file: file, key: "", message: "The file is not valid JSON. \(error.message)",
        location: DiagnosticLocation(file: file, line: error.position.line, column: error.position.column))
    }
    let locations = positions.values.mapValues { DiagnosticLocation(file: file, line: $0.line, column: $0.column) }
    let object: Any
    do {
      object = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
    } catch {
      throw ConfigError(file: file, key: "", message: "The file is not valid JSON.", location: locations[""])
    }
    guard let root = object as? [String: Any] else {
      throw ConfigError(file: file, key: "", message: "The file must hold one JSON object, with the keys as its members.", location: locations[""])
    }
    let reader = ConfigReader(file: file, root: root, locations: locations)
    try reader.rejectUnknownKeys()
    func resolve(_ path: String) -> String {
      path.hasPrefix("/") || baseDirectory.isEmpty ? path : baseDirectory + "/" + path
    }
    let namespace = try reader.string("namespace")
    guard SwiftNames.isPlainIdentifier(namespace) else {
      throw ConfigError(
        file: file, key: "namespace", message: "\"\(namespace)\" is not a Swift type name.", location: locations["namespace"])
    }
    let module = try reader.optionalString("module")
    if let module, !SwiftNames.isPlainIdentifier(module) {
      throw ConfigError(file: file, key: "module", message: "\"\(module)\" is not a Swift module name.", location: locations["module"])
    }
    let dependencies = try reader.optionalStringList("dependencies").map(resolve)
    let documents = try reader.optionalStringList("documents").map(resolve)
    if documents.isEmpty, !dependencies.isEmpty {
      throw ConfigError(
        file: file, key: "documents",
        message: "missing; a configuration with dependencies generates its documents (only a schema module, with no dependencies, has none).",
        location: locations[""])
    }
    return BatonConfig(
      file: file,
      schema: try (dependencies.isEmpty ? reader.stringList("schema") : reader.optionalStringList("schema")).map(resolve),
      documents: documents,
      output: resolve(try reader.string("output")),
      namespace: namespace,
      onError: try reader.optionalEnum("onError", OnErrorSetting.self),
      scalars: try reader.scalars(),
      keyFields: try reader.keyFields(),
      staleAfter: try reader.optionalSeconds("staleAfter"),
      accessLevel: try reader.optionalEnum("accessLevel", AccessLevel.self) ?? .public,
      locations: locations,
      persistedOperations: try reader.persistedOperations().map { setting in
        var setting = setting
        setting.path = resolve(setting.path)
        return setting
      },
      module: module,
      dependencies: dependencies,
      generatesSchemaTypes: documents.isEmpty,
      uploadScalar: reader.root["uploadScalar"] == nil ? "Upload" : try reader.string("uploadScalar"))
  }
}
