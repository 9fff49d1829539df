import BatonImage
import BatonStore
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Saving and loading an image of 100,000 records and 1,000 operations (`ScaledImage`)
/// beside `JSONSerialization` writing and parsing a JSON dump of the same content
/// (`ScaledImageDump`).
///
/// Like with like: *save* is what `flush()` costs (garbage collection, encode, write a
/// temporary file, fsync, rename, fsync the directory), against `JSONSerialization.data`
/// of the dump's Foundation objects followed by the same write, fsync, rename and
/// directory fsync; *encode* against `JSONSerialization.data` alone. *Load* is reading
/// the file and every record in it (checksums included; a load alone reads records on
/// demand), against reading the dump's file and
/// `JSONSerialization.jsonObject`; *decode* against `jsonObject` on bytes in memory.
enum ImageScaleBench {
  static let runs = 5

  static let childCases: [String: BenchChild.Case] = [
    "scale-image.encode": { _ in
      let image = try ScaledImage.make()
      return Clock.median(runs: runs, warmup: 1) { _ = FileImage.encode(image) }
    },
    "scale-image.save": { _ in
      let image = try ScaledImage.make()
      let directory = try ImageBench.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let file = try FileImage(at: directory.appendingPathComponent("bench.image"), debounce: .zero)
      return try Clock.median(runs: runs, warmup: 1) {
        try file.save(image)
        file.flush()
      }
    },
    "scale-image.decode": { _ in
      let bytes = FileImage.encode(try ScaledImage.make())
      return try Clock.median(runs: runs, warmup: 1) { _ = try FileImage.decode(bytes) }
    },
    "scale-image.load": { _ in
      let directory = try ImageBench.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let url = directory.appendingPathComponent("bench.image")
      let file = try FileImage(at: url, debounce: .zero)
      let image = try ScaledImage.make()
      try file.save(image)
      file.flush()
      guard try FileImage(at: url).load() == image.collectingGarbage() else {
        throw BenchError(description: "the loaded image differs from the saved one")
      }
      // Each run's image is freed within the run, as the JSON rows free theirs.
      return try Clock.median(runs: runs, warmup: 1) { _ = try FileImage(at: url).load()?.records.records }
    },
    "scale-image.json-data": { _ in
      let object = ScaledImageDump.object(try ScaledImage.make())
      return try Clock.median(runs: runs, warmup: 1) { _ = try JSONSerialization.data(withJSONObject: object) }
    },
    "scale-image.json-save": { _ in
      let object = ScaledImageDump.object(try ScaledImage.make())
      let directory = try ImageBench.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let url = directory.appendingPathComponent("bench.json")
      return try Clock.median(runs: runs, warmup: 1) {
        try DurableFile.replace(url, with: try JSONSerialization.data(withJSONObject: object))
      }
    },
    "scale-image.json-parse": { _ in
      let data = try ScaledImageDump.data(try ScaledImage.make())
      return try Clock.median(runs: runs, warmup: 1) { _ = try JSONSerialization.jsonObject(with: data) }
    },
    "scale-image.json-load": { _ in
      let directory = try ImageBench.scratchDirectory()
      defer { try? FileManager.default.removeItem(at: directory) }
      let url = directory.appendingPathComponent("bench.json")
      try DurableFile.replace(url, with: try ScaledImageDump.data(try ScaledImage.make()))
      return try Clock.median(runs: runs, warmup: 1) { _ = try JSONSerialization.jsonObject(with: try Data(contentsOf: url)) }
    },
  ]

  static func run() throws {
    let cases: [(label: String, name: String)] = [
      ("image encode (records to bytes)", "scale-image.encode"),
      ("JSONSerialization.data (objects to bytes)", "scale-image.json-data"),
      ("image save (flush: encode, write, fsync, rename)", "scale-image.save"),
      ("JSON save (data, write, fsync, rename)", "scale-image.json-save"),
      ("image decode (bytes to records)", "scale-image.decode"),
      ("JSONSerialization.jsonObject (bytes to objects)", "scale-image.json-parse"),
      ("image load (read file, check, decode)", "scale-image.load"),
      ("JSON load (read file, jsonObject)", "scale-image.json-load"),
    ]
    let results = try cases.map { try BenchChild.run($0.name) }
    // Made after the children: on Linux a child's peak memory starts at its parent's.
    let image = try ScaledImage.make()
    let imageSize = FileImage.encode(image).count
    let dumpSize = try ScaledImageDump.data(image).count
    let seen = image.operations.reduce(0) { $0 + $1.seenRecords.count }
    print(
      "input: \(image.records.count) records, \(image.operations.count) operations seeing \(seen) records; "
        + "image \(imageSize) bytes, JSON dump \(dumpSize) bytes (\(formatRatio(Double(imageSize) / Double(dumpSize)))); "
        + "median of \(runs) runs, each case in its own process; load average \(String(format: "%.1f", loadAverage()))")
    printTable(
      ["case", "time", "JSON / image", "peak memory"],
      cases.indices.map { index in
        let result = results[index]
        // Rows come in pairs, image first: the ratio is how many times faster the image is.
        let ratio = index % 2 == 0 ? formatRatio(results[index + 1].seconds / result.seconds) : ""
        return [cases[index].label, String(format: "%.1f ms", result.seconds * 1000), ratio, formatMB(result.peakBytes)]
      })
    let speedups = stride(from: 0, to: results.count, by: 2).map { results[$0 + 1].seconds / results[$0].seconds }
    var short: [String] = []
    if speedups[1] < 3 { short.append("save is \(formatRatio(speedups[1])) faster than JSON, not 3x") }
    if speedups[2] < 5 { short.append("decode is \(formatRatio(speedups[2])) faster than jsonObject, not 5x") }
    if imageSize > dumpSize { short.append("the image is larger than the JSON dump") }
    guard short.isEmpty else { throw BenchError(description: short.joined(separator: "; ")) }
  }
}

/// The JSON side's write, done as `AtomicFile` does the image's: a temporary file, fsync,
/// rename, fsync of the directory.
enum DurableFile {
  static func replace(_ url: URL, with data: Data) throws {
    let temporary = url.appendingPathExtension("tmp")
    let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw BenchError(description: "cannot create \(temporary.path)") }
    let written = data.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let count = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
        guard count > 0 else { return false }
        offset += count
      }
      return true
    }
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written, synced, rename(temporary.path, url.path) == 0 else {
      throw BenchError(description: "cannot write \(url.path)")
    }
    let directory = open(url.deletingLastPathComponent().path, O_RDONLY | O_CLOEXEC)
    guard directory >= 0 else { throw BenchError(description: "cannot open \(url.deletingLastPathComponent().path)") }
    defer { close(directory) }
    guard fsync(directory) == 0 else { throw BenchError(description: "cannot fsync the directory of \(url.path)") }
  }
}
