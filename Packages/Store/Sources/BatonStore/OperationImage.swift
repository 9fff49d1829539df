@_spi(Development) import BatonNormalizer
import Foundation

/// One operation as the store tracks it: which operation with which variables, when its
/// last fetch succeeded, whether something marked it stale, and what its last read saw.
public struct OperationImage: Sendable, Hashable {
  /// The operation's stable id (the SHA-256 of its text) and its variables; together they
  /// name the request.
  public var operationID: String {
    didSet {
      // The variables the old key held outlive it.
      if storedVariables == nil { storedVariables = Self.variables(inKey: rememberedKey, of: oldValue) }
      rememberedKey = nil
    }
  }
  /// The operation's name, for logs.
  public var name: String
  /// The variables as they were sent: an object.
  public var variables: [String: JSONValue] {
    get { storedVariables ?? Self.variables(inKey: rememberedKey, of: operationID) }
    set {
      storedVariables = newValue
      rememberedKey = nil
    }
  }
  /// `nil` while the variables are read from the remembered key when asked for
  /// (`rememberKey(_:holdingVariables:)`).
  private var storedVariables: [String: JSONValue]?
  /// `key` once `rememberKey` made or took it; no part of the value.
  private var rememberedKey: String?
  /// When the last successful fetch was committed; `nil` if it never fetched (its data
  /// came from other operations or local writes).
  public var fetchedAt: Date?
  /// Marked stale by `invalidate(record:)`, `invalidateAll()` or a heal, until the next
  /// successful fetch. Staleness from age is not stored: it follows from `fetchedAt`.
  public var isMarkedStale: Bool
  /// The records the last read saw, so `invalidate(record:)` reaches operations that no
  /// handle holds right now.
  public var seenRecords: Set<RecordID> {
    get { seen.records }
    set { seen = OperationSeenRecords(newValue) }
  }
  private var seen: OperationSeenRecords
  /// The last response's errors that belong to the operation rather than to a field.
  public var operationErrors: [FieldError]

  /// An operation as an image holds it, for a `Persistence` that reads images of its own.
  public init(
    operationID: String, name: String, variables: [String: JSONValue] = [:], fetchedAt: Date? = nil,
    isMarkedStale: Bool = false, seenRecords: Set<RecordID> = [], operationErrors: [FieldError] = []
  ) {
    self.operationID = operationID
    self.name = name
    self.storedVariables = variables
    self.fetchedAt = fetchedAt
    self.isMarkedStale = isMarkedStale
    self.seen = OperationSeenRecords(seenRecords)
    self.operationErrors = operationErrors
  }

  /// An operation whose seen records are read the first time something asks for them
  /// (`read` is called at most once, from any thread): what a persistence that loads a large
  /// store lazily returns, since the operations' seen records together name every record.
  public init(
    operationID: String, name: String, variables: [String: JSONValue] = [:], fetchedAt: Date? = nil,
    isMarkedStale: Bool = false, seenRecordsOnDemand read: @escaping @Sendable () -> Set<RecordID>,
    operationErrors: [FieldError] = []
  ) {
    self.init(
      operationID: operationID, name: name, variables: variables, fetchedAt: fetchedAt, isMarkedStale: isMarkedStale,
      operationErrors: operationErrors)
    seen = OperationSeenRecords(onDemand: read)
  }

  /// The request's identity: the operation id and its variables as canonical JSON.
  public var key: String {
    if let rememberedKey { return rememberedKey }
    // The object written member by member: the same text as the object's, without building it.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(operationID.utf8.count + 16 * variables.count + 4)
    bytes.append(contentsOf: operationID.utf8)
    bytes.append(contentsOf: ":{".utf8)
    func write(_ variable: (key: String, value: JSONValue)) {
      JSONWriter.write(.string(variable.key), into: &bytes)
      bytes.append(UInt8(ascii: ":"))
      JSONWriter.write(variable.value, sortedKeys: true, into: &bytes)
    }
    // One variable is in order already, without sorting a copy.
    if variables.count == 1, let only = variables.first {
      write(only)
    } else {
      for (index, variable) in variables.sorted(by: { $0.key < $1.key }).enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        write(variable)
      }
    }
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Makes `key` and keeps it, so that it is made once: a decoder that checks an image
  /// holds each request once spares the store making every key again at launch.
  package mutating func rememberKey() -> String {
    rememberKey(key, holdingVariables: false)
  }

  /// Keeps `key` as `key`; `holdingVariables` takes the variables from it when they are
  /// asked for, rather than from what they were set to. An image of version 6 holds the
  /// variables as the key writes them, and an open that reads only that text is spared a
  /// dictionary per operation; the caller has checked that the text reads back, an object
  /// within `variablesDepthLimit`.
  package mutating func rememberKey(_ key: String, holdingVariables: Bool) -> String {
    rememberedKey = key
    if holdingVariables { storedVariables = nil }
    return key
  }

  /// Whether the variables are the remembered key's text, which the image that held it
  /// checked against `variablesDepthLimit`: nothing in them nests too deep to write again.
  package var variablesAreInKey: Bool { storedVariables == nil }

  /// How deep a key's variables text may nest: the object around the values, and the
  /// deepest value JSON holds (`JSONReader.defaultDepthLimit`) in each.
  package static let variablesDepthLimit = JSONReader.defaultDepthLimit + 1

  /// The variables `key`, the key of `operationID`, ends with; none if it holds none.
  private static func variables(inKey key: String?, of operationID: String) -> [String: JSONValue] {
    guard let key else { return [:] }
    let text = Array(key.utf8.dropFirst(operationID.utf8.count + 1))
    guard case .object(let members)? = try? JSONReader.parse(text, depthLimit: variablesDepthLimit) else {
      return [:]
    }
    return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
  }
}

extension OperationImage {
  /// Equal when every public property is; variables both held in their keys compare as
  /// text, without reading them (the same text reads as the same variables).
  public static func == (lhs: OperationImage, rhs: OperationImage) -> Bool {
    guard lhs.operationID == rhs.operationID, lhs.name == rhs.name else { return false }
    let sameVariables =
      lhs.variablesAreInKey && rhs.variablesAreInKey && lhs.rememberedKey == rhs.rememberedKey
      || lhs.variables == rhs.variables
    return sameVariables && lhs.fetchedAt == rhs.fetchedAt && lhs.isMarkedStale == rhs.isMarkedStale
      && lhs.seen == rhs.seen && lhs.operationErrors == rhs.operationErrors
  }

  /// Hashes what `==` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(operationID)
    hasher.combine(name)
    hasher.combine(variables)
    hasher.combine(fetchedAt)
    hasher.combine(isMarkedStale)
    hasher.combine(seen)
    hasher.combine(operationErrors)
  }
}
