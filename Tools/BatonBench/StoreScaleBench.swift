import BatonImage
@_spi(Development) import BatonNormalizer
import BatonStore
import Foundation

/// Stores of 10,000, 100,000 and 1,000,000 records (`ScaledImage`, the GitHub response
/// replicated with fresh ids), Baton's `FileImage` beside one SQLite table of the same
/// records keyed by id (`SQLiteTable`, each record its JSON), each size and side in its own
/// child process after a child of its own made the files.
///
/// Baton: *open* is an environment made over the image (`load()` maps the file and reads
/// its header, directory and operations); *first screen* a handle watching the list of one
/// repository trimmed to about 50 records until it has data, which reads them on demand;
/// *full load* a second `FileImage.load()` and a read of every record, so it still means
/// decoding the whole store; *save* `save(_ change:)`
/// and `flush()` of the change that writes 1% of its records, as a fetch changing them
/// hands it over (an append to the change log). SQLite: *open* `sqlite3_open_v2` and two prepared statements; *first screen* the
/// same records read by id and parsed; *save* one transaction replacing the changed rows.
/// Times are wall-clock (a save waits for the disk). Open + first screen is the median of
/// `openRuns` rounds, each a fresh process per side, the sides taking turns, after one round
/// not counted; the rest is one run per size.
enum StoreScaleBench {
  static let childFlag = "--store-scale-child"
  static let screenRecords = 50

  /// `BATON_STORE_SCALE_SIZES` (comma-separated record counts) or 10K, 100K and 1M.
  static var sizes: [Int] {
    let text = ProcessInfo.processInfo.environment["BATON_STORE_SCALE_SIZES"] ?? ""
    let given = text.split(separator: ",").compactMap { Int($0) }
    return given.isEmpty ? [10_000, 100_000, 1_000_000] : given
  }

  /// Rounds of open + first screen per size (`BATON_STORE_SCALE_OPEN_RUNS`, 5 unless given):
  /// one process's few milliseconds swing with what else the machine runs.
  static var openRuns: Int {
    max(1, Int(ProcessInfo.processInfo.environment["BATON_STORE_SCALE_OPEN_RUNS"] ?? "") ?? 5)
  }

  /// What the preparing child leaves beside the files for the measuring ones.
  struct Plan: Codable {
    var records: Int
    var screen: [String]
    var changed: [String]
    /// The changed records in the image's encoding, and as the table's JSON.
    var changedImageBytes: Int
    var changedJSONBytes: Int
  }

  /// One side's figures; `nil` where the side has no such step.
  struct Measurement: Codable {
    var open: Double
    var firstScreen: Double
    var fullLoad: Double?
    var save: Double
    var bytesWritten: Int
    var peakResident: Int
    var fileSize: Int
  }

  /// One side's open and first screen, in a process of its own.
  struct OpenRun: Codable {
    var open: Double
    var firstScreen: Double
    var total: Double { open + firstScreen }
  }

  /// The medians of a size's rounds of open + first screen.
  struct OpenRounds {
    var baton: OpenRun
    var sqlite: OpenRun
    /// Baton ÷ SQLite, the median of the rounds' own ratios.
    var ratio: Double

    init(_ rounds: [(baton: OpenRun, sqlite: OpenRun)]) {
      func median(_ runs: [OpenRun]) -> OpenRun {
        OpenRun(open: FetchBench.median(runs.map(\.open)), firstScreen: FetchBench.median(runs.map(\.firstScreen)))
      }
      baton = median(rounds.map(\.baton))
      sqlite = median(rounds.map(\.sqlite))
      ratio = FetchBench.median(rounds.map { $0.baton.total / $0.sqlite.total })
    }
  }

  // MARK: Parent

