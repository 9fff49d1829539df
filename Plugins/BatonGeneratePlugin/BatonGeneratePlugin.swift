import Foundation
import PackagePlugin

/// `swift package baton-generate [--target Name]...`: runs `baton generate` for every
/// target (or the named ones) whose folder holds a baton.json, writing into the package.
@main
struct BatonGeneratePlugin: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let named = Set(extractor.extractOption(named: "target"))
    let tool = try context.tool(named: "baton")
    var failed: [String] = []
    for case let target as SwiftSourceModuleTarget in context.package.targets
    where named.isEmpty || named.contains(target.name) {
      let config = target.directoryURL.appendingPathComponent("baton.json")
      guard FileManager.default.fileExists(atPath: config.path) else { continue }
      let process = Process()
      process.executableURL = tool.url
      process.arguments = ["generate", "--config", config.path]
      try process.run()
      process.waitUntilExit()
      if process.terminationStatus != 0 { failed.append(target.name) }
    }
    if !failed.isEmpty {
      Diagnostics.error("baton generate failed for \(failed.joined(separator: ", ")).")
    }
  }
}
