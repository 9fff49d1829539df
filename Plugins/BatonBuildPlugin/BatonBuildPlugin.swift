import Foundation
import PackagePlugin

/// Generates a target's Swift types on every build from the baton.json in its folder,
/// with the same generator as `baton generate`. The output is one file in the plugin's
/// work folder (SwiftPM must know a build command's outputs before it runs). The inputs
/// are baton.json, the target's `.graphql`, `.graphqls` and `.json` files, and for each
/// baton.json its `dependencies` name (followed to theirs) that file and the ones beside
/// it: a dependency's schema or fragment is part of what this target generates. Edits to
/// other schema or document files outside those folders need a clean build to be seen.
@main
struct BatonBuildPlugin: BuildToolPlugin {
  static let inputExtensions: Set<String> = ["graphql", "graphqls", "json"]

  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SwiftSourceModuleTarget else { return [] }
    let config = module.directoryURL.appendingPathComponent("baton.json")
    guard FileManager.default.fileExists(atPath: config.path) else { return [] }
    let inputs = module.sourceFiles
      .map(\.url)
      .filter { Self.inputExtensions.contains($0.pathExtension) }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+Baton.swift")
    return [
      .buildCommand(
        displayName: "baton generate for \(target.name)",
        executable: try context.tool(named: "baton").url,
        arguments: ["generate", "--config", config.path, "--combined", output.path],
        inputFiles: inputs + [config] + Self.dependencyInputs(of: config),
        outputFiles: [output]),
    ]
  }

  /// The files of every configuration `config` depends on: the inputs in each one's
  /// folder and below, its baton.json among them. A file that cannot be read adds nothing here:
  /// `baton generate` reports it.
  static func dependencyInputs(of config: URL) -> [URL] {
    var seen: Set<String> = [config.standardizedFileURL.path]
    var pending = [config]
    var inputs: [URL] = []
    while let next = pending.popLast() {
      for dependency in dependencies(of: next) where !seen.contains(dependency.path) {
        seen.insert(dependency.path)
        pending.append(dependency)
        inputs += files(under: dependency.deletingLastPathComponent())
      }
    }
    return inputs
  }

  /// baton.json's `dependencies`, resolved against its folder.
  private static func dependencies(of config: URL) -> [URL] {
    guard let data = FileManager.default.contents(atPath: config.path),
      let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let paths = object["dependencies"] as? [String]
    else { return [] }
    let folder = config.deletingLastPathComponent()
    return paths.map { path in
      (path.hasPrefix("/") ? URL(fileURLWithPath: path) : folder.appendingPathComponent(path)).standardizedFileURL
    }
  }

  private static func files(under folder: URL) -> [URL] {
    guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
    return enumerator.compactMap { $0 as? URL }.filter { inputExtensions.contains($0.pathExtension) }
  }
}
