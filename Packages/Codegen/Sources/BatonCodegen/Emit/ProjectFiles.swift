import Foundation

/// The schema and document files of one target, read from disk: what `baton generate`
/// generates from and `baton check` validates, so that both see the same files.
public struct ProjectFiles: Sendable {
  /// SDL files, or one introspection `.json` and SDL extension files; the server's first.
  public var schema: [(name: String, text: String)]
  /// Executable documents, validated together: a fragment may be used in another file.
  public var documents: [(name: String, text: String)]

  public init(schema: [(name: String, text: String)], documents: [(name: String, text: String)]) {
    self.schema = schema
    self.documents = documents
  }

  /// The files baton.json names: its `schema` list and every other file its `documents`
  /// patterns match, each once. A file that cannot be read, or a pattern that matches nothing, is an
  /// error at its place in baton.json.
  public static func read(config: BatonConfig) throws(CodegenErrors) -> ProjectFiles {
    var errors: [CodegenError] = []
    var schema: [(name: String, text: String)] = []
    for (index, path) in config.schema.enumerated() {
      guard let text = contents(path) else {
        errors.append(CodegenError("Cannot read the schema file \"\(path)\".", locations: [config.location(of: "schema", index)]))
        continue
      }
      schema.append((path, text))
    }
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
    if !errors.isEmpty { throw CodegenErrors(errors) }
    return ProjectFiles(schema: schema, documents: documents)
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