  static func run() throws {
    var rows: [(plan: Plan, baton: Measurement, sqlite: Measurement, opens: OpenRounds)] = []
    for size in sizes {
      let directory = FileManager.default.temporaryDirectory.appendingPathComponent("baton-bench-store-scale-\(UUID().uuidString)")
      defer { try? FileManager.default.removeItem(at: directory) }
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      let plan: Plan = try child("prepare", directory, size)
      let log = StoreScaleFiles(directory: directory).log
      var rounds: [(baton: OpenRun, sqlite: OpenRun)] = []
      // The first round is not counted: it is the first read of files the preparation just
      // wrote (two gigabytes at 1M records), and on this machine it runs slower than the
      // rounds after it, on both sides.
      for round in 0...openRuns {
        // Each round opens the image as prepared: the screen's read appends to the log.
        try? FileManager.default.removeItem(at: log)
        let baton: OpenRun = try child("baton-open", directory, size)
        let sqlite: OpenRun = try child("sqlite-open", directory, size)
        if round > 0 { rounds.append((baton, sqlite)) }
      }
      try? FileManager.default.removeItem(at: log)
      rows.append((plan, try child("baton", directory, size), try child("sqlite", directory, size), OpenRounds(rounds)))
    }
    let screens = Set(rows.map(\.plan.screen.count)).sorted().map(String.init).joined(separator: ", ")
    print(
      "wall-clock, each side in its own process; open and first screen the median of \(openRuns) rounds after one not counted, the rest one run; "
        + "first screen \(screens) records; "
        + "load average \(String(format: "%.1f", loadAverage()))")
    printTable(
      ["records", "side", "open", "first screen", "open + screen", "full load", "save 1%", "bytes written", "÷ changed", "peak RSS", "file"],
      rows.flatMap { row in
        [
          ("Baton", row.baton, row.opens.baton, row.plan.changedImageBytes),
          ("SQLite", row.sqlite, row.opens.sqlite, row.plan.changedJSONBytes),
        ].map { side, result, opened, changed in
          [
            "\(row.plan.records)", side, milliseconds(opened.open), milliseconds(opened.firstScreen),
            milliseconds(opened.total), result.fullLoad.map(milliseconds) ?? "-", milliseconds(result.save),
            formatBytes(result.bytesWritten), formatRatio(Double(result.bytesWritten) / Double(max(changed, 1))),
            formatMB(result.peakResident), formatMB(result.fileSize),
          ]
        }
      })
    print("")
    print("Baton ÷ SQLite (below 1.00x Baton is faster or smaller); changed records as the image encodes them / as JSON")
    printTable(
      ["records", "changed records", "open + screen", "save 1%", "bytes written", "peak RSS", "file"],
      rows.map { row in
        let (baton, sqlite) = (row.baton, row.sqlite)
        return [
          "\(row.plan.records)",
          "\(row.plan.changed.count) (\(formatBytes(row.plan.changedImageBytes)) / \(formatBytes(row.plan.changedJSONBytes)))",
          formatRatio(row.opens.ratio), formatRatio(baton.save / sqlite.save),
          formatRatio(Double(baton.bytesWritten) / Double(max(sqlite.bytesWritten, 1))),
          formatRatio(Double(baton.peakResident) / Double(max(sqlite.peakResident, 1))),
          formatRatio(Double(baton.fileSize) / Double(max(sqlite.fileSize, 1))),
        ]
      })
    if let first = rows.first, let last = rows.last, rows.count > 1 {
      let growth = last.opens.baton.total / first.opens.baton.total
      print("Baton open + first screen at \(last.plan.records) ÷ at \(first.plan.records) records: \(formatRatio(growth)) (target ≤ 2.00x)")
    }
  }

  static func milliseconds(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }

  /// Bytes in KB below a megabyte: 1% of the smallest store is a few KB.
  static func formatBytes(_ bytes: Int) -> String {
    bytes < 1_048_576 ? String(format: "%.1f KB", Double(bytes) / 1024) : formatMB(bytes)
  }

  static func child<Result: Decodable>(_ step: String, _ directory: URL, _ size: Int) throws -> Result {
    try BenchChild.launch([childFlag, step, directory.path, String(size)], what: "store-scale \(step) of \(size) records")
  }

  // MARK: Child

  static func childMain(_ arguments: [String]) -> Int32 {
    guard arguments.count == 3, let size = Int(arguments[2]) else {
      FileHandle.standardError.write(
        Data("baton-bench: usage: \(childFlag) prepare|baton|sqlite|baton-open|sqlite-open DIRECTORY RECORDS\n".utf8))
      return 2
    }
    let files = StoreScaleFiles(directory: URL(fileURLWithPath: arguments[1]))
    do {
      let output: Data
      switch arguments[0] {
      case "prepare": output = try JSONEncoder().encode(try StoreScalePreparation.prepare(records: size, in: files))
      case "baton": output = try JSONEncoder().encode(try measureBaton(files))
      case "sqlite": output = try JSONEncoder().encode(try measureSQLite(files))
      case "baton-open": output = try JSONEncoder().encode(try openBaton(files).run)
      case "sqlite-open": output = try JSONEncoder().encode(try openSQLite(files).run)
      default: throw BenchError(description: "unknown step \(arguments[0])")
      }
      FileHandle.standardOutput.write(output)
      return 0
    } catch {
      FileHandle.standardError.write(Data("baton-bench store-scale \(arguments[0]): \(error)\n".utf8))
      return 1
    }
  }

