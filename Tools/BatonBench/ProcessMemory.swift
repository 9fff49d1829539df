import BenchHeap
import Foundation

/// This process's memory as `baton-bench scale` reports it: resident bytes now and at
/// their peak since the last reset (Linux's `/proc/self`), and malloc's live heap.
enum ProcessMemory {
  /// Resident bytes now (`/proc/self/statm`), or the peak so far where there is no procfs.
  static func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return peakResidentBytes()
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Int(fields[1]) else { return peakResidentBytes() }
    return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
  }

  /// Starts the peak over (`5` into `/proc/self/clear_refs`); `false` where it cannot,
  /// and `peakBytes()` is then the peak since the process started.
  @discardableResult
  static func resetPeak() -> Bool {
    guard let handle = FileHandle(forWritingAtPath: "/proc/self/clear_refs") else { return false }
    defer { try? handle.close() }
    return (try? handle.write(contentsOf: Data("5".utf8))) != nil
  }

  /// The peak resident bytes since `resetPeak()` (`VmHWM`).
  static func peakBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return peakResidentBytes()
    }
    for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
      let digits = line.dropFirst("VmHWM:".count).filter(\.isNumber)
      if let kilobytes = Int(digits) { return kilobytes * 1024 }
    }
    return peakResidentBytes()
  }

  /// Bytes malloc has handed out and not had back; 0 where the C library cannot say.
  static func liveHeapBytes() -> Int { Int(bench_live_heap_bytes()) }

  /// A file's bytes straight into an array, without a `Data` copy raising the peak.
  static func contents(of path: String) throws -> [UInt8] {
    guard let handle = FileHandle(forReadingAtPath: path) else {
      throw BenchError(description: "cannot open \(path)")
    }
    defer { try? handle.close() }
    let size = Int(try handle.seekToEnd())
    try handle.seek(toOffset: 0)
    var bytes = [UInt8](repeating: 0, count: size)
    var offset = 0
    let descriptor = handle.fileDescriptor
    while offset < size {
      let count = bytes.withUnsafeMutableBytes { buffer in
        read(descriptor, buffer.baseAddress.map { $0 + offset }, size - offset)
      }
      guard count > 0 else { throw BenchError(description: "cannot read \(path)") }
      offset += count
    }
    return bytes
  }
}
