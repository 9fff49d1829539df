import CSQLite
import Foundation

/// One SQLite table of records keyed by id, each record a blob: `baton-bench store-scale`'s
/// peer, as a cache that keeps its records in SQLite (Apollo iOS's does) would hold them.
///
/// The database is in WAL mode with `synchronous=FULL`: a committed transaction is
/// durable when `commit` returns, as a flushed image is.
final class SQLiteTable {
  private var database: OpaquePointer?
  private var select: OpaquePointer?
  private var upsert: OpaquePointer?

  /// Opens (creating if needed) the database at `path` and prepares its two statements.
  init(path: String) throws {
    guard sqlite3_open_v2(path, &database, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil) == SQLITE_OK else {
      // deinit closes the handle SQLite returns even when the open fails.
      let message = database.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      throw BenchError(description: "sqlite cannot open \(path): \(message)")
    }
    try execute("PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL;")
    try execute("CREATE TABLE IF NOT EXISTS records (id TEXT PRIMARY KEY NOT NULL, body BLOB NOT NULL) WITHOUT ROWID")
    select = try prepare("SELECT body FROM records WHERE id = ?1")
    upsert = try prepare("INSERT OR REPLACE INTO records (id, body) VALUES (?1, ?2)")
  }

  deinit {
    sqlite3_finalize(select)
    sqlite3_finalize(upsert)
    sqlite3_close(database)
  }

  /// The blob stored under `id`, or `nil` when there is no such row.
  func read(_ id: String) throws -> [UInt8]? {
    defer { sqlite3_reset(select) }
    sqlite3_bind_text(select, 1, id, -1, transient)
    switch sqlite3_step(select) {
    case SQLITE_ROW:
      let count = Int(sqlite3_column_bytes(select, 0))
      guard count > 0, let bytes = sqlite3_column_blob(select, 0) else { return [] }
      return [UInt8](UnsafeRawBufferPointer(start: bytes, count: count))
    case SQLITE_DONE: return nil
    default: throw error("read \(id)")
    }
  }

  /// Writes every row in one transaction, durable when this returns.
  func write(_ rows: [(id: String, body: [UInt8])]) throws {
    try execute("BEGIN IMMEDIATE")
    do {
      for row in rows {
        defer { sqlite3_reset(upsert) }
        sqlite3_bind_text(upsert, 1, row.id, -1, transient)
        let bound = row.body.withUnsafeBytes { buffer in
          sqlite3_bind_blob(upsert, 2, buffer.baseAddress, Int32(buffer.count), transient)
        }
        guard bound == SQLITE_OK, sqlite3_step(upsert) == SQLITE_DONE else { throw error("write \(row.id)") }
      }
      try execute("COMMIT")
    } catch {
      try? execute("ROLLBACK")
      throw error
    }
  }

  /// Moves the WAL's pages into the database file, so that a later open starts from the
  /// file alone as an app's next launch would.
  func checkpoint() throws {
    try execute("PRAGMA wal_checkpoint(TRUNCATE)")
  }

  private func execute(_ sql: String) throws {
    guard sqlite3_exec(database, sql, nil, nil, nil) == SQLITE_OK else { throw error(sql) }
  }

  private func prepare(_ sql: String) throws -> OpaquePointer? {
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(database, sql, -1, &statement, nil) == SQLITE_OK else { throw error(sql) }
    return statement
  }

  private func error(_ what: String) -> BenchError {
    BenchError(description: "sqlite: \(what): \(database.map { String(cString: sqlite3_errmsg($0)) } ?? "no database")")
  }

  /// SQLITE_TRANSIENT, which the C header defines as a cast Swift does not import: SQLite
  /// copies the bound bytes before the call returns.
  private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
