import Foundation

extension FileHandle {
  /// What a child process wrote up to its first newline, or to its end; blocks until then.
  /// Bytes after the newline that arrived with it are included, and the rest is left unread.
  public func readFirstLine() -> String {
    var line: [UInt8] = []
    while !line.contains(UInt8(ascii: "\n")) {
      let chunk = availableData
      if chunk.isEmpty { break }
      line.append(contentsOf: chunk)
    }
    return String(decoding: line, as: UTF8.self)
  }
}
