import BatonNormalizer
import Foundation

/// Values nested as deep as a test needs, built without recursion.
enum DeepValues {
  /// `depth` arrays and objects in turn around a string: `[{"in": [{"in": ... "bottom"}]}]`.
  static func json(depth: Int) -> JSONValue {
    var value: JSONValue = .string("bottom")
    for level in 0..<depth { value = level % 2 == 0 ? .object([JSONMember("in", value)]) : .array([.number("\(level)"), value]) }
    return value
  }

  /// `depth` lists of records' values, the innermost holding `bottom`.
  static func list(depth: Int, around bottom: RecordValue = .link("Item:1")) -> RecordValue {
    var value = bottom
    for _ in 0..<depth { value = .list([.null, value]) }
    return value
  }

  /// An error path of `count` components, keys and indices in turn.
  static func path(count: Int) -> [PathComponent] {
    (0..<count).map { $0 % 2 == 0 ? .key("k\($0 % 100)") : .index($0) }
  }
}
