/// The identity of a record in a record source.
///
/// An object with key fields is `Typename:key` (`User:MDQ6VXNlcjE=`); an object without
/// them is named by its path from the nearest keyed parent, as Relay does:
/// `client:root:repository(name:"baton"):issues(last:100):nodes:3`. The query root is
/// `client:root`.
public struct RecordID: Sendable, Hashable, Comparable, CustomStringConvertible,
  ExpressibleByStringLiteral
{
  public let rawValue: String

  public init(_ rawValue: String) { self.rawValue = rawValue }
  public init(stringLiteral value: String) { self.rawValue = value }

  /// The record of the query root.
  public static let root = RecordID("client:root")

  static let clientPrefix = "client:"

  /// The id of an object without key fields, reached from `parent` through the field stored
  /// under `storageKey` and, inside lists, the item `indices`.
  static func client(parent: RecordID, storageKey: String, indices: [Int]) -> RecordID {
    var text = parent.rawValue.hasPrefix(clientPrefix) ? parent.rawValue : clientPrefix + parent.rawValue
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
