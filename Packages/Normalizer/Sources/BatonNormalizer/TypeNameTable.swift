/// Values by type name, as normalizing and reading ask them of nearly every object (does a
/// type condition match, what are a type's key fields, which id names a type). The first
/// few names are compared in turn, since a short name compares as its inline bytes where a
/// dictionary would hash it at every lookup; any more are hashed.
struct TypeNameTable<Value: Sendable>: Sendable {
  private var few: [(name: String, value: Value)] = []
  private var many: [String: Value] = [:]

  /// The most names compared in turn.
  static var linearLimit: Int { 8 }

  init() {}

  init(_ values: some Sequence<(String, Value)>) {
    for (name, value) in values where self[name] == nil { insert(value, for: name) }
  }

  /// The value of `name`, or `nil` when the table has none.
  subscript(name: String) -> Value? {
    // By index, lengths first: a walk by element copied each entry's value (a retain for
    // an array or an id), and most names differ in length, which a string keeps at hand.
    let length = name.utf8.count
    for index in few.indices where few[index].name.utf8.count == length && few[index].name == name {
      return few[index].value
    }
    return many.isEmpty ? nil : many[name]
  }

  /// Adds `value` for `name`, which the table does not hold yet.
  mutating func insert(_ value: Value, for name: String) {
    if few.count < Self.linearLimit { few.append((name, value)) } else { many[name] = value }
  }
}
