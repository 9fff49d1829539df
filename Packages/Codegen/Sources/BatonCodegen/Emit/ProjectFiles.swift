import Foundation

/// The schema and document files of one target, read from disk: what `baton generate`
/// generates from and `baton check` validates, so that both see the same files.
public struct ProjectFiles: Sendable {
  /// SDL files, or one introspection `.json` and SDL extension files; the server's first.
  public var schema: [(name: String, text: String)]
  /// Executable documents, validated together: a fragment may be used in another file.
  public var documents: [(name: String, text: String)]
  /// The modules baton.json's `dependencies` name, and theirs: their documents are
  /// validated with these, and their fragments and schema types are not generated again.
  public var dependencies: [DependencyFiles]

  public init(
    schema: [(name: String, text: String)], documents: [(name: String, text: String)], dependencies: [DependencyFiles] = []
  ) {
    self.schema = schema
    self.documents = documents
    self.dependencies = dependencies
  }

  /// Whether other modules may spread this target's fragments: its baton.json names its
  /// `module`.
  var sharesFragments = false

  /// The document files whose fragments may go unused in this target's documents: the
  /// dependencies', and its own when it shares them.
  var sharedFiles: Set<String> {
    Set(dependencies.flatMap(\.documents).map(\.name) + (sharesFragments ? documents.map(\.name) : []))
  }

  /// The schema module among the dependencies, if one is.
  var schemaModule: DependencyFiles? { dependencies.first { $0.config.generatesSchemaTypes } }

  /// Every document the target's validation sees: its own, then its dependencies'.
  var allDocuments: [(name: String, text: String)] { documents + dependencies.flatMap(\.documents) }

  /// The files baton.json names: its `schema` list and every other file its `documents`
  /// patterns match, each once. A file that cannot be read, or a pattern that matches nothing, is an
  /// error at its place in baton.json. Without `schema`, the schema is the schema module's
  /// (or the first dependency's that has one).
  public static func read(config: BatonConfig) throws(CodegenErrors) -> ProjectFiles {
    let dependencies = try DependencyFiles.read(for: config)
    var config = config
    if config.schema.isEmpty {
      let owner = dependencies.first { $0.config.generatesSchemaTypes } ?? dependencies.first { !$0.config.schema.isEmpty }
      guard let owner else {
        throw CodegenErrors([CodegenError("\"schema\": missing, and no dependency has one.", locations: [config.location(of: "schema", 0)])])
      }
      config.schema = owner.config.schema
    }
    var errors: [CodegenError] = []
    var schema: [(name: String, text: String)] = []
    for (index, path) in config.schema.enumerated() {
      guard let text = contents(path) else {
        errors.append(CodegenError("Cannot read the schema file \"\(path)\".", locations: [config.location(of: "schema", index)]))
        continue
      }
      schema.append((path, text))
    }
    let documents = documents(of: config, errors: &errors)
    if !errors.isEmpty { throw CodegenErrors(errors) }
    var files = ProjectFiles(schema: schema, documents: documents, dependencies: dependencies)
    files.sharesFragments = config.module != nil
    return files
  }

  /// The documents baton.json's `documents` patterns match, each once, in the patterns'
  /// order; a pattern that matches nothing, or a file that cannot be read, is an error.
  static func documents(of config: BatonConfig, errors: inout [CodegenError]) -> [(name: String, text: String)] {
    var documentPaths: [String] = []
    for (index, pattern) in config.documents.enumerated() {
      // A schema file beside the documents (`"documents": "*.graphql"`) is not one of them.
      let matches = Glob(pattern).files().filter { !config.schema.contains($0) }
      if matches.isEmpty {
        errors.append(CodegenError(
          "The documents pattern \"\(pattern)\" matches no document.", locations: [config.location(of: "documents", index)]))
      }
      for path in matches where !documentPaths.contains(path) { documentPaths.append(path) }
    }
    var documents: [(name: String, text: String)] = []
    for path in documentPaths {
      guard let text = contents(path) else {
        errors.append(CodegenError("Cannot read the document \"\(path)\".", locations: [DiagnosticLocation(file: path, line: 1, column: 1)]))
        continue
      }
      documents.append((path, text))
    }
    return documents
  }

  /// The files given on a command line: schema files, then documents.
  public static func read(schemaPaths: [String], documentPaths: [String]) throws(CodegenErrors) -> ProjectFiles {
    var errors: [CodegenError] = []
    func read(_ paths: [String], _ kind: String) -> [(name: String, text: String)] {
      paths.compactMap { path in
        guard let text = contents(path) else {
          errors.append(CodegenError("Cannot read the \(kind) \"\(path)\"."))
          return nil
        }
        return (path, text)
      }
    }
    let files = ProjectFiles(schema: read(schemaPaths, "schema file"), documents: read(documentPaths, "document"))
    if !errors.isEmpty { throw CodegenErrors(errors) }
    return files
  }

  private static func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }
}
