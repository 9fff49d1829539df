import Foundation
import PackagePlugin

/// Generates a target's Swift types on every build from the baton.json in its folder,
/// with the same generator as `baton generate`. The output is one file in the plugin's
/// work folder (SwiftPM must know a build command's outputs before it runs); the inputs
/// are baton.json and the target's `.graphql`, `.graphqls` and `.json` files, so edits
/// to schema or documents outside the target folder need a clean build to be seen.
@main
struct BatonBuildPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
    guard let module = target as? SwiftSourceModuleTarget else { return [] }
    let config = module.directoryURL.appendingPathComponent("baton.json")
    guard FileManager.default.fileExists(atPath: config.path) else { return [] }
    let inputs = module.sourceFiles
      .map(\.url)
      .filter { ["graphql", "graphqls", "json"].contains($0.pathExtension) }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("\(target.name)+Baton.swift")
    return [
      .buildCommand(
        displayName: "baton generate for \(target.name)",
        executable: try context.tool(named: "baton").url,
        arguments: ["generate", "--config", config.path, "--combined", output.path],
        inputFiles: inputs + [config],
        outputFiles: [output]),
    ]
  }
}
