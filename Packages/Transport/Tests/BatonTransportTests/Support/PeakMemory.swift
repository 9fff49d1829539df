import Foundation

/// How far this process's peak resident memory rose since `start()`, from Linux's
/// `/proc/self/status` (`VmHWM`). `start()` resets the peak to the current size by writing
/// 5 to `/proc/self/clear_refs`, so an earlier test's peak does not hide this one's.
struct PeakMemory {
  struct Unmeasurable: Error, CustomStringConvertible {
    var description: String
  }

  private let startSize: Int

  /// `nil` where there is no `/proc` (macOS); throws on Linux when the peak cannot be reset or read.
  static func start() throws -> PeakMemory? {
    #if os(Linux)
      do {
        try Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
      } catch {
        throw Unmeasurable(description: "cannot reset the peak in /proc/self/clear_refs: \(error)")
      }
      return PeakMemory(startSize: try status("VmRSS"))
    #else
      return nil
    #endif
  }

  /// Bytes the peak rose above the resident size at `start()`.
  func growth() throws -> Int {
    try Self.status("VmHWM") - startSize
  }

  /// A `Name:   1234 kB` line of `/proc/self/status`, in bytes.
  private static func status(_ name: String) throws -> Int {
    let text = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
    for line in text.split(separator: "\n") where line.hasPrefix(name + ":") {
      let fields = line.split { $0 == " " || $0 == "\t" }
      if fields.count >= 2, let kilobytes = Int(fields[1]) { return kilobytes * 1024 }
    }
    throw Unmeasurable(description: "/proc/self/status has no \(name) line")
  }
}
