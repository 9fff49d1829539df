/// The identity of a record in a record source.
///
/// An object with key fields is `Typename:key` (`User:MDQ6VXNlcjE=`); an object without
/// them is named by its path from the nearest keyed parent, as Relay does:
/// `client:root:repository(name:"baton"):issues(last:100):nodes:3`. The query root is
/// `client:root`.
public struct RecordID: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  /// The text and its hash in one shared object: an id is then one word wherever it is
  /// kept (a record table's key and the record, every link, seen sets, read caches), where
  /// text and hash inline took three, and copies made from one id compare by identity.
  private final class Storage: Sendable {
    let rawValue: String
    let hash: Int

    init(_ rawValue: String) {
      self.rawValue = rawValue
      // Ids are hashed on every store lookup, every seen-set insert and every time a table
      // grows; path ids run past a hundred bytes, so the hash is computed once, here.
      var hasher = Hasher()
      hasher.combine(rawValue)
      self.hash = hasher.finalize()
    }
  }

  private let storage: Storage

  public var rawValue: String { storage.rawValue }

  public init(_ rawValue: String) {
    storage = Storage(rawValue)
  }

  public init(stringLiteral value: String) { self.init(value) }

  public static func == (lhs: RecordID, rhs: RecordID) -> Bool {
    lhs.storage === rhs.storage || (lhs.storage.hash == rhs.storage.hash && lhs.storage.rawValue == rhs.storage.rawValue)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(storage.hash)
  }

  /// The record of the query root.
  public static let root = RecordID("client:root")

  static let clientPrefix = "client:"

  /// Zero-value placeholders take ids under this prefix; no record is ever
  /// stored under one, so reads must not look them up.
  static let placeholderPrefix = "client:placeholder:"

  /// The id every placeholder of `typename` shares.
  static func placeholder(typename: String) -> RecordID {
    RecordID(placeholderPrefix + typename)
  }

  /// The typename of the placeholder this id names, or `nil` for any other id.
  var placeholderTypename: Substring? {
    rawValue.hasPrefix(Self.placeholderPrefix) ? rawValue.dropFirst(Self.placeholderPrefix.count) : nil
  }

  /// The id of an object without key fields, reached from `parent` through the field stored
  /// under `storageKey` and, inside lists, the item `indices`.
  static func client(parent: RecordID, storageKey: String, indices: [Int]) -> RecordID {
    var text = ""
    text.reserveCapacity(clientPrefix.utf8.count + parent.rawValue.utf8.count + storageKey.utf8.count + 6 * indices.count + 1)
    if !parent.rawValue.hasPrefix(clientPrefix) { text += clientPrefix }
    text += parent.rawValue
    text += ":"
    text += storageKey
    for index in indices {
      text += ":"
      text += String(index)
    }
    return RecordID(text)
  }

  public var description: String { rawValue }

  public static func < (lhs: RecordID, rhs: RecordID) -> Bool { lhs.rawValue < rhs.rawValue }
}
