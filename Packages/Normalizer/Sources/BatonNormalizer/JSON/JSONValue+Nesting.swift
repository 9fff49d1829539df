extension JSONValue {
  /// Whether arrays and objects nest more than `limit` levels deep in the value (the value
  /// itself counting one), found without recursion.
  ///
  /// - Complexity: O(containers in the value).
  package func nests(deeperThan limit: Int) -> Bool {
    // A leaf is no container: no stack for it.
    guard isContainer else { return false }
    var pending: [(value: JSONValue, depth: Int)] = [(self, 1)]
    while let (value, depth) = pending.popLast() {
      switch value {
      case .array(let items):
        guard depth <= limit else { return true }
        for item in items where item.isContainer { pending.append((item, depth + 1)) }
      case .object(let members):
        guard depth <= limit else { return true }
        for member in members where member.value.isContainer { pending.append((member.value, depth + 1)) }
      default:
        continue
      }
    }
    return false
  }

  /// How many containers may enclose a value's deepest one for the runtime to free it, as
  /// it frees any value, by recursion: deeper than real responses, which it frees faster
  /// than `dismantle(_:)`, and far shallower than what overflows a small stack.
  static let freedByRecursion = 64

  /// Frees `value` without recursing per level: the runtime frees a value by freeing what
  /// it holds first, one stack frame per level, which a response nested thousands of levels
  /// deep overflows a small stack with. Every container's items are moved out before it is
  /// freed, so each one freed holds nothing deeper that it alone keeps.
  ///
  /// - Complexity: O(containers in the value).
  static func dismantle(_ value: consuming JSONValue) {
    // Moved, never copied: a copy left behind would free the whole value as it went.
    var pending: [JSONValue] = []
    pending.append(consume value)
    while let next = pending.popLast() {
      switch consume next {
      case .array(var items):
        while let item = items.popLast() {
          if item.isContainer { pending.append(item) }
        }
      case .object(var members):
        while let member = members.popLast() {
          if member.value.isContainer { pending.append(member.value) }
        }
      default:
        continue
      }
    }
  }

  var isContainer: Bool {
    switch self {
    case .array, .object: true
    default: false
    }
  }
}