  /// An environment made over the image and a handle watching the first screen until it
  /// has data; the file, to go on with.
  static func openBaton(_ files: StoreScaleFiles) throws -> (run: OpenRun, file: FileImage) {
    let start = Clock.now()
    let file = try FileImage(at: files.image, debounce: .zero)
    let environment = GraphQLEnvironment(
      transport: CannedTransport(body: []), persistence: file, releaseBufferSize: Int(Int32.max))
    let opened = Clock.now()
    let handle = environment.watch(GitHubIssuesOperation(), policy: .storeOnly)
    while handle.phase.data == nil {
      guard Clock.now() - opened < 60 else { throw BenchError(description: "the first screen has no data after a minute") }
      usleep(100)
    }
    return (OpenRun(open: opened - start, firstScreen: Clock.now() - opened), file)
  }

  static func measureBaton(_ files: StoreScaleFiles) throws -> Measurement {
    let plan = try files.plan()
    ProcessMemory.resetPeak()
    let (opening, file) = try openBaton(files)
    let screened = Clock.now()
    // What the screen's read changed (its operation's records) is written before the load.
    file.flush()
    // Loaded by the FileImage that saves, as the store's own load is: the change's operations
    // are then the ones it last wrote, as a store's next change shares them with its last.
    guard var image = try file.load() else { throw BenchError(description: "no image at \(files.image.path)") }
    let everyRecord = image.records.records
    guard everyRecord.count == image.records.count else {
      throw BenchError(description: "\(image.records.count - everyRecord.count) records of the image cannot be read")
    }
    let loaded = Clock.now()
    for id in plan.changed {
      guard let record = image.records[RecordID(id)].flatMap(StoreScalePreparation.edited) else {
        throw BenchError(description: "the image has no record \(id) to change")
      }
      image.records.merge(record)
    }
    let change = ImageChange(image: image, writtenRecords: Set(plan.changed.map { RecordID($0) }))
    let sizeBefore = try files.imageSize()
    let saving = Clock.now()
    try file.save(change)
    file.flush()
    let saved = Clock.now()
    let size = try files.imageSize()
    return Measurement(
      open: opening.open, firstScreen: opening.firstScreen, fullLoad: loaded - screened, save: saved - saving,
      bytesWritten: size - sizeBefore, peakResident: ProcessMemory.peakBytes(), fileSize: size)
  }

  /// The table opened and the first screen's records read by id and parsed; the table, to
  /// go on with.
  static func openSQLite(_ files: StoreScaleFiles) throws -> (run: OpenRun, table: SQLiteTable) {
    let plan = try files.plan()
    let start = Clock.now()
    let table = try SQLiteTable(path: files.database.path)
    let opened = Clock.now()
    for id in plan.screen {
      guard let body = try table.read(id) else { throw BenchError(description: "the table has no row \(id)") }
      _ = try JSONSerialization.jsonObject(with: Data(body))
    }
    return (OpenRun(open: opened - start, firstScreen: Clock.now() - opened), table)
  }

  static func measureSQLite(_ files: StoreScaleFiles) throws -> Measurement {
    let plan = try files.plan()
    ProcessMemory.resetPeak()
    let (opening, table) = try openSQLite(files)
    let rows = try plan.changed.map { id in
      guard let body = try table.read(id) else { throw BenchError(description: "the table has no row \(id)") }
      return (id: id, body: try StoreScalePreparation.edited(json: body))
    }
    let walBefore = (try? files.size(files.wal)) ?? 0
    let saving = Clock.now()
    try table.write(rows)
    let saved = Clock.now()
    let wal = (try? files.size(files.wal)) ?? 0
    return Measurement(
      open: opening.open, firstScreen: opening.firstScreen, fullLoad: nil, save: saved - saving,
      bytesWritten: wal - walBefore, peakResident: ProcessMemory.peakBytes(), fileSize: try files.size(files.database) + wal)
  }
}

/// Where one size's files are: the image, the SQLite database and its WAL, the plan.
struct StoreScaleFiles {
  var directory: URL
  var image: URL { directory.appendingPathComponent("store.image") }
  var log: URL { image.appendingPathExtension("log") }
  var database: URL { directory.appendingPathComponent("store.sqlite") }
  var wal: URL { directory.appendingPathComponent("store.sqlite-wal") }
  var planFile: URL { directory.appendingPathComponent("plan.json") }

  func plan() throws -> StoreScaleBench.Plan {
    try JSONDecoder().decode(StoreScaleBench.Plan.self, from: Data(contentsOf: planFile))
  }

  func size(_ url: URL) throws -> Int {
    (try FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
  }

  /// The image and its change log.
  func imageSize() throws -> Int {
    try size(image) + (FileManager.default.fileExists(atPath: log.path) ? try size(log) : 0)
  }
}
