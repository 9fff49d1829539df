import Foundation

/// graphql-js as a peer, through node and the script in Tools/bench-peers.
enum GraphQLJS {
  struct Result: Decodable {
    var version: String
    var cpuSeconds: Double
    var wallSeconds: Double
    var peakBytes: Int

    /// graphql-js's better figure: its CPU time counts the garbage collector's helper
    /// threads, its wall-clock time counts other work on a busy machine.
    var seconds: Double { min(cpuSeconds, wallSeconds) }
  }

  static let install = "install node and graphql-js 16: `apt-get install node-graphql` (or `npm install graphql@16` and set GRAPHQL_JS to its directory)"

  static var script: URL {
    Fixtures.packageRoot.appendingPathComponent("Tools/bench-peers/graphql-js-parse.js")
  }

  static func parse(_ file: URL) -> Swift.Result<Result, BenchError> {
    switch node([script.path, file.path]) {
    case .failure(let error):
      return .failure(error)
    case .success(let output):
      guard let result = try? JSONDecoder().decode(Result.self, from: output) else {
        return .failure(BenchError(description: "graphql-js gave no result for \(file.lastPathComponent)"))
      }
      return .success(result)
    }
  }

  static func version() -> String? {
    let code = "const p=[process.env.GRAPHQL_JS,'graphql','/usr/share/nodejs/graphql'];for(const c of p){if(!c)continue;try{process.stdout.write(require(c).version);break}catch(e){}}"
    guard case .success(let output) = node(["-e", code]), !output.isEmpty else { return nil }
    return String(decoding: output, as: UTF8.self)
  }

  static func nodeVersion() -> String? {
    guard case .success(let output) = node(["--version"]) else { return nil }
    return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
  }

  /// Runs node with the arguments; exit status 127 from env means node is missing and
  /// 3 from the script that graphql-js is.
  static func node(_ arguments: [String]) -> Swift.Result<Data, BenchError> {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["node"] + arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      return .failure(BenchError(description: "cannot start node: \(error); \(install)"))
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    switch process.terminationStatus {
    case 0: return .success(data)
    case 127: return .failure(BenchError(description: "node not found; \(install)"))
    case 3: return .failure(BenchError(description: "graphql-js not found; \(install)"))
    case let status: return .failure(BenchError(description: "graphql-js exited with \(status)"))
    }
  }
}
