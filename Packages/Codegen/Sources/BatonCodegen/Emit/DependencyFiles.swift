import Foundation

/// A module a target's generated code uses (baton.json's `dependencies`, followed to their
/// own): its configuration and its documents, read so that the target's documents are
/// validated with the fragments they spread and its operations' texts hold them, as one
/// target holding every document would send.
public struct DependencyFiles: Sendable {
  public var config: BatonConfig
  /// Empty for the schema module.
  public var documents: [(name: String, text: String)]
  /// Whether this module's own generation uses a schema module's types rather than
  /// emitting the ones its documents use: it decides the Swift names it gives its fragments.
  public var usesSchemaModule: Bool

  public init(config: BatonConfig, documents: [(name: String, text: String)], usesSchemaModule: Bool) {
    self.config = config
    self.documents = documents
    self.usesSchemaModule = usesSchemaModule
  }

  /// The module generated code imports; every dependency must name one.
  var module: String { config.module ?? config.namespace }

  /// Every configuration `config` depends on, directly or through another, each once, in
  /// the order first reached; their documents read. A dependency without `module`, a cycle,
  /// two schema modules or two modules with one namespace is an error at `config`'s entry.
  static func read(for config: BatonConfig) throws(CodegenErrors) -> [DependencyFiles] {
    var reader = Reader()
    reader.visit(config, chain: [standardized(config.file)])
    if !reader.errors.isEmpty { throw CodegenErrors(reader.errors) }
    var errors: [CodegenError] = []
    let schemaModules = reader.found.filter(\.config.generatesSchemaTypes)
    if schemaModules.count > 1 {
      errors.append(CodegenError(
        "The dependencies hold two schema modules (\(schemaModules.map(\.module).joined(separator: ", "))); a target uses one.",
        locations: [config.location(of: "dependencies", 0)]))
    }
    var namespaces: [String: String] = [config.namespace: config.file]
    for dependency in reader.found {
      if let other = namespaces[dependency.config.namespace] {
        errors.append(CodegenError(
          "\"\(dependency.config.file)\" and \"\(other)\" both generate into the namespace \"\(dependency.config.namespace)\"; "
            + "a dependency's namespace must be its own.",
          locations: [config.location(of: "dependencies", 0)]))
      }
      namespaces[dependency.config.namespace] = dependency.config.file
    }
    if !errors.isEmpty { throw CodegenErrors(errors) }
    return reader.found
  }

  private static func standardized(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  private struct Reader {
    var found: [DependencyFiles] = []
    var seen: Set<String> = []
    var errors: [CodegenError] = []

    /// Reads `config`'s dependencies depth first; returns whether a schema module is among
    /// them (for the one that depends on them).
    @discardableResult
    mutating func visit(_ config: BatonConfig, chain: [String]) -> Bool {
      var usesSchemaModule = false
      for (index, path) in config.dependencies.enumerated() {
        let place = [config.location(of: "dependencies", index)]
        let key = standardized(path)
        if chain.contains(key) {
          errors.append(CodegenError("The dependency \"\(path)\" depends on this configuration: dependencies must not form a cycle.", locations: place))
          continue
        }
        let dependency: BatonConfig
        do throws(ConfigError) {
          dependency = try BatonConfig.load(path: path)
        } catch {
          errors.append(CodegenError(error.message, locations: [error.location ?? place[0]]))
          continue
        }
        guard dependency.module != nil else {
          errors.append(CodegenError(
            "The dependency \"\(path)\" has no \"module\": generated code imports the module its types are in.", locations: place))
          continue
        }
        let usesSchema = visit(dependency, chain: chain + [key])
        usesSchemaModule = usesSchemaModule || usesSchema || dependency.generatesSchemaTypes
        guard !seen.contains(key) else { continue }
        seen.insert(key)
        let documents = ProjectFiles.documents(of: dependency, errors: &errors)
        found.append(DependencyFiles(config: dependency, documents: documents, usesSchemaModule: usesSchema))
      }
      return usesSchemaModule
    }
  }
}
