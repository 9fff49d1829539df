/// One step of a path into a response or a record: an object key or a list index.
public enum PathComponent: Sendable, Hashable, CustomStringConvertible {
  case key(String)
  case index(Int)

  public var description: String {
    switch self {
    case .key(let key): key
    case .index(let index): String(index)
    }
  }
}

extension [PathComponent] {
  /// A response's path (an error's `path`, an increment's): its strings as keys and its
  /// non-negative integers as indices; `nil` when it holds anything else.
  init?(responsePath components: [JSONValue]) {
    self = []
    reserveCapacity(components.count)
    for component in components {
      switch component {
      case .string(let key): append(.key(key))
      case .number:
        guard let index = component.intValue, index >= 0 else { return nil }
        append(.index(index))
      default: return nil
      }
    }
  }

  /// The path as people write it: `data.repository.issues.nodes[3].title`.
  public var pathDescription: String {
    var text = ""
    for component in self {
      switch component {
      case .key(let key):
        if !text.isEmpty { text += "." }
        text += key
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text.isEmpty ? "the top level" : text
  }

  /// Like `pathDescription`, eliding the middle of very deep paths so a message stays a line.
  var abbreviatedPathDescription: String {
    guard count > 24 else { return pathDescription }
    let head = Array(prefix(10)).pathDescription
    let tail = Array(suffix(10)).pathDescription
    return "\(head) … (\(count - 20) more) … \(tail)"
  }
}
