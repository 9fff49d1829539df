import Foundation

/// Writes generated files into the output folder: only files whose bytes changed (so
/// builds do not recompile untouched files), and removes files it no longer generates,
/// but only files that carry the generated header.
public struct OutputFolder: Sendable {
  public let path: String

  public init(path: String) { self.path = path }

  /// What one write did, for the command's summary.
  public struct Changes: Sendable, Equatable {
    public var written: [String] = []
    public var removed: [String] = []
    public var unchanged = 0
  }

  /// Writes `files`; throws a message naming the path on a file system error.
  public func write(_ files: [GeneratedFile]) throws(CodegenErrors) -> Changes {
    let manager = FileManager.default
    var changes = Changes()
    do {
      try manager.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw CodegenErrors([CodegenError("cannot create the output folder \"\(path)\".")])
    }
    let generated = Set(files.map(\.path))
    for file in files {
      let target = path + "/" + file.path
      let bytes = Data(file.contents.utf8)
      if manager.contents(atPath: target) == bytes {
        changes.unchanged += 1
        continue
      }
      do {
        try bytes.write(to: URL(fileURLWithPath: target), options: .atomic)
      } catch {
        throw CodegenErrors([CodegenError("cannot write \"\(target)\".")])
      }
      changes.written.append(file.path)
    }
    let existing = (try? manager.contentsOfDirectory(atPath: path)) ?? []
    for name in existing.sorted() where name.hasSuffix(".swift") && !generated.contains(name) {
      let target = path + "/" + name
      guard let data = manager.contents(atPath: target),
        String(decoding: data.prefix(Generator.header.utf8.count), as: UTF8.self) == Generator.header
      else { continue }
      do {
        try manager.removeItem(atPath: target)
      } catch {
        throw CodegenErrors([CodegenError("cannot remove \"\(target)\".")])
      }
      changes.removed.append(name)
    }
    return changes
  }
}
